// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.schema;

import io.variant.shredding.ShreddedType;
import java.math.BigInteger;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The Parquet type of a scalar {@code typed_value}, both ways: the one place that owns the table of
 * VariantShredding §Shredded Value Types (digest §D.2).
 */
final class TypedValueTypes {
  private static final int MAX_INT32_DECIMAL_DIGITS = 9;
  private static final int MAX_INT64_DECIMAL_DIGITS = 18;
  private static final int UUID_BYTES = 16;

  private TypedValueTypes() {}

  /** The optional primitive column {@code name} that stores {@code type}. */
  static PrimitiveType toParquet(ShreddedType type, String name) {
    return switch (type.kind()) {
      case BOOLEAN -> Types.optional(PrimitiveTypeName.BOOLEAN).named(name);
      case INT8 -> int32(LogicalTypeAnnotation.intType(8, true), name);
      case INT16 -> int32(LogicalTypeAnnotation.intType(16, true), name);
      case INT32 -> Types.optional(PrimitiveTypeName.INT32).named(name);
      case INT64 -> Types.optional(PrimitiveTypeName.INT64).named(name);
      case FLOAT -> Types.optional(PrimitiveTypeName.FLOAT).named(name);
      case DOUBLE -> Types.optional(PrimitiveTypeName.DOUBLE).named(name);
      case DECIMAL -> decimal(type.precision(), type.scale(), name);
      case DATE -> int32(LogicalTypeAnnotation.dateType(), name);
      case TIME -> int64(LogicalTypeAnnotation.timeType(false, TimeUnit.MICROS), name);
      case TIMESTAMP -> int64(LogicalTypeAnnotation.timestampType(true, TimeUnit.MICROS), name);
      case TIMESTAMP_NTZ ->
          int64(LogicalTypeAnnotation.timestampType(false, TimeUnit.MICROS), name);
      case TIMESTAMP_NANOS ->
          int64(LogicalTypeAnnotation.timestampType(true, TimeUnit.NANOS), name);
      case TIMESTAMP_NTZ_NANOS ->
          int64(LogicalTypeAnnotation.timestampType(false, TimeUnit.NANOS), name);
      case BINARY -> Types.optional(PrimitiveTypeName.BINARY).named(name);
      case STRING ->
          Types.optional(PrimitiveTypeName.BINARY)
              .as(LogicalTypeAnnotation.stringType())
              .named(name);
      case UUID ->
          Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
              .length(UUID_BYTES)
              .as(LogicalTypeAnnotation.uuidType())
              .named(name);
    };
  }

  private static PrimitiveType int32(LogicalTypeAnnotation annotation, String name) {
    return Types.optional(PrimitiveTypeName.INT32).as(annotation).named(name);
  }

  private static PrimitiveType int64(LogicalTypeAnnotation annotation, String name) {
    return Types.optional(PrimitiveTypeName.INT64).as(annotation).named(name);
  }

  /**
   * INT32 up to 9 digits, INT64 up to 18, else the smallest FIXED_LEN_BYTE_ARRAY that holds 10^P -
   * 1.
   */
  private static PrimitiveType decimal(int precision, int scale, String name) {
    LogicalTypeAnnotation annotation = LogicalTypeAnnotation.decimalType(scale, precision);
    if (precision <= MAX_INT32_DECIMAL_DIGITS) {
      return int32(annotation, name);
    }
    if (precision <= MAX_INT64_DECIMAL_DIGITS) {
      return int64(annotation, name);
    }
    return Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
        .length(decimalBytes(precision))
        .as(annotation)
        .named(name);
  }

