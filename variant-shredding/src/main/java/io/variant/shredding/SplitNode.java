// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.ValueCursor;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * One slot of the plan, prepared for splitting many values: a scalar slot holds its {@link
 * Widening}; an object slot holds its field names as unsigned-sorted UTF-8 bytes and a number in
 * the {@link FieldMatcher}, which matches a value's fields to them by field id, one table lookup
 * per field. Object and array slots read their children through their own {@link ValueCursor} (a
 * node never nests in itself, so one cursor per node serves the recursion), scalar children in
 * place.
 */
final class SplitNode {
  final ShreddingPlan plan;
  final ShreddingPlan.Shape shape;
  final Widening scalar; // scalar slots
  final ValueCursor cursor; // object and array slots
  final SplitNode element; // array slots
  final SplitNode[] fields; // object slots, in plan order
  final byte[][] sortedNames; // object slots: distinct UTF-8 names in unsigned byte order
  final int[] sortedOf; // plan field index -> its position in sortedNames
  final String[] names; // object slots: plan field names, in plan order
  final int[] shredded; // scratch: the value's shredded field indexes, increasing
  // scratch, by sorted position: the value's field index or -1; a node never nests in itself
  final int[] found;
  final int objectSlot; // object slots: this slot's number in the FieldMatcher; else -1
  final String path; // $.user, $.items[*]: how ObjectSlotCounts names the slot
  // object slots: values that were objects, and values sent whole to the residual. Counted on
  // the node the split is at anyway, so counting costs an increment and no lookup per value.
  long objects;
  long nonObjects;

  /**
   * @param path the slot's path, {@code $} for the top level
   * @param slotNames collects the sorted names of every object slot, numbered in the order met
   */
  SplitNode(ShreddingPlan plan, String path, List<byte[][]> slotNames, NumericWidening widening) {
    this.plan = plan;
    this.path = path;
    this.shape = plan.shape();
    this.scalar =
        shape == ShreddingPlan.Shape.SCALAR ? new Widening(plan.asScalar().type(), widening) : null;
    this.cursor =
        shape == ShreddingPlan.Shape.OBJECT || shape == ShreddingPlan.Shape.ARRAY
            ? new ValueCursor()
            : null;
    this.element =
        plan.shape() == ShreddingPlan.Shape.ARRAY
            ? new SplitNode(plan.asArray().element(), path + "[*]", slotNames, widening)
            : null;
    if (plan.shape() != ShreddingPlan.Shape.OBJECT) {
      this.fields = null;
      this.sortedNames = null;
      this.sortedOf = null;
      this.found = null;
      this.names = null;
      this.shredded = null;
      this.objectSlot = -1;
      return;
    }
    List<ShreddingPlan.Field> planFields = plan.asObject().fields();
    int m = planFields.size();
    this.fields = new SplitNode[m];
    byte[][] encoded = new byte[m][];
    for (int k = 0; k < m; k++) {
      String name = planFields.get(k).name();
      fields[k] =
          new SplitNode(
              planFields.get(k).plan(), path + PlanText.fieldSegment(name), slotNames, widening);
      // The encoding Variant.fieldIndex compares against: a lone surrogate becomes '?', so two
      // plan names may share bytes; they then share one sorted position and match the same field.
      encoded[k] = name.getBytes(StandardCharsets.UTF_8);
    }
    byte[][] sorted = encoded.clone();
    Arrays.sort(sorted, Arrays::compareUnsigned);
    int distinct = 0;
    for (byte[] name : sorted) {
      if (distinct == 0 || !Arrays.equals(sorted[distinct - 1], name)) {
        sorted[distinct++] = name;
      }
    }
    this.sortedNames = Arrays.copyOf(sorted, distinct);
    this.sortedOf = new int[m];
    for (int k = 0; k < m; k++) {
      sortedOf[k] = Arrays.binarySearch(sortedNames, encoded[k], Arrays::compareUnsigned);
    }
    this.found = new int[distinct];
    this.shredded = new int[distinct];
    this.names = planFields.stream().map(ShreddingPlan.Field::name).toArray(String[]::new);
    this.objectSlot = slotNames.size();
    slotNames.add(sortedNames);
  }

  /** Adds the counts of this slot and the object slots under it to {@code out}, in plan order. */
  void countsInto(List<ObjectSlotCounts.Slot> out) {
    if (fields != null) {
      out.add(new ObjectSlotCounts.Slot(path, objects, nonObjects));
      for (SplitNode f : fields) {
        f.countsInto(out);
      }
    } else if (element != null) {
      element.countsInto(out);
    }
  }
}
