// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.BasicType;
import io.variant.core.BuilderOptions;
import io.variant.core.MetadataBuilder;
import io.variant.core.ObjectSubset;
import io.variant.core.ValueCursor;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import io.variant.core.WalkBudget;
import io.variant.core.internal.ExclusiveUse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits Variants into the typed and residual parts of a plan's slots, streaming into a {@link
 * ShreddedSink}; no tree is built per value. spec: VariantShredding §Shredded Value Types.
 *
 * <ul>
 *   <li>A value that fits its scalar slot goes into {@code typed_value} ({@link NumericWidening}
 *       says which numbers fit); anything else, Variant null included, goes whole into the
 *       residual.
 *   <li>An array at an array slot is shredded element by element; arrays are all-or-nothing.
 *   <li>An object at an object slot puts each plan field into its slot (a field the value lacks is
 *       missing) and its other fields into one residual object.
 * </ul>
 *
 * <p><b>Residuals.</b> With {@link ResidualMetadata#ROW} (the spec layout) a residual references
 * the row's metadata and, except for the residual object of a partially shredded object, is exactly
 * the original value's bytes; it reaches the sink as bytes in a reused buffer ({@link
 * ShreddedSink#residual(io.variant.core.VariantMetadata, byte[], int, int)}), so that a split makes
 * no object per value. With {@link ResidualMetadata#EMBEDDED} (the draft layout) every residual
 * carries its own minimal dictionary.
 *
 * <pre>{@code
 * ShreddingPlan plan = ShreddingPlan.parse("{\"id\": int64, \"tags\": [string]}");
 * Splitter splitter = Splitter.of(plan, SplitOptions.defaults());
 * ShreddedTree row = new ShreddedTree(); // any ShreddedSink: the Parquet writer implements one
 * splitter.split(variant, row);
 * }</pre>
 *
 * <p><b>Counts:</b> each object slot counts the objects it shredded and the other values it sent
 * whole to its residual, an increment per value ({@link #objectCounts()}): a Parquet footer cannot
 * tell those values from the other fields of partially shredded objects.
 *
 * <p><b>Validation:</b> none beyond what the reads need: split validated Variants ({@link
 * Variant#validate()}) when the input is untrusted. Objects whose fields are out of key order
 * (other engines write them, see {@link io.variant.core.KeyOrder}) split exactly like sorted ones;
 * their residual objects come out sorted.
 *
 * <p><b>Limits:</b> one split does at most {@link io.variant.core.Limits#maxExpansion()} times the
 * value's encoded size in work ({@link WalkBudget}: each visited container counts 1, each scalar
 * and each residual its bytes), so a value whose offsets share sub-values cannot make a split (or
 * its output) expand; past the budget it throws {@link io.variant.core.VariantLimitException}. The
 * limits come from {@link SplitOptions#limits()}.
 *
 * <p><b>Thread safety:</b> none; a Splitter reuses its residual builder and scratch arrays between
 * values. {@link #of} is cheap (linear in the plan), so make one per thread, e.g. {@code
 * ThreadLocal.withInitial(() -> Splitter.of(plan, options))}. Sharing one is detected: a call that
 * starts while another thread's call is inside fails at once with {@link
 * java.util.ConcurrentModificationException} ({@link ExclusiveUse}), and the other call's output is
 * unaffected.
 */
public final class Splitter {
  /**
   * The dictionary a builder gives a value without keys, so that every draft residual is canonical.
   */
  private static final VariantMetadata NO_KEYS = new MetadataBuilder().build();

  private final ShreddingPlan plan;
  private final SplitOptions options;
  private final SplitNode root;
  private VariantBuilder residualBuilder;
  private final BuilderOptions residualOptions;
  private final ExclusiveUse use =
      new ExclusiveUse("Splitter", "make one per thread with Splitter.of");
  private final WalkBudget budget; // restarted for each split
  private final ValueCursor rootCursor = new ValueCursor(); // at the value being split
  private final ObjectSubset residualCutter = new ObjectSubset(); // reuses one output buffer
  private final ValueCopy residualCopy = new ValueCopy(); // whole-value residuals, spec layout
  private final FieldMatcher matcher;
  // the current row's, from matcher: per object slot, field id -> sorted name position
  private int[][] idTables;

  private Splitter(ShreddingPlan plan, SplitOptions options) {
    this.plan = plan;
    this.options = options;
    List<byte[][]> slotNames = new ArrayList<>();
    this.root = new SplitNode(plan, "$", slotNames, options.widening());
    this.matcher = new FieldMatcher(slotNames);
    this.residualOptions = BuilderOptions.defaults().withLimits(options.limits());
    this.budget = new WalkBudget("split", 0, options.limits());
  }

  /**
   * A splitter for {@code plan}.
   *
   * @throws NullPointerException if either argument is null
   */
  public static Splitter of(ShreddingPlan plan, SplitOptions options) {
    if (plan == null || options == null) {
      throw new NullPointerException("plan and options must not be null");
    }
    return new Splitter(plan, options);
  }

  /** The plan this splitter writes. */
  public ShreddingPlan plan() {
    return plan;
  }

  /** The residual metadata, widening mode and limits. */
  public SplitOptions options() {
    return options;
  }

  /**
   * What each object slot of the plan has taken since this splitter was made: objects, and values
   * of other kinds sent whole to the slot's residual (see {@link ObjectSlotCounts}). A value whose
   * split threw may be counted. Allocates a snapshot: call it per row group or file, not per value.
   */
  public ObjectSlotCounts objectCounts() {
    List<ObjectSlotCounts.Slot> slots = new ArrayList<>();
    root.countsInto(slots);
    return slots.isEmpty() ? ObjectSlotCounts.none() : ObjectSlotCounts.of(slots);
  }

  /**
   * Splits one value into {@code sink}, starting with the top-level slot. In the spec layout the
   * caller writes the row's metadata ({@code v.metadata()}) itself; every residual references it.
   *
   * @throws io.variant.core.VariantFormatException if {@code v} is malformed where the split reads
   *     it
   * @throws io.variant.core.VariantLimitException past the work budget (see the class comment)
   * @throws java.util.ConcurrentModificationException if another thread is inside this splitter
   */
  public void split(Variant v, ShreddedSink sink) {
    use.enter();
    try {
      rootCursor.at(v);
      budget.restart(rootCursor.valueSize());
      idTables = matcher.hasSlots() ? matcher.tables(v.metadata()) : null;
      value(rootCursor, root, sink);
    } finally {
      idTables = null;
      use.exit();
    }
  }

  /**
   * The current value of {@code c} into the slot {@code node}: typed if it fits a scalar slot, its
   * children into theirs if it is the slot's object or array (read in place, without a view), else
   * whole into the residual.
   */
  private void value(ValueCursor c, SplitNode node, ShreddedSink sink) {
    boolean container = c.isContainer();
    budget.charge(container ? 1 : c.valueSize()); // a container: its header (then each child)
    if (node.scalar != null) {
      if (!container && node.scalar.write(c, sink)) {
        return;
      }
    } else if (node.fields != null) {
      if (c.basicType() == BasicType.OBJECT) {
        node.objects++;
        object(node, node.cursor.open(c), sink);
        return;
      }
      node.nonObjects++;
    } else if (node.element != null && c.basicType() == BasicType.ARRAY) {
      array(node, node.cursor.open(c), sink);
      return;
    }
    residual(c, sink); // a ResidualPlan, or a value of another shape than the plan's
  }

  private void array(SplitNode node, int n, ShreddedSink sink) {
    ValueCursor c = node.cursor;
    sink.startArray(n);
    for (int i = 0; i < n; i++) {
      sink.startElement();
      c.select(i);
      value(c, node.element, sink);
      sink.endElement();
    }
    sink.endArray();
  }

  /** The object open in {@code node.cursor}, of {@code n} fields. */
  private void object(SplitNode node, int n, ShreddedSink sink) {
    int[] found = node.found;
    int[] shredded = node.shredded;
    ValueCursor c = node.cursor;
    int present;
    if (idTables != null) {
      present = FieldMatcher.match(c, n, idTables[node.objectSlot], found, shredded);
    } else {
      // A dictionary met for the first time: match by key bytes.
      c.container().fieldIndexes(node.sortedNames, found);
      present = 0;
      for (int i : found) {
        if (i >= 0) {
          shredded[present++] = i;
        }
      }
      Arrays.sort(shredded, 0, present);
    }
    if (present < n) {
      // spec: VariantShredding §Objects, partially shredded
      residualObject(c, shredded, present, sink);
    }
    String[] names = node.names;
    sink.startObject();
    for (int k = 0; k < names.length; k++) {
      int i = found[node.sortedOf[k]];
      if (i < 0) {
        sink.missingField(k, names[k]);
      } else {
        sink.startField(k, names[k]);
        c.select(i);
        value(c, node.fields[k], sink);
        sink.endField();
      }
    }
    sink.endObject();
  }

  /**
   * The object's fields that the plan does not shred, as one object (ids and values copied verbatim
   * over the row's dictionary) into {@code sink}, for the object open in {@code object}. {@code
   * shredded[0, count)} holds the shredded fields' indexes, increasing.
   */
  private void residualObject(ValueCursor object, int[] shredded, int count, ShreddedSink sink) {
    if (options.residualMetadata() == ResidualMetadata.ROW) {
      // Ids and values carry over unchanged: copy the kept fields straight from the bytes.
      int n = residualCutter.cutBytes(object, shredded, count);
      if (n >= 0) {
        budget.charge(n); // emitted whole
        sink.residual(object.metadata(), residualCutter.buffer(), 0, n); // not kept by the sink
        return;
      }
    }
    // Own dictionaries, or fields that cannot be copied in key order: re-encode (the builder
    // sorts).
    Variant v = object.container();
    VariantBuilder b =
        options.residualMetadata() == ResidualMetadata.ROW
            ? VariantBuilder.withMetadata(v.metadata(), residualOptions)
            : residualBuilder();
    try {
      b.startObject();
      int next = 0; // position in shredded of the next shredded field
      for (int i = 0, n = v.fieldCount(); i < n; i++) {
        if (next < count && shredded[next] == i) {
          next++;
          continue;
        }
        Variant field = v.fieldValue(i);
        budget.charge(field.valueSize()); // emitted whole
        b.key(v.fieldName(i));
        b.appendVariant(field);
      }
      b.endObject();
      sink.residual(b.build());
    } finally {
      b.reset();
    }
  }

  /**
   * The builder for {@link ResidualMetadata#EMBEDDED} residuals, each encoded with a fresh
   * dictionary of its own keys. Residual objects over the row's dictionary need none ({@link
   * ObjectSubset} copies their bytes), except malformed or unsorted ones, which get a builder of
   * their own.
   */
  private VariantBuilder residualBuilder() {
    if (residualBuilder == null) {
      residualBuilder = new VariantBuilder(residualOptions);
    }
    return residualBuilder;
  }

  /**
   * The cursor's current value whole as a residual: in the spec layout its bytes as they are, over
   * the row's dictionary (copied into a reused buffer, so no view is made); in the draft a
   * self-contained copy.
   */
  private void residual(ValueCursor c, ShreddedSink sink) {
    if (c.isContainer()) {
      budget.charge(c.valueSize()); // emitted whole; value() charged only its header
    }
    if (options.residualMetadata() == ResidualMetadata.ROW) {
      int n = residualCopy.copy(c);
      sink.residual(c.metadata(), residualCopy.bytes(), 0, n);
      return;
    }
    Variant v = c.view();
    if (v.isObject() || v.isArray()) {
      VariantBuilder b = residualBuilder(); // re-encoded: only the keys it uses, sorted
      try {
        sink.residual(b.appendVariant(v).build());
      } finally {
        b.reset();
      }
      return;
    }
    // a scalar uses no key: the builder's empty dictionary, not the row's
    byte[] bytes = v.valueBytes();
    sink.residual(Variant.of(NO_KEYS, bytes, 0, bytes.length));
  }
}
