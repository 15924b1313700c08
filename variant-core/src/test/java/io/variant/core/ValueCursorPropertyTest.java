// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ValueCursor} reads what the {@link Variant} views of the same children read: on generated
 * values the same type, size, payloads and bytes; on corrupted encodings either the same or a
 * {@link VariantFormatException} (never another exception).
 */
class ValueCursorPropertyTest {
  private static final Gen.Config SMALL = Gen.Config.defaults().withBudgetBytes(4_000);

  @Test
  void cursorReadsEveryChildAsItsView() {
    Trials.run(
        "cursorReadsEveryChildAsItsView",
        rnd -> {
          Variant v = base(rnd);
          assertEquals(v.valueSize(), compareTree(v, new ValueCursor(), true));
        });
  }

  @Test
  void corruptedChildrenFailOnlyWithFormatExceptions() {
    Trials.run(
        "corruptedChildrenFailOnlyWithFormatExceptions",
        rnd -> {
          Variant original = base(rnd);
          byte[] m = original.metadataBytes();
          byte[] value = original.valueBytes();
          for (int i = 0; i < 20; i++) {
            Variant v;
            try {
              v = Variant.of(m, Mutations.mutate(rnd, value));
            } catch (VariantFormatException expected) {
              continue;
            }
            try {
              compareTree(v, new ValueCursor(), false);
            } catch (VariantFormatException | VariantLimitException expected) {
              // the cursor failed where the view did (compareTree checks that it is the view's)
            }
          }
        });
  }

  @Test
  void readsMatchTheTypedAccessors() {
    Variant v =
        VariantJson.parse(
            "[1, -300, 70000, -5000000000, 1.25, -123456789.012, 2.5e300, \"s\", true, null,"
                + " \"a string long enough to need the long form: 64 bytes and more, really\","
                + " {\"a\": [1, 2]}, []]");
    ValueCursor c = new ValueCursor();
    assertEquals(13, c.open(v));
    long[] ints = {1, -300, 70000, -5000000000L};
    for (int i = 0; i < ints.length; i++) {
      c.select(i);
      assertEquals(ints[i], c.fixedPayload());
    }
    c.select(4);
    assertEquals(new BigDecimal("1.25"), BigDecimal.valueOf(c.unscaled(), c.scale()));
    c.select(5);
    assertEquals(new BigDecimal("-123456789.012"), BigDecimal.valueOf(c.unscaled(), c.scale()));
    c.select(6);
    assertEquals(2.5e300, Double.longBitsToDouble(c.fixedPayload()));
    c.select(7);
    assertThrows(VariantTypeException.class, c::fixedPayload);
    assertThrows(VariantTypeException.class, c::scale);
    assertEquals(VariantType.STRING, c.type());
    assertTrue(c.isShortString());
    c.select(11);
    assertEquals(BasicType.OBJECT, c.basicType());
    assertEquals(v.element(11).valueSize(), c.valueSize());
    assertEquals(v.element(11), c.view());
    assertThrows(IndexOutOfBoundsException.class, () -> c.select(13));
    assertThrows(VariantTypeException.class, () -> c.fieldId(0));
    assertThrows(VariantTypeException.class, () -> c.open(v.element(0)));
  }

  private static Variant base(Random rnd) {
    Variant v = Gen.variant(rnd, SMALL);
    return rnd.nextBoolean() ? Gen.nonCanonical(rnd, v) : v;
  }

