// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.testkit;

import io.variant.core.Variant;
import io.variant.shredding.ShreddedSink;
import io.variant.shredding.ShreddedSource;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * An in-memory shredded row: a {@link ShreddedSink} that records what the splitter writes into a
 * tree of slots, each of which is a {@link ShreddedSource} the rebuilder can read back. It checks
 * the sink protocol as it goes (order of calls, one typed part per slot, each field and element
 * ended before its container ends), so protocol violations fail tests.
 */
public final class ShreddedTree implements ShreddedSink {
  /** One recorded slot. */
  public static final class Slot implements ShreddedSource {
    public Variant residual;
    public Object
        typed; // Boolean, Long, Float, Double, BigDecimal, byte[], Fields (object), Elements
    // (array)
    public boolean missing;

    @Override
    public Variant residual() {
      return residual;
    }

    @Override
    public boolean hasTyped() {
      return typed != null;
    }

    @Override
    public boolean typedBoolean() {
      return (Boolean) typed;
    }

    @Override
    public long typedLong() {
      return (Long) typed;
    }

    @Override
    public float typedFloat() {
      return (Float) typed;
    }

    @Override
    public double typedDouble() {
      return (Double) typed;
    }

    @Override
    public BigDecimal typedDecimal() {
      return (BigDecimal) typed;
    }

    @Override
    public ByteBuffer typedBytes() {
      return ByteBuffer.wrap((byte[]) typed).asReadOnlyBuffer();
    }

    @Override
    public ShreddedSource field(int index) {
      List<Slot> s = ((Fields) typed).slots;
      return index < s.size() ? s.get(index) : null;
    }

    @Override
    public int elementCount() {
      return ((Elements) typed).slots.size();
    }

    @Override
    public ShreddedSource element(int i) {
      return ((Elements) typed).slots.get(i);
    }

    @Override
    public String toString() {
      String t = typed instanceof byte[] ? Arrays.toString((byte[]) typed) : String.valueOf(typed);
      return "{value="
          + (residual == null ? "N" : residual)
          + ", typed="
          + (typed == null ? "N" : t)
          + "}";
    }
  }

  /** The typed part of an object slot: one slot per plan field, in plan order. */
  public static final class Fields {
    public final List<Slot> slots = new ArrayList<>();

    void put(int index, Slot s) {
      while (slots.size() <= index) {
        slots.add(null);
      }
      slots.set(index, s);
    }

    @Override
    public String toString() {
      return slots.toString();
    }
  }

  /** The typed part of an array slot. */
  public static final class Elements {
    public final List<Slot> slots = new ArrayList<>();

    @Override
    public String toString() {
      return slots.toString();
    }
  }

  /**
   * A hand-built slot for rebuild tests: {@code residual} and {@code typed} may each be null (both
   * null is a missing slot); {@code typed} is a Boolean, Long, Float, Double, BigDecimal, byte[],
   * {@link #fields} or {@link #elements}.
   */
  public static Slot slot(Variant residual, Object typed) {
    Slot s = new Slot();
    s.residual = residual;
    s.typed = typed;
    s.missing = residual == null && typed == null;
    return s;
  }

  /** A slot with only a typed part. */
  public static Slot typed(Object typed) {
    return slot(null, typed);
  }

  /** A slot with neither part: a missing object field, or an invalid N/N element. */
  public static Slot missing() {
    return slot(null, null);
  }

  /**
   * The typed part of an object slot: one slot per plan field, in plan order ({@code null}: null
   * group).
   */
  public static Fields fields(Slot... slots) {
    Fields f = new Fields();
    f.slots.addAll(Arrays.asList(slots));
    return f;
  }

  /** The typed part of an array slot. */
  public static Elements elements(Slot... slots) {
    Elements e = new Elements();
    e.slots.addAll(Arrays.asList(slots));
    return e;
  }

  private final Slot root = new Slot();
  private final Deque<Slot> slots = new ArrayDeque<>();
  private final Deque<Object> containers = new ArrayDeque<>();

  public ShreddedTree() {
    slots.push(root);
  }

  public Slot root() {
    return root;
  }

