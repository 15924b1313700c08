// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.CheckedUtf8;
import io.variant.core.Variant;
import java.math.BigDecimal;
import java.nio.ByteBuffer;

/**
 * One row's view of one shredded slot, read by {@link Rebuilder}; the Parquet reader implements it
 * over the values its converters received. Accessors of the typed part may be called only when
 * {@link #hasTyped()} is true and only the one that matches the slot's plan.
 */
public interface ShreddedSource {
  /**
   * The residual ({@code value}) of this slot, or {@code null} if it is null or absent from the
   * schema. In the spec layout it uses the row's metadata; in the draft layout its own.
   */
  Variant residual();

  /**
   * True if the typed part ({@code typed_value}, or the draft's {@code object}/{@code array}) is
   * non-null.
   */
  boolean hasTyped();

  boolean typedBoolean();

  /** Integers, dates (days), times and timestamps (in the slot type's unit). */
  long typedLong();

  float typedFloat();

  double typedDouble();

  /** A decimal with the slot's scale. */
  BigDecimal typedDecimal();

  /**
   * True when the source holds the typed decimal as its unscaled value ({@link
   * #typedUnscaledHigh()}, {@link #typedUnscaledLow()}, at the slot's scale), as Parquet's decimal
   * columns store it: the rebuild then makes no {@code BigDecimal}. {@link #typedDecimal()} still
   * answers.
   */
  default boolean hasUnscaledDecimal() {
    return false;
  }

  /** The high 64 bits of the unscaled decimal in 128-bit two's complement. */
  default long typedUnscaledHigh() {
    throw new UnsupportedOperationException("no unscaled decimal");
  }

  /** The low 64 bits of the unscaled decimal in 128-bit two's complement. */
  default long typedUnscaledLow() {
    throw new UnsupportedOperationException("no unscaled decimal");
  }

  /** Bytes of a string (UTF-8), binary or UUID (16 big-endian bytes). */
  ByteBuffer typedBytes();

  /**
   * The same bytes as {@link #typedBytes()}, as an array that holds exactly them, when the source
   * keeps them so (the rebuild then reads them without a buffer per value); {@code null} otherwise.
   * Callers do not modify it.
   */
  default byte[] typedByteArray() {
    return null;
  }

  /**
   * The same string as {@link #typedBytes()}, already checked as UTF-8, when the source has it so
   * (a string repeated by many rows, such as a Parquet dictionary entry, is then checked once, not
   * per row); {@code null} otherwise, and for typed values that are not strings.
   */
  default CheckedUtf8 typedCheckedString() {
    return null;
  }

  /**
   * Object plan field {@code index}. Returns {@code null} when the field's group itself is null,
   * which only invalid files or the draft layout produce; treat it as missing.
   */
  ShreddedSource field(int index);

  /** Number of elements of the typed list. */
  int elementCount();

  /** Element {@code i} of the typed list. */
  ShreddedSource element(int i);
}
