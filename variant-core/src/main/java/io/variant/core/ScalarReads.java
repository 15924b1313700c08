// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * {@link ValueCursor}'s reads of the scalar at {@code buf[pos]} with header byte {@code header},
 * whose data ends at {@code limit}: the type and the fixed-size payloads, read in place without a
 * {@link Variant} view, with the checks and errors of {@link Variant}'s accessors.
 */
final class ScalarReads {
  private static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** The type of each header byte; null where the primitive id is unknown. */
  private static final VariantType[] TYPE_OF_HEADER = new VariantType[256];

  static {
    for (int h = 0; h < 256; h++) {
      int bt = Layout.basicTypeBits(h);
      int id = Layout.valueHeader(h);
      TYPE_OF_HEADER[h] =
          bt == BasicType.PRIMITIVE.id()
              ? (id < VariantType.PRIMITIVE_COUNT ? VariantType.ofPrimitiveId(id, 0) : null)
              : bt == BasicType.SHORT_STRING.id()
                  ? VariantType.STRING
                  : bt == BasicType.OBJECT.id() ? VariantType.OBJECT : VariantType.ARRAY;
    }
  }

  private ScalarReads() {}

  /**
   * The type of the value with header byte {@code header} at {@code pos}, as {@link
   * Variant#type()}.
   *
   * @throws VariantFormatException for an unknown primitive type id
   */
  static VariantType type(int header, int pos) {
    VariantType t = TYPE_OF_HEADER[header];
    return t != null ? t : VariantType.ofPrimitiveId(Layout.valueHeader(header), pos); // throws
  }

  /**
   * The little-endian payload of a fixed-size primitive of at most 8 bytes, sign-extended: an
   * integer's value, a float's or double's bits, a date's days, a time's or timestamp's count.
   * Decimals have their own reads ({@link #scale}, {@link #unscaled}).
   *
   * @throws VariantTypeException for other types
   * @throws VariantFormatException if the payload runs past the data
   */
  static long fixedPayload(byte[] buf, int pos, int limit, int header) {
    VariantType t = type(header, pos);
    int w = t.fixedPayloadSize();
    if (w <= 0 || w > 8 || t.isDecimal()) {
      throw new VariantTypeException("Cannot read a fixed payload: value is " + t);
    }
    return readSigned(buf, payload(pos, limit, header, w), w);
  }

  /** A little-endian signed integer of {@code w} bytes (1 to 8) at {@code at}, in bounds. */
  private static long readSigned(byte[] buf, int at, int w) {
    switch (w) {
      case 1:
        return buf[at];
      case 2:
        return (short) SHORT_LE.get(buf, at);
      case 4:
        return (int) INT_LE.get(buf, at);
      case 8:
        return (long) LONG_LE.get(buf, at);
      default:
        return LittleEndian.readLong(buf, at, w);
    }
  }

  /**
   * The scale of a decimal4 or decimal8.
   *
   * @throws VariantTypeException for other types
   * @throws VariantFormatException for a scale above 38
   */
  static int scale(byte[] buf, int pos, int limit, int header) {
    int at = payload(pos, limit, header, compactDecimalWidth(header, pos) + 1);
    int scale = buf[at] & 0xFF;
    if (scale > Layout.MAX_DECIMAL_PRECISION) {
      throw VariantFormatException.at(
          at, "decimal scale %d exceeds %d", scale, Layout.MAX_DECIMAL_PRECISION);
    }
    return scale;
  }

  /**
   * The unscaled value of a decimal4 or decimal8.
   *
   * @throws VariantTypeException for other types
   */
  static long unscaled(byte[] buf, int pos, int limit, int header) {
    int w = compactDecimalWidth(header, pos);
    return readSigned(buf, payload(pos, limit, header, w + 1) + 1, w);
  }

  private static int compactDecimalWidth(int header, int pos) {
    VariantType t = type(header, pos);
    if (t != VariantType.DECIMAL4 && t != VariantType.DECIMAL8) {
      throw new VariantTypeException("Cannot read a decimal4 or decimal8: value is " + t);
    }
    return t.fixedPayloadSize() - 1;
  }

  private static int payload(int pos, int limit, int header, int width) {
    int at = pos + 1;
    if (at + width > limit) {
      throw VariantFormatException.at(
          at,
          "primitive id %d needs %d payload bytes, data ends at %d",
          Layout.valueHeader(header),
          width,
          limit);
    }
    return at;
  }
}
