// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.parquet.write.SlotColumns.Slot;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.parquet.io.api.Binary;

/**
 * The Parquet values of a split's calls, shared by both sinks ({@link RecordConsumerSink}, {@link
 * LevelSink}): binary encodings of residuals and decimals, and the error for a call the slot's
 * column cannot take.
 */
final class TypedValues {
  private TypedValues() {}

  /** A residual's value bytes, in an array of their own that Parquet may keep. */
  static Binary valueBinary(Variant v) {
    return Binary.fromConstantByteArray(v.valueBytes());
  }

  /**
   * Draft {@code untyped_value}: the value's own metadata followed by the value (the draft layout).
   */
  static Binary concatenated(Variant v) {
    VariantMetadata m = v.metadata();
    byte[] out = new byte[m.length() + v.valueSize()];
    byte[] mb = m.toBytes();
    System.arraycopy(mb, 0, out, 0, mb.length);
    v.copyValueTo(out, mb.length);
    return Binary.fromConstantByteArray(out);
  }

  /**
   * A decimal for a BYTE_ARRAY (minimal big-endian two's complement) or FIXED_LEN_BYTE_ARRAY
   * (sign-extended to the fixed length) column.
   */
  static Binary decimalBinary(Slot s, BigDecimal value) {
    BigInteger unscaled = value.unscaledValue();
    return Binary.fromConstantByteArray(
        s.typedColumn == SlotColumns.TypedColumn.DECIMAL_FIXED
            ? DecimalBytes.signExtended(unscaled, s.fixedLength, s.path)
            : unscaled.toByteArray());
  }

  /**
   * True if a decimal of up to 38 digits given as 128 bits goes to {@code s} through {@link
   * #decimalBinary(Slot, long, long, byte[])}: a BYTE_ARRAY column, or a FIXED_LEN_BYTE_ARRAY of at
   * most 16 bytes.
   */
  static boolean takes128(Slot s) {
    return s.typedColumn == SlotColumns.TypedColumn.DECIMAL_BINARY
        || (s.typedColumn == SlotColumns.TypedColumn.DECIMAL_FIXED && s.fixedLength <= 16);
  }

  /**
   * A decimal given as 128-bit two's complement ({@code high}, {@code low}) as {@link
   * #decimalBinary(Slot, BigDecimal)} encodes it (minimal big-endian bytes for BYTE_ARRAY,
   * sign-extended to the fixed length), written into {@code scratch} (16 bytes) and handed over as
   * a reused Binary: no object per value. Only for slots that {@link #takes128}.
   */
  static Binary decimalBinary(Slot s, long high, long low, byte[] scratch) {
    for (int i = 0; i < 8; i++) {
      scratch[i] = (byte) (high >>> (56 - 8 * i));
      scratch[8 + i] = (byte) (low >>> (56 - 8 * i));
    }
    int start = 0; // first byte kept: the leading bytes that only repeat the sign go
    while (start < 15
        && (scratch[start] == 0 || scratch[start] == -1)
        && (scratch[start + 1] >> 7) == scratch[start]) {
      start++;
    }
    if (s.typedColumn == SlotColumns.TypedColumn.DECIMAL_FIXED) {
      if (16 - start > s.fixedLength) {
        throw new IllegalStateException(
            "Cannot write a decimal of "
                + (16 - start)
                + " bytes into FIXED_LEN_BYTE_ARRAY("
                + s.fixedLength
                + ") at "
                + s.path);
      }
      start = 16 - s.fixedLength; // sign-extended: the bytes before start are sign bytes
    }
    return Binary.fromReusedByteArray(scratch, start, 16 - start);
  }

  /**
   * String, binary or UUID bytes, checked against a fixed length. The splitter reuses the array
   * (ShreddedSink contract: valid during the call), so the Binary is a reused one: Parquet copies
   * it only where it keeps it (a new dictionary entry, a new minimum or maximum) and otherwise
   * writes the bytes into its page, so a typed string costs no allocation.
   */
  static Binary bytesBinary(Slot s, byte[] buffer, int offset, int length) {
    if (s.fixedLength >= 0 && length != s.fixedLength) {
      throw new IllegalStateException(
          "Cannot write "
              + length
              + " bytes into FIXED_LEN_BYTE_ARRAY("
              + s.fixedLength
              + ") at "
              + s.path);
    }
    return Binary.fromReusedByteArray(buffer, offset, length);
  }

  /** A split call the slot's column cannot take: the plan and the schema disagree. */
  static IllegalStateException wrongCall(Slot s, String what) {
    return new IllegalStateException(
        "Cannot write "
            + what
            + " into the typed column at "
            + s.path
            + " ("
            + (s.typedColumn == null ? "not a scalar slot" : s.typedColumn)
            + "): plan and schema disagree");
  }
}
