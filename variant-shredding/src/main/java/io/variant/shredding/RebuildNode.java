// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link FixedDictionaryRebuild}'s plan tree: each object's names in key order (the order of ids in
 * a sorted dictionary), and the plan's facts the rebuild reads on every row, with the header sizes
 * it guesses from the row before.
 */
final class RebuildNode {
  private static final int[] NO_IDS = {};

  final ShreddingPlan plan;
  // the plan's facts, read on every row: kept here so the rebuild makes no interface call on the
  // sealed plan types (a megamorphic itable dispatch per slot in the profile)
  final boolean shredded;
  final ShreddingPlan.Shape shape;
  final TypedScalarRebuild.Scalar type; // scalar: the column's type, else null
  final int object; // index of this object node's ids among a dictionary's resolved ids, or -1
  final byte[][] names; // object: field names, UTF-8, in unsigned byte order
  final int[] planIndex; // object: names[k] is plan field planIndex[k]
  final RebuildNode[] fields; // object: the node of names[k]
  final RebuildNode element; // array: the element's node
  final boolean leaf; // a scalar or residual-only slot: no fields, no elements
  // object or array: its header's size the last time it was written, reserved before its values
  // the next time (rows of one file mostly repeat their shapes), so that closing it moves nothing
  // (see closed())
  int headerGuess;
  // object: the field ids of this row's residual object (merged()'s scratch; a node is never
  // inside itself, so one array per node is never in use twice at once)
  int[] residualIds = NO_IDS;

  /** The node of {@code plan}; numbers its object nodes from {@code objectCount[0]} on. */
  RebuildNode(ShreddingPlan plan, int[] objectCount) {
    this.plan = plan;
    this.shredded = plan.isShredded();
    this.shape = plan.shape();
    this.type =
        shape == ShreddingPlan.Shape.SCALAR
            ? new TypedScalarRebuild.Scalar(plan.asScalar().type())
            : null;
    if (shape == ShreddingPlan.Shape.OBJECT) {
      object = objectCount[0]++;
      var fs = plan.asObject().fields();
      Integer[] order = new Integer[fs.size()];
      byte[][] utf8 = new byte[fs.size()][];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
        utf8[i] = fs.get(i).name().getBytes(StandardCharsets.UTF_8);
      }
      Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(utf8[a], utf8[b]));
      names = new byte[order.length][];
      planIndex = new int[order.length];
      fields = new RebuildNode[order.length];
      for (int k = 0; k < order.length; k++) {
        names[k] = utf8[order[k]];
        planIndex[k] = order[k];
        fields[k] = new RebuildNode(fs.get(order[k]).plan(), objectCount);
      }
    } else {
      object = -1;
      names = null;
      planIndex = null;
      fields = null;
    }
    element =
        shape == ShreddingPlan.Shape.ARRAY
            ? new RebuildNode(plan.asArray().element(), objectCount)
            : null;
    leaf = shape == ShreddingPlan.Shape.SCALAR || shape == ShreddingPlan.Shape.RESIDUAL;
  }
}
