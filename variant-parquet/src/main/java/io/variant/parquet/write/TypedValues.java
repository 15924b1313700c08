package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.parquet.schema.DecimalBytes;
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

  /** Draft {@code untyped_value}: the value's own metadata followed by the value. spec: seed 002 */
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
   * String, binary or UUID bytes, checked against a fixed length. The array is the sink's to keep
   * (ShreddedSink contract: the splitter never reuses it), so a constant Binary lets Parquet keep
   * it as it is in dictionary entries and statistics instead of copying it again.
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
    return Binary.fromConstantByteArray(buffer, offset, length);
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
