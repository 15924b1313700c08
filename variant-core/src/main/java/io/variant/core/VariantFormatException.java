// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Locale;

/** The bytes are not a valid Variant; {@link #byteOffset()} names the offending byte. */
public final class VariantFormatException extends VariantException {
  private final long byteOffset;

  private VariantFormatException(long byteOffset, String message) {
    super(message);
    this.byteOffset = byteOffset;
  }

  /**
   * Builds the exception; a throw site stays one short line so hot methods still inline.
   *
   * @param byteOffset offset of the offending byte in the buffer the caller passed in
   * @param detail a {@link String#format} pattern saying what was expected and what was found
   */
  public static VariantFormatException at(long byteOffset, String detail, Object... args) {
    return new VariantFormatException(
        byteOffset,
        "Invalid variant at byte " + byteOffset + ": " + String.format(Locale.ROOT, detail, args));
  }

  /** Offset of the offending byte in the buffer the caller passed in. */
  public long byteOffset() {
    return byteOffset;
  }
}
