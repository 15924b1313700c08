package io.variant.core;

/**
 * Every Variant type: the 21 primitive types with their spec ids, plus {@link #OBJECT} and {@link #ARRAY}.
 * This enum is the one place that owns the ids, header bytes and payload sizes. Short strings report
 * {@link #STRING}: the two forms mean the same thing. spec: VariantEncoding §Encoding types
 *
 * <p>To add a primitive type: add its constant here, then fix the compile errors that follow (each
 * concern has one exhaustive switch over this enum).
 */
public enum VariantType {
  NULL(0, 0, EquivalenceClass.NULL),
  BOOLEAN_TRUE(1, 0, EquivalenceClass.BOOLEAN),
  BOOLEAN_FALSE(2, 0, EquivalenceClass.BOOLEAN),
  INT8(3, 1, EquivalenceClass.EXACT_NUMERIC),
  INT16(4, 2, EquivalenceClass.EXACT_NUMERIC),
  INT32(5, 4, EquivalenceClass.EXACT_NUMERIC),
  INT64(6, 8, EquivalenceClass.EXACT_NUMERIC),
  DOUBLE(7, 8, EquivalenceClass.DOUBLE),
  /** 1-byte scale then a 4-byte little-endian unscaled value. */
  DECIMAL4(8, 5, EquivalenceClass.EXACT_NUMERIC),
  /** 1-byte scale then an 8-byte little-endian unscaled value. */
  DECIMAL8(9, 9, EquivalenceClass.EXACT_NUMERIC),
  /** 1-byte scale then a 16-byte little-endian unscaled value. */
  DECIMAL16(10, 17, EquivalenceClass.EXACT_NUMERIC),
  /** Signed days since 1970-01-01. */
  DATE(11, 4, EquivalenceClass.DATE),
  /** Microseconds since the epoch, UTC. */
  TIMESTAMP_MICROS(12, 8, EquivalenceClass.TIMESTAMP),
  /** Microseconds since the epoch, wall clock (no zone). */
  TIMESTAMP_NTZ_MICROS(13, 8, EquivalenceClass.TIMESTAMP_NTZ),
  FLOAT(14, 4, EquivalenceClass.FLOAT),
  /** 4-byte length then the bytes. */
  BINARY(15, -1, EquivalenceClass.BINARY),
  /** 4-byte length then UTF-8 (the long form; short strings report this type too). */
  STRING(16, -1, EquivalenceClass.STRING),
  /** Microseconds since midnight, no zone. */
  TIME_NTZ_MICROS(17, 8, EquivalenceClass.TIME_NTZ),
  /** Nanoseconds since the epoch, UTC. */
  TIMESTAMP_NANOS(18, 8, EquivalenceClass.TIMESTAMP),
  /** Nanoseconds since the epoch, wall clock. */
  TIMESTAMP_NTZ_NANOS(19, 8, EquivalenceClass.TIMESTAMP_NTZ),
  /** 16 bytes, big-endian (RFC 4122 order): the format's only big-endian field. */
  UUID(20, 16, EquivalenceClass.UUID),
  OBJECT(-1, -1, EquivalenceClass.OBJECT),
  ARRAY(-1, -1, EquivalenceClass.ARRAY);

  /** Number of primitive ids defined by the spec (0 to 20). */
  public static final int PRIMITIVE_COUNT = 21;

  private static final VariantType[] BY_ID = new VariantType[PRIMITIVE_COUNT];

  static {
    for (VariantType t : values()) {
      if (t.id >= 0) {
        BY_ID[t.id] = t;
      }
    }
  }

  private final int id;
  private final int payloadSize;
  private final EquivalenceClass equivalenceClass;

  VariantType(int id, int payloadSize, EquivalenceClass equivalenceClass) {
    this.id = id;
    this.payloadSize = payloadSize;
    this.equivalenceClass = equivalenceClass;
  }

  /** The primitive type id (0 to 20), or -1 for {@link #OBJECT} and {@link #ARRAY}. */
  public int primitiveId() {
    return id;
  }

  /** True for the 21 primitive types. */
  public boolean isPrimitive() {
    return id >= 0;
  }

  /** Bytes after the header for fixed-size primitives; -1 for binary, string, object and array. */
  public int fixedPayloadSize() {
    return payloadSize;
  }

  /** The header byte of a primitive of this type. */
  public int headerByte() {
    if (id < 0) {
      throw new IllegalStateException(this + " has no primitive header");
    }
    return (id << Layout.VALUE_HEADER_SHIFT) | BasicType.PRIMITIVE.id();
  }

  public EquivalenceClass equivalenceClass() {
    return equivalenceClass;
  }

  /** True for int8 to int64. */
  public boolean isInteger() {
    return this == INT8 || this == INT16 || this == INT32 || this == INT64;
  }

  /** True for decimal4, decimal8 and decimal16. */
  public boolean isDecimal() {
    return this == DECIMAL4 || this == DECIMAL8 || this == DECIMAL16;
  }

  /**
   * The primitive type for {@code id}.
   *
   * @param byteOffset where the header sits, for the error message
   * @throws VariantFormatException for ids outside 0 to 20
   */
  public static VariantType ofPrimitiveId(int id, long byteOffset) {
    if (id < 0 || id >= PRIMITIVE_COUNT) {
      throw VariantFormatException.at(byteOffset, "unknown primitive type id %d", id);
    }
    return BY_ID[id];
  }
}
