// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * Lays out one metadata buffer (VariantEncoding §Metadata encoding): the header, the dictionary
 * size, {@code n + 1} offsets, then the key bytes, with the smallest offset width that holds both
 * the size and the byte total. The one place that writes this layout ({@link MetadataBuilder} from
 * a key list, {@link DictionarySorter} from a builder's key table); {@link VariantMetadata} reads
 * it.
 */
final class MetadataWriter {
  private final byte[] out;
  private final int n;
  private final int offsetSize;
  private final int offsets;
  private final int data;
  private int count;
  private int written;

  /**
   * A buffer for {@code n} keys of {@code totalBytes} bytes in all, to be given in order to {@link
   * #key}.
   *
   * @throws VariantLimitException if the buffer would pass the array limit, or the offsets 4 bytes
   */
  MetadataWriter(int n, long totalBytes, boolean sorted) {
    offsetSize = Layout.widthFor((int) Math.min(Math.max(totalBytes, n), Integer.MAX_VALUE));
    long size = 1 + (long) offsetSize * (n + 2) + totalBytes;
    if (size > Limits.MAX_ARRAY_BYTES || totalBytes > 0xFFFFFFFFL) {
      throw new VariantLimitException(
          "Cannot build metadata: " + size + " bytes exceeds the array limit");
    }
    out = new byte[(int) size];
    out[0] = (byte) Layout.metadataHeader(offsetSize, sorted);
    LittleEndian.write(out, 1, n, offsetSize);
    this.n = n;
    offsets = 1 + offsetSize;
    data = offsets + (n + 1) * offsetSize;
  }

  /** Appends the next key, the UTF-8 bytes {@code src[off, off + len)}. */
  void key(byte[] src, int off, int len) {
    LittleEndian.write(out, offsets + count++ * offsetSize, written, offsetSize);
    System.arraycopy(src, off, out, data + written, len);
    written += len;
  }

  /**
   * The finished buffer.
   *
   * @throws IllegalStateException unless exactly {@code n} keys of the announced total were given
   */
  byte[] finish() {
    if (count != n || data + written != out.length) {
      throw new IllegalStateException(
          "Cannot finish metadata: " + count + " of " + n + " keys, " + written + " bytes");
    }
    LittleEndian.write(out, offsets + n * offsetSize, written, offsetSize);
    return out;
  }
}