  /**
   * How many slots of each kind the row holds (one row; add them up over a property's trials).
   *
   * @param typedScalars scalar slots whose value went into {@code typed_value}
   * @param typedObjects object slots with a typed part; {@code partialObjects} of them also have a
   *     residual
   * @param typedArrays array slots with a typed list
   * @param residuals slots that hold only a residual
   * @param missing object fields that are absent (both parts null)
   */
  public record SlotCounts(
      int typedScalars,
      int typedObjects,
      int partialObjects,
      int typedArrays,
      int residuals,
      int missing) {
    /** Slots that hold a value: every one except the missing ones. */
    public int present() {
      return typedScalars + typedObjects + typedArrays + residuals;
    }

    public SlotCounts plus(SlotCounts o) {
      return new SlotCounts(
          typedScalars + o.typedScalars,
          typedObjects + o.typedObjects,
          partialObjects + o.partialObjects,
          typedArrays + o.typedArrays,
          residuals + o.residuals,
          missing + o.missing);
    }
  }

  /** Counts this row's slots. */
  public SlotCounts counts() {
    int[] c = new int[6];
    count(root, c);
    return new SlotCounts(c[0], c[1], c[2], c[3], c[4], c[5]);
  }

  private static void count(Slot s, int[] c) {
    if (s.typed instanceof Fields f) {
      c[1]++;
      c[2] += s.residual != null ? 1 : 0;
      f.slots.forEach(child -> count(child, c));
    } else if (s.typed instanceof Elements e) {
      c[3]++;
      e.slots.forEach(child -> count(child, c));
    } else if (s.typed != null) {
      c[0]++;
    } else if (s.residual != null) {
      c[4]++;
    } else {
      c[5]++;
    }
  }

  /** Every residual of the row, parents before children. */
  public List<Variant> residuals() {
    List<Variant> out = new ArrayList<>();
    collect(root, out);
    return out;
  }

  private static void collect(Slot s, List<Variant> out) {
    if (s.residual != null) {
      out.add(s.residual);
    }
    List<Slot> children =
        s.typed instanceof Fields f ? f.slots : s.typed instanceof Elements e ? e.slots : List.of();
    children.forEach(child -> collect(child, out));
  }

  private Slot current() {
    if (slots.isEmpty()) {
      throw new AssertionError("sink call outside a slot");
    }
    return slots.peek();
  }

  private void setTyped(Object value) {
    Slot s = current();
    if (s.typed != null) {
      throw new AssertionError("second typed part in one slot");
    }
    s.typed = value;
  }

  @Override
  public void residual(Variant v) {
    Slot s = current();
    if (s.residual != null || s.typed != null) {
      throw new AssertionError("residual must come first and once per slot");
    }
    s.residual = Variant.of(v.metadata().toBytes(), v.valueBytes());
  }

  @Override
  public void typedBoolean(boolean value) {
    setTyped(value);
  }

  @Override
  public void typedLong(long value) {
    setTyped(value);
  }

  @Override
  public void typedFloat(float value) {
    setTyped(value);
  }

  @Override
  public void typedDouble(double value) {
    setTyped(value);
  }

  @Override
  public void typedDecimal(BigDecimal value) {
    setTyped(value);
  }

  @Override
  public void typedBytes(byte[] buffer, int offset, int length) {
    // The splitter reuses the buffer (valid during the call only): a tree keeps a copy.
    setTyped(Arrays.copyOfRange(buffer, offset, offset + length));
  }

  @Override
  public void startObject() {
    Fields f = new Fields();
    setTyped(f);
    containers.push(f);
  }

  @Override
  public void startField(int index, String name) {
    Fields f = (Fields) containers.peek();
    Slot s = new Slot();
    f.put(index, s);
    slots.push(s);
  }

  @Override
  public void endField() {
    slots.pop();
  }

  @Override
  public void missingField(int index, String name) {
    Fields f = (Fields) containers.peek();
    Slot s = new Slot();
    s.missing = true;
    f.put(index, s);
  }

  @Override
  public void endObject() {
    Fields f = (Fields) containers.pop();
    if (current().typed != f) {
      throw new AssertionError("endObject before the last field's endField");
    }
    if (f.slots.contains(null)) {
      throw new AssertionError("a plan field got neither startField nor missingField: " + f);
    }
  }

  @Override
  public void startArray(int size) {
    Elements e = new Elements();
    setTyped(e);
    containers.push(e);
  }

  @Override
  public void startElement() {
    Slot s = new Slot();
    ((Elements) containers.peek()).slots.add(s);
    slots.push(s);
  }

  @Override
  public void endElement() {
    slots.pop();
  }

  @Override
  public void endArray() {
    Elements e = (Elements) containers.pop();
    if (current().typed != e) {
      throw new AssertionError("endArray before the last element's endElement");
    }
  }
}
