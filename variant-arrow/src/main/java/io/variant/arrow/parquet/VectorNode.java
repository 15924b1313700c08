// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.parquet.VariantParquetException;
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

  /** Its Parquet column's path, for messages. */
  final String column;

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

  /**
   * For an object field group that its file declares optional where the spec layout requires it:
   * its column, and the definition level of an entry whose object is present and group null, which
   * the spec gives no meaning (spec: VariantShredding §Objects: a missing field is a group with
   * {@code value} and {@code typed_value} null). The row reader refuses such a row, naming the
   * group; read into a null struct it would be a missing field, so it is refused here too. {@code
   * null} and -1 (no entry's level) for every other node.
   */
  private final String optionalGroup;

  private final int nullGroupLevel;

  /** The first leaf read under it, which writes it. */
  LeafReader owner;

  private int slots; // slots started in this batch
  private int current; // for a list: its slot being filled
  private int elements; // for a list: elements started in this batch, its last end offset
  // the vector's buffers, read at the start of a batch and after it grows (BufferWrites)
  private long validity;
  private long offsets; // for a list
  private int capacity; // slots

  /**
   * @param optionalGroup the column of an object field group declared optional in the spec layout,
   *     whose null entries are refused; {@code null} for any other node
   */
  VectorNode(
      FieldVector vector,
      String column,
      int definition,
      int depth,
      int elementDefinition,
      VectorNode list,
      String optionalGroup) {
    this.vector = vector;
    this.column = column;
    this.definition = definition;
    this.depth = depth;
    this.elementDefinition = elementDefinition;
    this.list = list;
    this.optionalGroup = optionalGroup;
    this.nullGroupLevel = optionalGroup == null ? -1 : definition - 1; // the group's own level
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

  /**
   * For a list: the end offset of its slot {@code slot} of this batch, as its owner wrote it (the
   * elements started up to that slot's end).
   */
  int endOffset(int slot) {
    return BufferWrites.offset(offsets, slot + 1);
  }

  /** Whether its slot {@code slot} of this batch is non-null, as its owner wrote it. */
  boolean isValid(int slot) {
    return BufferWrites.isValid(validity, slot);
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
    } else if (d == nullGroupLevel) {
      throw nullGroup();
    }
  }

  /**
   * {@link #start} for each of the entries {@code definitions[from, from + n)} of a leaf outside
   * lists, whose nodes are all structs: one loop for the run, room made once.
   */
  void startFlat(int[] definitions, int from, int n) {
    if (nullGroupLevel >= 0) {
      refuseNullGroups(definitions, from, n);
    }
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

  private void refuseNullGroups(int[] definitions, int from, int n) {
    for (int k = from; k < from + n; k++) {
      if (definitions[k] == nullGroupLevel) {
        throw nullGroup();
      }
    }
  }

  /** In the row reader's words, naming the group's column; the batch failure adds the row. */
  private VariantParquetException nullGroup() {
    return new VariantParquetException(
        null,
        optionalGroup,
        -1,
        "Cannot read the shredded object: the field group is null, which the spec layout does not"
            + " allow (field groups are required, and a missing field has value and typed_value"
            + " both null inside its group), though this file declares it optional",
        null);
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
