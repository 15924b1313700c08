package io.variant.parquet.read;

import io.variant.parquet.VariantParquetException;
import io.variant.shredding.ShreddedType;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * Converters for a scalar {@code typed_value}: the one place that maps a column's values to the
 * slot's Java value.
 */
final class ScalarConverters {
  private ScalarConverters() {}

  /**
   * The converter for a typed column of type {@code type} at {@code path}, writing into {@code
   * owner}'s current slot.
   */
  static PrimitiveConverter create(ShreddedType type, SlotTarget owner, String path) {
    return switch (type.kind().slotValue()) {
      case BOOLEAN ->
          new PrimitiveConverter() {
            @Override
            public void addBoolean(boolean value) {
              owner.current().setBoolean(value);
            }
          };
      case INTEGER, DATE, TEMPORAL ->
          new PrimitiveConverter() {
            @Override
            public void addInt(int value) {
              owner.current().setLong(value);
            }

            @Override
            public void addLong(long value) {
              owner.current().setLong(value);
            }
          };
      case FLOAT ->
          new PrimitiveConverter() {
            @Override
            public void addFloat(float value) {
              owner.current().setFloat(value);
            }
          };
      case DOUBLE ->
          new PrimitiveConverter() {
            @Override
            public void addDouble(double value) {
              owner.current().setDouble(value);
            }
          };
      case DECIMAL -> decimal(type.scale(), owner, path);
      case BINARY, STRING, UUID ->
          new BinaryConverter() {
            @Override
            void accept(byte[] bytes, int dictionaryId) {
              owner.current().setBytes(bytes);
            }
          };
    };
  }

  /**
   * DECIMAL on INT32, INT64 (unscaled value) or BINARY/FIXED_LEN_BYTE_ARRAY (big-endian two's
   * complement).
   */
  private static PrimitiveConverter decimal(int scale, SlotTarget owner, String path) {
    // No dictionary support: Parquet then decodes dictionaries of any physical type into
    // addInt/addLong/addBinary.
    return new PrimitiveConverter() {
      @Override
      public void addInt(int value) {
        owner.current().setDecimal(value >> 31, value);
      }

      @Override
      public void addLong(long value) {
        owner.current().setDecimal(value >> 63, value);
      }

      @Override
      public void addBinary(org.apache.parquet.io.api.Binary value) {
        byte[] bytes = value.getBytesUnsafe(); // read here, never kept
        int n = bytes.length;
        if (n == 0) {
          owner
              .current()
              .setTypedError(
                  new VariantParquetException(
                      null, path, -1, "Cannot read a decimal from an empty binary", null));
          return;
        }
        if (n > 16) { // more than a decimal16 holds: the rebuild reports it
          owner.current().setDecimal(new BigDecimal(new BigInteger(bytes), scale));
          return;
        }
        // big-endian two's complement, sign-extended to 128 bits
        long high = bytes[0] >> 7;
        long low = high;
        for (byte b : bytes) {
          high = (high << 8) | (low >>> 56);
          low = (low << 8) | (b & 0xFF);
        }
        owner.current().setDecimal(high, low);
      }
    };
  }
}
