// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.io.api.Binary;

/**
 * {@code DELTA_BYTE_ARRAY} (spec: Parquet Encodings.md, Delta Strings) whose prefixes may be
 * capped: each value is stored as the length of a prefix it shares with the value before it (delta
 * binary packed) and the rest of its bytes (delta length byte array). A reader takes that many
 * bytes of the previous value, whatever they are, so a prefix shorter than the longest shared one
 * decodes to the same value. Uncapped, the bytes are parquet-java's {@code DeltaByteArrayWriter}'s.
 *
 * <p><b>Why cap.</b> Where most values share exactly k bytes with the one before and a few share
 * more by chance (random ids after a fixed prefix: one in 16 shares one more hex digit; timestamps
 * seconds apart share the minute most of the time), the longest prefix makes both length streams
 * vary, and their bit-packed widths cost more after compression than the few bytes the longer
 * prefixes save. Capped at the most common length, the lengths are mostly constant. {@link
 * SmallestEncodingWriter} sets the cap from a chunk's judged values ({@link #capAt}), and weighs
 * the result against the other encodings as it weighs the uncapped one.
 *
 * <p><b>Thread safety:</b> none, as every values writer.
 */
public final class CappedPrefixWriter extends ValuesWriter {
  private static final byte[] NONE = new byte[0];
  private final DeltaBinaryPackingValuesWriterForInteger prefixLengths;
  private final DeltaLengthByteArrayValuesWriter suffixes;
  private byte[] previous = NONE;
  private int cap = Integer.MAX_VALUE;

  /**
   * @param initialSlabSize the first buffer's size
   * @param pageSize the page size, which bounds the buffers
   * @param allocator where buffers come from
   */
  public CappedPrefixWriter(int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    // the block and miniblock sizes parquet-java's DeltaByteArrayWriter uses
    this.prefixLengths =
        new DeltaBinaryPackingValuesWriterForInteger(128, 4, initialSlabSize, pageSize, allocator);
    this.suffixes = new DeltaLengthByteArrayValuesWriter(initialSlabSize, pageSize, allocator);
  }

  /**
   * Shares at most {@code bytes} with the previous value from the next value on ({@link
   * Integer#MAX_VALUE}: as many as they share).
   *
   * @throws IllegalArgumentException if {@code bytes} is negative
   */
  public void capAt(int bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("a prefix cap must be >= 0, was " + bytes);
    }
    this.cap = bytes;
  }

  /** The cap in force. */
  public int cap() {
    return cap;
  }

  @Override
  public void writeBytes(Binary v) {
    byte[] bytes = v.getBytes(); // a copy where v is reused: kept as the next value's previous
    int n = Math.min(Math.min(previous.length, bytes.length), cap);
    int shared = 0;
    while (shared < n && previous[shared] == bytes[shared]) {
      shared++;
    }
    prefixLengths.writeInteger(shared);
    suffixes.writeBytes(v.slice(shared, bytes.length - shared));
    previous = bytes;
  }

  @Override
  public long getBufferedSize() {
    return prefixLengths.getBufferedSize() + suffixes.getBufferedSize();
  }

  @Override
  public BytesInput getBytes() {
    return BytesInput.concat(prefixLengths.getBytes(), suffixes.getBytes());
  }

  @Override
  public Encoding getEncoding() {
    return Encoding.DELTA_BYTE_ARRAY;
  }

  /** Starts a new page; the cap holds for the chunk's later pages too. */
  @Override
  public void reset() {
    prefixLengths.reset();
    suffixes.reset();
    previous = NONE;
  }

  @Override
  public void close() {
    prefixLengths.close();
    suffixes.close();
  }

  @Override
  public long getAllocatedSize() {
    return prefixLengths.getAllocatedSize() + suffixes.getAllocatedSize();
  }

  @Override
  public String memUsageString(String prefix) {
    return String.format(
        "%s CappedPrefixWriter %d bytes%n%s%n%s",
        prefix,
        getAllocatedSize(),
        prefixLengths.memUsageString(prefix + "  prefix lengths"),
        suffixes.memUsageString(prefix + "  suffixes"));
  }
}
