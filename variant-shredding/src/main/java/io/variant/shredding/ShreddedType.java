// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.VariantType;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The type of a scalar {@code typed_value} slot: one of the Parquet-shreddable types of
 * VariantShredding §Shredded Value Types. Decimals carry precision and scale; every other kind has
 * neither.
 *
 * @param kind what the column holds
 * @param precision for {@link Kind#DECIMAL}, 1 to 38; otherwise 0
 * @param scale for {@link Kind#DECIMAL}, 0 to precision; otherwise 0
 */
public record ShreddedType(Kind kind, int precision, int scale) {
  /**
   * The shreddable scalar kinds, named as the plan text form writes them. Each kind says which
   * Variant types its column holds exactly and how a value travels through {@link ShreddedSink} and
   * {@link ShreddedSource} ({@link SlotValue}); the splitter, the rebuilder and the Parquet
   * converters dispatch on that, so a new kind with an existing slot value needs no change there.
   */
  public enum Kind {
    BOOLEAN(SlotValue.BOOLEAN, VariantType.BOOLEAN_TRUE, VariantType.BOOLEAN_FALSE),
    INT8(SlotValue.INTEGER, VariantType.INT8),
    INT16(SlotValue.INTEGER, VariantType.INT16),
    INT32(SlotValue.INTEGER, VariantType.INT32),
    INT64(SlotValue.INTEGER, VariantType.INT64),
    FLOAT(SlotValue.FLOAT, VariantType.FLOAT),
    DOUBLE(SlotValue.DOUBLE, VariantType.DOUBLE),
    /** The rebuilt width goes by the column's precision: see {@link ShreddedType#variantType()}. */
    DECIMAL(SlotValue.DECIMAL, VariantType.DECIMAL4, VariantType.DECIMAL8, VariantType.DECIMAL16),
    DATE(SlotValue.DATE, VariantType.DATE),
    TIME(SlotValue.TEMPORAL, VariantType.TIME_NTZ_MICROS),
    TIMESTAMP(SlotValue.TEMPORAL, VariantType.TIMESTAMP_MICROS),
    TIMESTAMP_NTZ(SlotValue.TEMPORAL, VariantType.TIMESTAMP_NTZ_MICROS),
    TIMESTAMP_NANOS(SlotValue.TEMPORAL, VariantType.TIMESTAMP_NANOS),
    TIMESTAMP_NTZ_NANOS(SlotValue.TEMPORAL, VariantType.TIMESTAMP_NTZ_NANOS),
    BINARY(SlotValue.BINARY, VariantType.BINARY),
    STRING(SlotValue.STRING, VariantType.STRING),
    UUID(SlotValue.UUID, VariantType.UUID);

    private static final Map<VariantType, Kind> BY_VARIANT_TYPE = new EnumMap<>(VariantType.class);

    static {
      for (Kind k : values()) {
        for (VariantType t : k.variantTypes) {
          BY_VARIANT_TYPE.put(t, k);
        }
      }
    }

    private final SlotValue slotValue;
    private final VariantType[] variantTypes;

    Kind(SlotValue slotValue, VariantType... variantTypes) {
      this.slotValue = slotValue;
      this.variantTypes = variantTypes;
    }

    /** How a value of this kind travels through the sink and the source. */
    public SlotValue slotValue() {
      return slotValue;
    }

    /**
     * The kind whose column holds values of {@code type} exactly (before any widening), or {@code
     * null} for Variant null, objects and arrays, which have no scalar column. {@code
     * ShreddedTypeTest} checks that every other primitive type has one.
     */
    public static Kind of(VariantType type) {
      return BY_VARIANT_TYPE.get(type);
    }

    /** The text-form name, e.g. {@code timestamp_ntz_nanos}. */
    public String text() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * How a typed value travels through {@link ShreddedSink} and {@link ShreddedSource}, and which
   * Variant accessor and builder call produce and consume it.
   */
  public enum SlotValue {
    /** {@code typedBoolean}. */
    BOOLEAN,
    /**
     * {@code typedLong} of an exact integer (widened losslessly from any Exact Numeric that fits).
     */
    INTEGER,
    /** {@code typedDecimal} at the column's scale. */
    DECIMAL,
    /** {@code typedFloat}. */
    FLOAT,
    /** {@code typedDouble}. */
    DOUBLE,
    /** {@code typedLong} of days since the epoch. */
    DATE,
    /** {@code typedLong} in the Variant type's {@link VariantType#temporalUnit() unit}. */
    TEMPORAL,
    /** {@code typedBytes}, the bytes as they are. */
    BINARY,
    /** {@code typedBytes}, UTF-8. */
    STRING,
    /** {@code typedBytes}, 16 bytes big-endian. */
    UUID
  }

  public static final ShreddedType BOOLEAN = of(Kind.BOOLEAN);
  public static final ShreddedType INT8 = of(Kind.INT8);
  public static final ShreddedType INT16 = of(Kind.INT16);
  public static final ShreddedType INT32 = of(Kind.INT32);
  public static final ShreddedType INT64 = of(Kind.INT64);
  public static final ShreddedType FLOAT = of(Kind.FLOAT);
  public static final ShreddedType DOUBLE = of(Kind.DOUBLE);
  public static final ShreddedType DATE = of(Kind.DATE);
  public static final ShreddedType TIME = of(Kind.TIME);
  public static final ShreddedType TIMESTAMP = of(Kind.TIMESTAMP);
  public static final ShreddedType TIMESTAMP_NTZ = of(Kind.TIMESTAMP_NTZ);
  public static final ShreddedType TIMESTAMP_NANOS = of(Kind.TIMESTAMP_NANOS);
  public static final ShreddedType TIMESTAMP_NTZ_NANOS = of(Kind.TIMESTAMP_NTZ_NANOS);
  public static final ShreddedType BINARY = of(Kind.BINARY);
  public static final ShreddedType STRING = of(Kind.STRING);
  public static final ShreddedType UUID = of(Kind.UUID);

  public ShreddedType {
    if (kind == null) {
      throw new NullPointerException("kind");
    }
    if (kind == Kind.DECIMAL) {
      if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
        throw new IllegalArgumentException(
            "decimal("
                + precision
                + ","
                + scale
                + ") is invalid: need 1 <= precision <= 38 and 0 <= scale <= precision");
      }
    } else if (precision != 0 || scale != 0) {
      throw new IllegalArgumentException(kind.text() + " takes no precision or scale");
    }
  }

  private static ShreddedType of(Kind kind) {
    return new ShreddedType(kind, 0, 0);
  }

  /** {@code decimal(precision, scale)}. */
  public static ShreddedType decimal(int precision, int scale) {
    return new ShreddedType(Kind.DECIMAL, precision, scale);
  }

  /** The non-decimal type of {@code kind}. */
  public static ShreddedType of(Kind kind, int precision, int scale) {
    return new ShreddedType(kind, precision, scale);
  }

  /**
   * The Variant type a value of this column rebuilds to. Decimals go by precision: up to 9 digits
   * decimal4 (stored as INT32), up to 18 decimal8 (INT64), else decimal16.
   */
  public VariantType variantType() {
    if (kind != Kind.DECIMAL) {
      return kind.variantTypes[0];
    }
    return precision <= 9
        ? VariantType.DECIMAL4
        : precision <= 18 ? VariantType.DECIMAL8 : VariantType.DECIMAL16;
  }

  // Written out, with the generated results: the generated ones link through
  // java.lang.runtime.ObjectMethods on first use, which spins method-handle classes (see
  // ShreddingPlan.ResidualPlan).
  @Override
  public boolean equals(Object o) {
    return o instanceof ShreddedType t
        && kind == t.kind
        && precision == t.precision
        && scale == t.scale;
  }

  @Override
  public int hashCode() {
    return (31 * kind.hashCode() + precision) * 31 + scale;
  }

  /** The text form: {@code int64}, {@code decimal(9,2)}, ... */
  @Override
  public String toString() {
    return kind == Kind.DECIMAL ? "decimal(" + precision + "," + scale + ")" : kind.text();
  }
}
