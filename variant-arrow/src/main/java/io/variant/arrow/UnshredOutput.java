// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * The rows of an unshredded column gathered on the heap, then written into a {@link
 * VariantVector}'s buffers with one copy per buffer: what {@link VariantVector#setSafe(int,
 * Variant)} of each row writes (the storage and both children non-null for a row, all three null
 * for SQL NULL), without a checked write per buffer and row and a copy of each row's bytes in
 * between.
 */
final class UnshredOutput {
  private final byte[] validity;
  private final Column metadata;
  private final Column value;

  /** One binary child: its values end to end and their offsets. */
  private static final class Column {
    final int[] offsets;
    byte[] data;
    int end;

    Column(int rows, int guess) {
      offsets = new int[rows + 1];
      data = new byte[Math.max(64, guess)];
    }

    /** Room for {@code n} more bytes at {@link #end}. */
    void reserve(int n) {
      long need = (long) end + n;
      if (need > data.length) {
        if (need > Integer.MAX_VALUE - 8) {
          throw new IllegalStateException(
              "Cannot unshred: a batch's values exceed " + (Integer.MAX_VALUE - 8) + " bytes");
        }
        data =
            Arrays.copyOf(
                data, (int) Math.max(need, Math.min(Integer.MAX_VALUE - 8, 2L * data.length)));
      }
    }

    void endRow(int row) {
      offsets[row + 1] = end;
    }

    /** Writes this child into {@code v}: its bytes, offsets and validity, for {@code rows} rows. */
    void into(VarBinaryVector v, byte[] validity, int rows) {
      while (v.getValueCapacity() < rows) {
        v.reallocValidityAndOffsetBuffers();
      }
      if (v.getDataBuffer().capacity() < end) {
        v.reallocDataBuffer(end);
      }
      v.getDataBuffer().setBytes(0, data, 0, end);
      ArrowBuf o = v.getOffsetBuffer();
      for (int i = 0; i <= rows; i++) {
        o.setInt(4L * i, offsets[i]);
      }
      v.getValidityBuffer().setBytes(0, validity, 0, validity.length);
      v.setLastSet(rows - 1);
    }
  }

  /**
   * Room for {@code rows} rows, guessing their metadata and values take about {@code metadataGuess}
   * and {@code valueGuess} bytes (the input's sizes).
   */
  UnshredOutput(int rows, int metadataGuess, int valueGuess) {
    validity = new byte[(rows + 7) / 8];
    metadata = new Column(rows, metadataGuess);
    value = new Column(rows, valueGuess);
  }

  /** Row {@code row}, the next one, is SQL NULL. */
  void addNull(int row) {
    metadata.endRow(row);
    value.endRow(row);
  }

  /**
   * Row {@code row}, the next one, is {@code v}, whose metadata has the bytes of {@code
   * metadataLength} bytes from {@code from} of {@code metadataBytes}.
   */
  void add(int row, Variant v, byte[] metadataBytes, int from, int metadataLength) {
    validity[row >>> 3] |= (byte) (1 << (row & 7));
    metadata.reserve(metadataLength);
    System.arraycopy(metadataBytes, from, metadata.data, metadata.end, metadataLength);
    metadata.end += metadataLength;
    metadata.endRow(row);
    value.reserve(v.bytesGiven()); // at least its size, without parsing its header again
    value.end += v.copyValueTo(value.data, value.end);
    value.endRow(row);
  }

  /** Writes the {@code rows} rows into {@code out}, an empty unshredded column. */
  void into(VariantVector out, int rows) {
    StructVector storage = out.getUnderlyingVector();
    storage.setInitialCapacity(rows);
    storage.allocateNew();
    while (storage.getValueCapacity() < rows) {
      storage.reAlloc();
    }
    storage.getValidityBuffer().setBytes(0, validity, 0, validity.length);
    metadata.into(out.metadataVector(), validity, rows);
    value.into(out.valueVector(), validity, rows);
  }
}
