// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The Arrow type of a file's top-level primitive (non-VARIANT) column, for the types whose values
 * go into an Arrow vector unchanged: booleans, signed integers, floats, decimals, dates, times and
 * timestamps in micro- or nanoseconds, strings, binaries and UUIDs. spec: Parquet LogicalTypes.md.
 */
final class PlainColumns {
  private PlainColumns() {}

  /** The Arrow type of {@code type}, or {@code null} if the batch reader leaves the column out. */
  static ArrowType arrowType(PrimitiveType type) {
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d) {
      return d.getPrecision() <= 38
          ? new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128)
          : null;
    }
    return switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> a == null ? ArrowType.Bool.INSTANCE : null;
      case INT32 -> int32(a);
      case INT64 -> int64(a);
      case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case BINARY ->
          a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
              ? ArrowType.Utf8.INSTANCE
              : a == null ? ArrowType.Binary.INSTANCE : null;
      case FIXED_LEN_BYTE_ARRAY ->
          a == null || a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation
              ? new ArrowType.FixedSizeBinary(type.getTypeLength())
              : null;
      case INT96 -> null;
    };
  }

  private static ArrowType int32(LogicalTypeAnnotation a) {
    if (a == null) {
      return new ArrowType.Int(32, true);
    }
    if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i && i.isSigned()) {
      return new ArrowType.Int(i.getBitWidth(), true);
    }
    return a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation
        ? new ArrowType.Date(DateUnit.DAY)
        : null;
  }

  private static ArrowType int64(LogicalTypeAnnotation a) {
    if (a == null) {
      return new ArrowType.Int(64, true);
    }
    if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i && i.isSigned()) {
      return new ArrowType.Int(64, true);
    }
    if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
      TimeUnit unit = unit(t.getUnit());
      return unit == null
          ? null
          : new ArrowType.Timestamp(unit, t.isAdjustedToUTC() ? "UTC" : null);
    }
    if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation t
        && t.getUnit() == LogicalTypeAnnotation.TimeUnit.MICROS) {
      return new ArrowType.Time(TimeUnit.MICROSECOND, 64);
    }
    return null;
  }

  private static TimeUnit unit(LogicalTypeAnnotation.TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> TimeUnit.MILLISECOND;
      case MICROS -> TimeUnit.MICROSECOND;
      case NANOS -> TimeUnit.NANOSECOND;
    };
  }
}