  /**
   * Compares every child of {@code v}, recursively, read through a cursor and through views;
   * returns {@code v}'s size. On a corrupted value, a cursor read that throws must be one whose
   * view read throws the same exception class ({@code valid} false allows that).
   */
  private static int compareTree(Variant v, ValueCursor c, boolean valid) {
    if (!v.isObject() && !v.isArray()) {
      c.at(v);
      compareScalar(v, c);
      return v.valueSize();
    }
    int n = c.open(v);
    assertEquals(v.isObject() ? v.fieldCount() : v.size(), n);
    for (int i = 0; i < n; i++) {
      Variant child;
      try {
        child = v.isObject() ? v.fieldValue(i) : v.element(i);
      } catch (VariantFormatException e) {
        int at = i;
        assertThrows(VariantFormatException.class, () -> c.select(at));
        continue;
      }
      c.select(i);
      if (v.isObject()) {
        assertEquals(sameOrThrows(v::fieldId, i), sameOrThrows(c::fieldId, i));
      }
      compareScalar(child, c);
      Variant view = c.view();
      assertEquals(child.offsetInBuffer(), view.offsetInBuffer(), "view of child " + i);
      assertEquals(child.bytesGiven(), view.bytesGiven(), "view of child " + i);
      if (child.isObject() || child.isArray()) {
        c.select(i); // a fresh selection, without a view: opened in place
        compareInPlace(child, c);
        ValueCursor inner = new ValueCursor();
        try {
          compareTree(child, inner, valid);
        } catch (VariantFormatException e) {
          assertTrue(!valid, () -> "a valid value failed: " + e);
        }
      }
    }
    return v.valueSize();
  }

  /** Opening the current value of {@code parent} in place reads what opening its view reads. */
  private static void compareInPlace(Variant child, ValueCursor parent) {
    ValueCursor inPlace = new ValueCursor();
    ValueCursor viaView = new ValueCursor();
    Object n = outcome(() -> inPlace.open(parent));
    assertEquals(outcome(() -> viaView.open(child)), n, "count");
    if (!(n instanceof Integer)) {
      return;
    }
    assertEquals(child.offsetInBuffer(), inPlace.container().offsetInBuffer());
    assertEquals(child.isObject(), inPlace.isObjectOpen());
    for (int j = 0; j < (Integer) n; j++) {
      int at = j;
      assertEquals(
          outcome(
              () -> {
                viaView.select(at);
                return viaView.view().offsetInBuffer();
              }),
          outcome(
              () -> {
                inPlace.select(at);
                return inPlace.view().offsetInBuffer();
              }),
          "child " + j);
      if (child.isObject()) {
        assertEquals(outcome(() -> viaView.fieldId(at)), outcome(() -> inPlace.fieldId(at)));
      }
    }
  }

  private static void compareScalar(Variant v, ValueCursor c) {
    assertEquals(outcome(v::valueSize), outcome(c::valueSize), "size");
    assertEquals(outcome(v::type), outcome(c::type), "type");
    assertEquals(v.basicType(), c.basicType());
    assertEquals(v.isObject() || v.isArray(), c.isContainer());
    VariantType t;
    try {
      t = v.type();
    } catch (VariantFormatException e) {
      return;
    }
    assertEquals(v.isShortString(), c.isShortString());
    if (t.isInteger() || t == VariantType.DATE || t.temporalUnit() != null) {
      Object want =
          t.isInteger()
              ? outcome(v::longValue)
              : t == VariantType.DATE
                  ? outcome(() -> (long) v.epochDay())
                  : outcome(v::temporalValue);
      assertEquals(want, outcome(c::fixedPayload), "payload of " + t);
    } else if (t == VariantType.DOUBLE) {
      assertEquals(
          outcome(() -> Double.doubleToRawLongBits(v.doubleValue())), outcome(c::fixedPayload));
    } else if (t == VariantType.FLOAT) {
      assertEquals(
          outcome(() -> (long) Float.floatToRawIntBits(v.floatValue())), outcome(c::fixedPayload));
    } else if (t == VariantType.DECIMAL4 || t == VariantType.DECIMAL8) {
      assertEquals(
          outcome(v::decimalValue), outcome(() -> BigDecimal.valueOf(c.unscaled(), c.scale())));
    }
    Object size = outcome(v::valueSize);
    if (!(size instanceof Class<?>)) {
      byte[] a = new byte[v.valueSize()];
      c.copyValueTo(a, 0);
      assertEquals(Hex.of(v.valueBytes()), Hex.of(a));
    }
  }

  private interface Read {
    Object get();
  }

  private interface IntRead {
    int get(int i);
  }

  /** The value read, or the class of the exception the read threw. */
  private static Object outcome(Read r) {
    try {
      return r.get();
    } catch (VariantFormatException | VariantTypeException e) {
      return e.getClass();
    }
  }

  private static Object sameOrThrows(IntRead r, int i) {
    return outcome(() -> r.get(i));
  }
}
