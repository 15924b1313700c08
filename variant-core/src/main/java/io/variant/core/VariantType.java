// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.time.temporal.ChronoUnit;
import java.util.Arrays;

/**
 * Every Variant type: the primitive types with their spec ids, plus {@link #OBJECT} and {@link
 * #ARRAY}. This enum is the one place that owns the per-type facts: id, payload size, equivalence
 * class, display name and temporal unit. Short strings report {@link #STRING}: the two forms mean
 * the same thing. spec: VariantEncoding §Encoding types
 *
 * <p>To add a primitive type: add its constant here, then fix the compile errors and test failures
 * that follow (each concern has one exhaustive switch over this enum); the package guide lists
 * where they stop you.
 */
public enum VariantType {
  NULL(0, 0, EquivalenceClass.NULL, "null", null),
  BOOLEAN_TRUE(1, 0, EquivalenceClass.BOOLEAN, "boolean", null),
  BOOLEAN_FALSE(2, 0, EquivalenceClass.BOOLEAN, "boolean", null),
  INT8(3, 1, EquivalenceClass.EXACT_NUMERIC, "int8", null),
  INT16(4, 2, EquivalenceClass.EXACT_NUMERIC, "int16", null),
  INT32(5, 4, EquivalenceClass.EXACT_NUMERIC, "int32", null),
  INT64(6, 8, EquivalenceClass.EXACT_NUMERIC, "int64", null),
  DOUBLE(7, 8, EquivalenceClass.DOUBLE, "double", null),
  /** 1-byte scale then a 4-byte little-endian unscaled value. */
  DECIMAL4(8, 1 + 4, EquivalenceClass.EXACT_NUMERIC, "decimal4", null),
  /** 1-byte scale then an 8-byte little-endian unscaled value. */
  DECIMAL8(9, 1 + 8, EquivalenceClass.EXACT_NUMERIC, "decimal8", null),
  /** 1-byte scale then a 16-byte little-endian unscaled value. */
  DECIMAL16(10, 1 + 16, EquivalenceClass.EXACT_NUMERIC, "decimal16", null),
  /** Signed days since 1970-01-01. */
  DATE(11, 4, EquivalenceClass.DATE, "date", ChronoUnit.DAYS),
  /** Microseconds since the epoch, UTC. */
  TIMESTAMP_MICROS(12, 8, EquivalenceClass.TIMESTAMP, "timestamp", ChronoUnit.MICROS),
  /** Microseconds since the epoch, wall clock (no zone). */
  TIMESTAMP_NTZ_MICROS(13, 8, EquivalenceClass.TIMESTAMP_NTZ, "timestamp_ntz", ChronoUnit.MICROS),
  FLOAT(14, 4, EquivalenceClass.FLOAT, "float", null),
  /** 4-byte length then the bytes. */
  BINARY(15, -1, EquivalenceClass.BINARY, "binary", null),
  /** 4-byte length then UTF-8 (the long form; short strings report this type too). */
  STRING(16, -1, EquivalenceClass.STRING, "string", null),
  /** Microseconds since midnight, no zone. */
  TIME_NTZ_MICROS(17, 8, EquivalenceClass.TIME_NTZ, "time_ntz", ChronoUnit.MICROS),
  /** Nanoseconds since the epoch, UTC. */
  TIMESTAMP_NANOS(18, 8, EquivalenceClass.TIMESTAMP, "timestamp_nanos", ChronoUnit.NANOS),
  /** Nanoseconds since the epoch, wall clock. */
  TIMESTAMP_NTZ_NANOS(
      19, 8, EquivalenceClass.TIMESTAMP_NTZ, "timestamp_ntz_nanos", ChronoUnit.NANOS),
  /** 16 bytes, big-endian (RFC 4122 order): the format's only big-endian field. */
  UUID(20, 16, EquivalenceClass.UUID, "uuid", null),
  OBJECT(-1, -1, EquivalenceClass.OBJECT, "object", null),
  ARRAY(-1, -1, EquivalenceClass.ARRAY, "array", null);

  /**
   * Number of primitive ids this library knows (0 to {@code PRIMITIVE_COUNT - 1}); counted from the
   * constants, which {@code VariantTypeTest} checks are numbered without gaps.
   */
  public static final int PRIMITIVE_COUNT =
      (int) Arrays.stream(values()).filter(VariantType::isPrimitive).count();

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
  private final String displayName;
  private final ChronoUnit unit;

  VariantType(
      int id,
      int payloadSize,
      EquivalenceClass equivalenceClass,
      String displayName,
      ChronoUnit unit) {
    this.id = id;
    this.payloadSize = payloadSize;
    this.equivalenceClass = equivalenceClass;
    this.displayName = displayName;
    this.unit = unit;
  }

  /**
   * The primitive type id (0 to {@code PRIMITIVE_COUNT - 1}), or -1 for {@link #OBJECT} and {@link
   * #ARRAY}.
   */
  public int primitiveId() {
    return id;
  }

  /** True for the primitive types (all but {@link #OBJECT} and {@link #ARRAY}). */
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

  /**
   * The spec's equivalence class: values of one class compare by value whatever their physical
   * type.
   */
  public EquivalenceClass equivalenceClass() {
    return equivalenceClass;
  }

  /**
   * The name tools show for this type: the spec's name, with the unit where the spec has two
   * ({@code timestamp} and {@code timestamp_nanos}); both booleans show as {@code boolean}.
   */
  public String displayName() {
    return displayName;
  }

  /**
   * The unit of a date, time or timestamp payload ({@link ChronoUnit#DAYS}, {@link
   * ChronoUnit#MICROS} or {@link ChronoUnit#NANOS}); {@code null} for every other type.
   */
  public ChronoUnit temporalUnit() {
    return unit;
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
   * True for the types whose JSON form ({@code VariantJson}) is a JSON string: strings, dates,
   * times, timestamps (ISO-8601), UUIDs and binaries (base64). Their text is that string without
   * its quotes, and only a string's can hold characters JSON escapes.
   */
  public boolean isTextInJson() {
    return switch (this) {
      case STRING,
          DATE,
          TIME_NTZ_MICROS,
          TIMESTAMP_MICROS,
          TIMESTAMP_NTZ_MICROS,
          TIMESTAMP_NANOS,
          TIMESTAMP_NTZ_NANOS,
          UUID,
          BINARY ->
          true;
      default -> false;
    };
  }

  /**
   * The primitive type for {@code id}.
   *
   * @param byteOffset where the header sits, for the error message
   * @throws VariantFormatException for ids this library does not know
   */
  public static VariantType ofPrimitiveId(int id, long byteOffset) {
    if (id < 0 || id >= PRIMITIVE_COUNT) {
      throw VariantFormatException.at(byteOffset, "unknown primitive type id %d", id);
    }
    return BY_ID[id];
  }
}
