// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;
import java.util.Objects;

/**
 * UTF-8 bytes checked once, for a string that many values repeat: a reader of shredded columns
 * makes one per entry of a Parquet dictionary page and hands it out for every row that uses the
 * entry (variant-shredding's {@code ShreddedSource.typedCheckedString()}), and the rebuild copies
 * it into each row's Variant without checking it again. The only way to make one is {@link
 * #copyOf}, which checks a private copy, so an instance always holds valid UTF-8 and nobody can
 * change its bytes afterwards.
 *
 * <pre>{@code
 * CheckedUtf8 s = CheckedUtf8.copyOf(entry, 0, entry.length); // checked here, once
 * }</pre>
 *
 * <p><b>Thread safety:</b> immutable.
 */
public final class CheckedUtf8 {
  private final byte[] bytes;

  private CheckedUtf8(byte[] bytes) {
    this.bytes = bytes;
  }

  /**
   * A checked copy of {@code b[offset, offset + length)}.
   *
   * @throws VariantFormatException (byte offset 0) if the bytes are not valid UTF-8
   * @throws IndexOutOfBoundsException if the range is outside {@code b}
   */
  public static CheckedUtf8 copyOf(byte[] b, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, b.length);
    byte[] own = Arrays.copyOfRange(b, offset, offset + length);
    Utf8.check(own, 0, own.length, 0);
    return new CheckedUtf8(own);
  }

  /** The number of bytes. */
  public int length() {
    return bytes.length;
  }

  /** The bytes, for this package's builders only: they must not be written. */
  byte[] bytes() {
    return bytes;
  }
}
