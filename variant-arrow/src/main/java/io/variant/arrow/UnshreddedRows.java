// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.core.VariantSink;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Whole Variants gathered on the heap row after row, then written into an unshredded {@link
 * VariantVector}'s buffers with one copy per buffer: what {@link VariantVector#setSafe(int,
 * Variant)} of each row writes (the storage and both children non-null for a row, all three null
 * for SQL NULL), without a checked write per buffer and row. A row whose dictionary has the bytes
 * of the last one copied takes them from that copy, without an array of its own.
 *
 * <pre>{@code
 * UnshreddedRows rows = new UnshreddedRows(1024);
 * for (Variant v : variants) {
 *   rows.add(v); // null: SQL NULL
 * }
 * rows.into(column); // an unshredded VariantVector; then rows.clear() for the next batch
 * }</pre>
 *
 * <p><b>Memory:</b> the gathered bytes stay on the heap until {@link #clear()} (whose buffers are
 * kept for the next rows). <b>Thread safety:</b> none.
 */
public final class UnshreddedRows implements VariantSink {
  private static final int MAX_BYTES = Integer.MAX_VALUE - 8; // Arrow's offsets are ints
  private byte[] validity;
  private final Column metadata;
  private final Column value;
  private int rows;
  private VariantMetadata lastMetadata; // the metadata of the last row added by add(Variant)
  private int lastMetadataAt = -1; // where its bytes are in metadata.data

  /** One binary child: its values end to end and their offsets. */
  private static final class Column {
    int[] offsets;
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
        if (need > MAX_BYTES) {
          throw new IllegalStateException(
              "Cannot gather the rows: their values exceed " + MAX_BYTES + " bytes");
        }
        data = Arrays.copyOf(data, (int) Math.max(need, Math.min(MAX_BYTES, 2L * data.length)));
      }
    }

    void endRow(int row) {
      if (row + 1 >= offsets.length) {
        offsets = Arrays.copyOf(offsets, Math.max(row + 2, 2 * offsets.length));
      }
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
      v.getValidityBuffer().setBytes(0, validity, 0, (rows + 7) / 8);
      v.setLastSet(rows - 1);
    }
  }

  /** Room for about {@code rows} rows at first (it grows as needed). */
  public UnshreddedRows(int rows) {
    this(rows, 0, 0);
  }

  /**
   * Room for {@code rows} rows, guessing their metadata and values take about {@code metadataGuess}
   * and {@code valueGuess} bytes.
   */
  UnshreddedRows(int rows, int metadataGuess, int valueGuess) {
    validity = new byte[(Math.max(rows, 8) + 7) / 8];
    metadata = new Column(rows, metadataGuess);
    value = new Column(rows, valueGuess);
  }

  /** The number of rows gathered. */
  public int rows() {
    return rows;
  }

  /** Forgets the rows gathered, keeping the buffers. */
  public void clear() {
    Arrays.fill(validity, (byte) 0);
    metadata.end = 0;
    value.end = 0;
    rows = 0;
    lastMetadata = null;
    lastMetadataAt = -1;
  }

  /** Adds a SQL NULL row. */
  public void addNull() {
    int row = next();
    metadata.endRow(row);
    value.endRow(row);
  }

  /**
   * Adds {@code v}'s bytes as the next row, or a SQL NULL row if {@code v} is {@code null}.
   *
   * @throws IllegalStateException if the rows' bytes would exceed what Arrow's offsets address
   */
  @Override
  public void add(Variant v) {
    if (v == null) {
      addNull();
      return;
    }
    addMetadata(v.metadata());
    addValue(v, rows - 1);
  }

  /**
   * Adds the value {@code value[offset, offset + length)} over {@code metadata} as the next row, as
   * {@link #add(Variant)} adds the Variant of those bytes. The bytes are copied, not checked: they
   * come from a producer that built them ({@link VariantSink}).
   *
   * @throws IllegalStateException if the rows' bytes would exceed what Arrow's offsets address
   */
  @Override
  public void add(VariantMetadata metadata, byte[] value, int offset, int length) {
    addMetadata(metadata);
    this.value.reserve(length);
    System.arraycopy(value, offset, this.value.data, this.value.end, length);
    this.value.end += length;
    this.value.endRow(rows - 1);
  }

  /**
   * Adds {@code v} as the next row, with the metadata bytes {@code metadataBytes[from, from +
   * metadataLength)} (the bytes of {@code v}'s metadata, wherever the caller keeps them).
   */
  void add(Variant v, byte[] metadataBytes, int from, int metadataLength) {
    int row = next();
    validity[row >>> 3] |= (byte) (1 << (row & 7));
    copyMetadata(metadataBytes, from, metadataLength);
    metadata.endRow(row);
    addValue(v, row);
  }

  /** Appends {@code v}'s value bytes as row {@code row}'s. */
  private void addValue(Variant v, int row) {
    value.reserve(v.bytesGiven()); // at least its size, without parsing its header again
    value.end += v.copyValueTo(value.data, value.end);
    value.endRow(row);
  }

  /** Starts a non-null row with {@code m}'s bytes as its metadata. */
  private void addMetadata(VariantMetadata m) {
    int row = next();
    validity[row >>> 3] |= (byte) (1 << (row & 7));
    int length = m.length();
    if (m == lastMetadata || (lastMetadata != null && m.sameBytes(lastMetadata))) {
      // an earlier row's copy of these bytes; rows whose reader decodes each row's dictionary
      // anew share its bytes, not its instance: compared, they are neither copied out nor kept
      lastMetadata = m;
      copyMetadata(metadata.data, lastMetadataAt, length);
    } else {
      lastMetadataAt = metadata.end;
      lastMetadata = m;
      copyMetadata(m.toBytes(), 0, length); // a new dictionary: once per run of rows sharing it
    }
    metadata.endRow(row);
  }

  /** Appends {@code bytes[from, from + length)} to the metadata. */
  private void copyMetadata(byte[] bytes, int from, int length) {
    metadata.reserve(length);
    // bytes may be metadata.data, which reserve may replace: the old array keeps its bytes
    System.arraycopy(bytes, from, metadata.data, metadata.end, length);
    metadata.end += length;
  }

  private int next() {
    int row = rows++;
    if (row >>> 3 >= validity.length) {
      validity = Arrays.copyOf(validity, 2 * validity.length);
    }
    return row;
  }

  /**
   * Writes the rows gathered into {@code out}, an unshredded column, as its only rows (whatever it
   * held before), and sets its value count. Its buffers are kept where they are large enough.
   *
   * @throws IllegalArgumentException if {@code out} is shredded
   */
  public void into(VariantVector out) {
    if (out.isShredded()) {
      throw new IllegalArgumentException(
          "Cannot write whole Variants into the shredded column " + out.getName());
    }
    StructVector storage = out.getUnderlyingVector();
    if (storage.getValueCapacity() < Math.max(rows, 1)) {
      // else the buffers of an earlier batch are kept: a new allocation per batch of a reader
      // took a few percent of reading it
      storage.setInitialCapacity(Math.max(rows, 1));
      storage.allocateNew();
      while (storage.getValueCapacity() < rows) {
        storage.reAlloc();
      }
    }
    storage.getValidityBuffer().setBytes(0, validity, 0, (rows + 7) / 8);
    metadata.into(out.metadataVector(), validity, rows);
    value.into(out.valueVector(), validity, rows);
    out.setValueCount(rows);
  }
}
