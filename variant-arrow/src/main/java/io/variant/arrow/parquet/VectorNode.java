// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * A struct or list vector of a batch with the Parquet levels that say where its slots start and
 * whether each is non-null (spec: Parquet's Dremel levels). Several leaves lie under it and see the
 * same levels down to it, so one of them, its {@link #owner}, writes its validity and offsets; the
 * others write only their own leaf vectors.
 */
final class VectorNode {
  final FieldVector vector;

  /** The definition level at and above which a slot is non-null. */
  final int definition;

  /**
   * Repeated Parquet groups above it: its slots are one per element of the innermost, or per row.
   */
  final int depth;

  /**
   * The definition level at which an element of that innermost repeated group exists; 0 at depth 0.
   */
  final int elementDefinition;

  /** For a list's element struct, the list; otherwise {@code null}. */
  final VectorNode list;

  /** The first leaf read under it, which writes it. */
  LeafReader owner;

  private int slots; // slots started in this batch
  private int current; // for a list: its slot being filled

  VectorNode(
      FieldVector vector, int definition, int depth, int elementDefinition, VectorNode list) {
    this.vector = vector;
    this.definition = definition;
    this.depth = depth;
    this.elementDefinition = elementDefinition;
    this.list = list;
  }

  void startBatch() {
    slots = 0;
    current = -1;
  }

  /** Takes an entry with levels {@code r} and {@code d}; {@code true} if it starts a slot here. */
  boolean starts(int r, int d) {
    return r <= depth && d >= elementDefinition;
  }

  /** Starts the next slot for an entry of definition level {@code d}: see {@link #starts}. */
  void start(int d) {
    int slot = slots++;
    if (list != null) {
      ((ListVector) list.vector).endValue(list.current, 1); // one more element in the list's slot
    }
    if (d < definition) {
      return; // null: validity stays unset, and list offsets fill holes on the next start
    }
    if (vector instanceof ListVector l) {
      l.startNewValue(slot);
      current = slot;
    } else {
      ((StructVector) vector).setIndexDefined(slot);
    }
  }
}
