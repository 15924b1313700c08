// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.CheckedUtf8;
import io.variant.core.VariantFormatException;
import io.variant.parquet.VariantParquetException;
import io.variant.shredding.ShreddedType;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Converters for a scalar {@code typed_value}: the one place that maps a column's values to the
 * slot's Java value.
 */
final class ScalarConverters {
  private static final java.lang.invoke.VarHandle BIG_LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.BIG_ENDIAN);

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
      case INTEGER, DATE, TEMPORAL -> new LongSlots(owner);
      case FLOAT ->
          new PrimitiveConverter() {
            @Override
            public void addFloat(float value) {
              owner.current().setFloat(value);
            }
          };
      case DOUBLE -> new DoubleSlots(owner);
      case DECIMAL -> new DecimalSlots(type.scale(), owner, path);
      case STRING -> new StringConverter(owner);
      case BINARY, UUID -> new BytesConverter(owner);
    };
  }

  /** Binaries and UUIDs: the slot's {@code setBytes}. */
  static final class BytesConverter extends BinaryConverter {
    private final SlotTarget owner;

    BytesConverter(SlotTarget owner) {
      this.owner = owner;
    }

    @Override
    void accept(byte[] bytes, int dictionaryId) {
      owner.current().setBytes(bytes);
    }
  }

  /**
   * How a run of list elements may take this converter's values straight from the page as raw bits,
   * without a call per value: {@link #BITS} if each value becomes the slot's {@code setLong} of the
   * physical value (INT32 sign-extended, INT64, DOUBLE's raw bits: what {@code setLong} and {@code
   * setDouble} store), {@link #UNSCALED} if it becomes a decimal's unscaled value, {@link #WORDS}
   * if it is a decimal's unscaled value in FIXED_LEN_BYTE_ARRAY(16), {@link #NONE} otherwise (FLOAT
   * stays per value: its bits pass through {@code float}).
   */
  static int rawKind(PrimitiveConverter c, PrimitiveTypeName physical, int length) {
    boolean integer = physical == PrimitiveTypeName.INT32 || physical == PrimitiveTypeName.INT64;
    if (c instanceof LongSlots && integer
        || c instanceof DoubleSlots && physical == PrimitiveTypeName.DOUBLE) {
      return BITS;
    }
    if (c instanceof DecimalSlots) {
      if (integer) {
        return UNSCALED;
      }
      return physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY && length == 16 ? WORDS : NONE;
    }
    return NONE;
  }

  static final int NONE = 0;
  static final int BITS = 1;
  static final int UNSCALED = 2;
  static final int WORDS = 3; // a decimal's unscaled value in 16 big-endian bytes

  /** Integers, dates and times: the slot's {@code setLong}. */
  private static final class LongSlots extends PrimitiveConverter {
    private final SlotTarget owner;

    LongSlots(SlotTarget owner) {
      this.owner = owner;
    }

    @Override
    public void addInt(int value) {
      owner.current().setLong(value);
    }

    @Override
    public void addLong(long value) {
      owner.current().setLong(value);
    }
  }

  /** Doubles: the slot's {@code setDouble}. */
  private static final class DoubleSlots extends PrimitiveConverter {
    private final SlotTarget owner;

    DoubleSlots(SlotTarget owner) {
      this.owner = owner;
    }

    @Override
    public void addDouble(double value) {
      owner.current().setDouble(value);
    }
  }

  /**
   * Strings: each dictionary entry is checked as UTF-8 once ({@link CheckedUtf8}), not in every
   * row's rebuild. An entry that is not valid UTF-8 goes on as plain bytes, so the rebuild's own
   * check rejects the rows that use it.
   */
  static final class StringConverter extends BinaryConverter {
    private final SlotTarget owner;
    private CheckedUtf8[] checked = {};
    private boolean[] invalid = {};

    StringConverter(SlotTarget owner) {
      this.owner = owner;
    }

    @Override
    public void setDictionary(Dictionary dictionary) {
      super.setDictionary(dictionary);
      checked = new CheckedUtf8[dictionary.getMaxId() + 1];
      invalid = new boolean[checked.length];
    }

    @Override
    void accept(byte[] bytes, int dictionaryId) {
      if (dictionaryId < 0) {
        owner.current().setBytes(bytes);
        return;
      }
      owner.current().setString(bytes, checked(bytes, dictionaryId));
    }

    /**
     * Dictionary entry {@code dictionaryId} ({@code bytes}, checked by {@link #entry}) checked as
     * UTF-8, or {@code null} if it is not valid UTF-8.
     */
    CheckedUtf8 checked(byte[] bytes, int dictionaryId) {
      CheckedUtf8 c = checked[dictionaryId];
      if (c == null && !invalid[dictionaryId]) {
        try {
          c = CheckedUtf8.copyOf(bytes, 0, bytes.length);
          checked[dictionaryId] = c;
        } catch (VariantFormatException e) {
          invalid[dictionaryId] = true; // reported by each row's rebuild
        }
      }
      return c;
    }
  }

  /**
   * DECIMAL on INT32, INT64 (unscaled value) or BINARY/FIXED_LEN_BYTE_ARRAY (big-endian two's
   * complement).
   */
  private static final class DecimalSlots extends PrimitiveConverter {
    private final int scale;
    private final SlotTarget owner;
    private final String path;

    DecimalSlots(int scale, SlotTarget owner, String path) {
      this.scale = scale;
      this.owner = owner;
      this.path = path;
    }

    // No dictionary support: Parquet then decodes dictionaries of any physical type into
    // addInt/addLong/addBinary.
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
      if (n == 16) { // decimal(38, s) and other FIXED_LEN_BYTE_ARRAY(16): two words
        owner.current().setDecimal((long) BIG_LONGS.get(bytes, 0), (long) BIG_LONGS.get(bytes, 8));
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
  }
}