  /**
   * Bytes of a big-endian two's complement integer holding ±(10^precision - 1): magnitude bits plus
   * a sign bit.
   */
  static int decimalBytes(int precision) {
    int bits = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE).bitLength() + 1;
    return (bits + 7) / 8;
  }

  /**
   * The shredded type stored by {@code column}.
   *
   * @param path the column's dotted path, for the error
   * @throws VariantSchemaException for a type outside the table (unsigned or narrow INT on INT64,
   *     INT96, TIMESTAMP(MILLIS), TIME other than (false, MICROS), FLOAT16, JSON, BSON, ENUM,
   *     INTERVAL, plain FIXED_LEN_BYTE_ARRAY, a repeated column, ...)
   */
  static ShreddedType fromParquet(PrimitiveType column, String path) {
    if (column.getRepetition() == Type.Repetition.REPEATED) {
      throw unsupported(column, path);
    }
    LogicalTypeAnnotation a = column.getLogicalTypeAnnotation();
    ShreddedType t =
        switch (column.getPrimitiveTypeName()) {
          case BOOLEAN -> a == null ? ShreddedType.BOOLEAN : null;
          case INT32 -> a == null ? ShreddedType.INT32 : int32Annotated(a);
          case INT64 -> a == null ? ShreddedType.INT64 : int64Annotated(a);
          case FLOAT -> a == null ? ShreddedType.FLOAT : null;
          case DOUBLE -> a == null ? ShreddedType.DOUBLE : null;
          case BINARY ->
              a == null
                  ? ShreddedType.BINARY
                  : a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                      ? ShreddedType.STRING
                      : decimalOf(a);
          case FIXED_LEN_BYTE_ARRAY ->
              a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation
                      && column.getTypeLength() == UUID_BYTES
                  ? ShreddedType.UUID
                  : decimalOf(a);
          case INT96 -> null;
        };
    if (t == null) {
      throw unsupported(column, path);
    }
    return t;
  }

  private static VariantSchemaException unsupported(PrimitiveType column, String path) {
    LogicalTypeAnnotation a = column.getLogicalTypeAnnotation();
    // Name the annotation when there is one (INTEGER(32,false)), else the whole column declaration.
    String what =
        a == null || column.getRepetition() == Type.Repetition.REPEATED
            ? column.toString()
            : a + " on " + column.getPrimitiveTypeName();
    return new VariantSchemaException(path, "Unsupported shredded value type: " + what);
  }

  private static ShreddedType int32Annotated(LogicalTypeAnnotation a) {
    if (a instanceof IntLogicalTypeAnnotation) {
      IntLogicalTypeAnnotation i = (IntLogicalTypeAnnotation) a;
      if (!i.isSigned()) {
        return null;
      }
      return switch (i.getBitWidth()) {
        case 8 -> ShreddedType.INT8;
        case 16 -> ShreddedType.INT16;
        case 32 -> ShreddedType.INT32; // parquet-java writes INT(32,true) too
        default -> null;
      };
    }
    if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      return ShreddedType.DATE;
    }
    return decimalOf(a);
  }

  private static ShreddedType int64Annotated(LogicalTypeAnnotation a) {
    if (a instanceof IntLogicalTypeAnnotation) {
      IntLogicalTypeAnnotation i = (IntLogicalTypeAnnotation) a;
      return i.isSigned() && i.getBitWidth() == 64 ? ShreddedType.INT64 : null;
    }
    if (a instanceof TimeLogicalTypeAnnotation) {
      TimeLogicalTypeAnnotation t = (TimeLogicalTypeAnnotation) a;
      return !t.isAdjustedToUTC() && t.getUnit() == TimeUnit.MICROS ? ShreddedType.TIME : null;
    }
    if (a instanceof TimestampLogicalTypeAnnotation) {
      TimestampLogicalTypeAnnotation t = (TimestampLogicalTypeAnnotation) a;
      boolean utc = t.isAdjustedToUTC();
      return switch (t.getUnit()) {
        case MICROS -> utc ? ShreddedType.TIMESTAMP : ShreddedType.TIMESTAMP_NTZ;
        case NANOS -> utc ? ShreddedType.TIMESTAMP_NANOS : ShreddedType.TIMESTAMP_NTZ_NANOS;
        case MILLIS -> null; // no Variant type has millisecond precision
      };
    }
    return decimalOf(a);
  }

  /** decimal(P,S) for a DECIMAL annotation Parquet accepted; null for any other annotation. */
  private static ShreddedType decimalOf(LogicalTypeAnnotation a) {
    if (!(a instanceof DecimalLogicalTypeAnnotation)) {
      return null;
    }
    DecimalLogicalTypeAnnotation d = (DecimalLogicalTypeAnnotation) a;
    int p = d.getPrecision();
    int s = d.getScale();
    boolean representable = p >= 1 && p <= 38 && s >= 0 && s <= p; // the Variant decimal limits
    return representable ? ShreddedType.decimal(p, s) : null;
  }
}
