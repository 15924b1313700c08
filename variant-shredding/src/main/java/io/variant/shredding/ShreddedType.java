package io.variant.shredding;

import io.variant.core.VariantType;
import java.util.Locale;

/**
 * The type of a scalar {@code typed_value} slot: one of the Parquet-shreddable types of VariantShredding
 * §Shredded Value Types. Decimals carry precision and scale; every other kind has neither.
 *
 * @param kind what the column holds
 * @param precision for {@link Kind#DECIMAL}, 1 to 38; otherwise 0
 * @param scale for {@link Kind#DECIMAL}, 0 to precision; otherwise 0
 */
public record ShreddedType(Kind kind, int precision, int scale) {
  /** The shreddable scalar kinds, named as the plan text form writes them. */
  public enum Kind {
    BOOLEAN,
    INT8,
    INT16,
    INT32,
    INT64,
    FLOAT,
    DOUBLE,
    DECIMAL,
    DATE,
    TIME,
    TIMESTAMP,
    TIMESTAMP_NTZ,
    TIMESTAMP_NANOS,
    TIMESTAMP_NTZ_NANOS,
    BINARY,
    STRING,
    UUID;

    /** The text-form name, e.g. {@code timestamp_ntz_nanos}. */
    public String text() {
      return name().toLowerCase(Locale.ROOT);
    }
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
            "decimal(" + precision + "," + scale + ") is invalid: need 1 <= precision <= 38 and 0 <= scale <= precision");
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
    return switch (kind) {
      case BOOLEAN -> VariantType.BOOLEAN_TRUE;
      case INT8 -> VariantType.INT8;
      case INT16 -> VariantType.INT16;
      case INT32 -> VariantType.INT32;
      case INT64 -> VariantType.INT64;
      case FLOAT -> VariantType.FLOAT;
      case DOUBLE -> VariantType.DOUBLE;
      case DECIMAL -> precision <= 9 ? VariantType.DECIMAL4 : precision <= 18 ? VariantType.DECIMAL8 : VariantType.DECIMAL16;
      case DATE -> VariantType.DATE;
      case TIME -> VariantType.TIME_NTZ_MICROS;
      case TIMESTAMP -> VariantType.TIMESTAMP_MICROS;
      case TIMESTAMP_NTZ -> VariantType.TIMESTAMP_NTZ_MICROS;
      case TIMESTAMP_NANOS -> VariantType.TIMESTAMP_NANOS;
      case TIMESTAMP_NTZ_NANOS -> VariantType.TIMESTAMP_NTZ_NANOS;
      case BINARY -> VariantType.BINARY;
      case STRING -> VariantType.STRING;
      case UUID -> VariantType.UUID;
    };
  }

  /** The text form: {@code int64}, {@code decimal(9,2)}, ... */
  @Override
  public String toString() {
    return kind == Kind.DECIMAL ? "decimal(" + precision + "," + scale + ")" : kind.text();
  }
}
