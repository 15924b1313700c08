// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import org.apache.arrow.vector.BitVectorHelper;
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
  private int elements; // for a list: elements started in this batch, its last end offset
  // the vector's buffers, read at the start of a batch and after it grows (BufferWrites)
  private long validity;
  private long offsets; // for a list
  private int capacity; // slots

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
    elements = 0;
    refresh();
  }

  /** Slots started in this batch. */
  int slotsStarted() {
    return slots;
  }

  /** Leaves a list with the {@code lastSet} its own writes would have left. */
  void finishBatch() {
    if (vector instanceof ListVector l) {
      l.setLastSet(slots - 1);
    }
  }

  /** Takes an entry with levels {@code r} and {@code d}; {@code true} if it starts a slot here. */
  boolean starts(int r, int d) {
    return r <= depth && d >= elementDefinition;
  }

  /**
   * Starts the next slot for an entry of definition level {@code d}: see {@link #starts}. A list's
   * slot gets its end offset (empty so far; each element started under it moves it on), a non-null
   * slot its validity bit.
   */
  void start(int d) {
    int slot = slots++;
    if (list != null) {
      list.addElement();
    }
    if (slot >= capacity) {
      grow(slot);
    }
    boolean present = d >= definition;
    if (vector instanceof ListVector) {
      BufferWrites.putOffset(offsets, slot + 1, elements);
      current = slot;
    }
    if (present) {
      BufferWrites.setValid(validity, slot);
    }
  }

  /**
   * {@link #start} for each of the entries {@code definitions[from, from + n)} of a leaf outside
   * lists, whose nodes are all structs: one loop for the run, room made once.
   */
  void startFlat(int[] definitions, int from, int n) {
    int first = slots;
    if (n > 0 && first + n - 1 >= capacity) {
      grow(first + n - 1);
    }
    slots = first + n;
    long bits = validity;
    int present = definition;
    for (int k = 0; k < n; k++) {
      if (definitions[from + k] >= present) {
        BufferWrites.setValid(bits, first + k);
      }
    }
  }

  /** One more element in the list's current slot. */
  private void addElement() {
    BufferWrites.putOffset(offsets, current + 1, ++elements);
  }

  /**
   * Makes room for {@code slot} through Arrow's own writes (which grow the buffers), then takes the
   * new buffers.
   */
  private void grow(int slot) {
    if (vector instanceof ListVector l) {
      l.setLastSet(slot - 1);
      l.startNewValue(slot); // grows validity and offsets, sets the bit (start() sets it again)
      BitVectorHelper.unsetBit(l.getValidityBuffer(), slot); // start() knows if it is null
    } else {
      ((StructVector) vector).setIndexDefined(slot);
      BitVectorHelper.unsetBit(vector.getValidityBuffer(), slot);
    }
    refresh();
  }

  private void refresh() {
    validity = vector.getValidityBufferAddress();
    capacity = BufferWrites.validityCapacity(vector.getValidityBuffer());
    if (vector instanceof ListVector l) {
      offsets = l.getOffsetBufferAddress();
      capacity = Math.min(capacity, BufferWrites.offsetCapacity(l.getOffsetBuffer()));
    }
  }
}
