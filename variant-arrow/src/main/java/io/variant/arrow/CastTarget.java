// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.core.internal.FloatingDecimals;
import io.variant.core.internal.TemporalText;
import io.variant.core.json.VariantJson;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.temporal.ChronoUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The Arrow types {@link VariantGet} casts to, and how a Variant value becomes each: the table in
 * {@link VariantGet}'s Javadoc, which is the contract.
 */
final class CastTarget {
  private enum Kind {
    BOOLEAN,
    INT8,
    INT16,
    INT32,
    INT64,
    FLOAT,
    DOUBLE,
    DECIMAL,
    STRING,
    BINARY,
    DATE,
    TIMESTAMP,
    TIMESTAMP_NTZ
  }

  private static final String SUPPORTED =
      "Bool, Int(8|16|32|64, signed), FloatingPoint(SINGLE|DOUBLE), Decimal(p, s, 128), Utf8,"
          + " Binary, Date(DAY), Timestamp(MICROSECOND, zone or none)";

  private final ArrowType type;
  private final Kind kind;

  private CastTarget(ArrowType type, Kind kind) {
    this.type = type;
    this.kind = kind;
  }

  /**
   * @throws IllegalArgumentException for a type not in the list above
   */
  static CastTarget of(ArrowType type) {
    Kind kind = kindOf(type);
    if (kind == null) {
      throw new IllegalArgumentException(
          "Cannot get a Variant path as " + type + ": supported are " + SUPPORTED);
    }
    return new CastTarget(type, kind);
  }

  private static Kind kindOf(ArrowType type) {
    if (type instanceof ArrowType.Bool) {
      return Kind.BOOLEAN;
    }
    if (type instanceof ArrowType.Int i && i.getIsSigned()) {
      return switch (i.getBitWidth()) {
        case 8 -> Kind.INT8;
        case 16 -> Kind.INT16;
        case 32 -> Kind.INT32;
        case 64 -> Kind.INT64;
        default -> null;
      };
    }
    if (type instanceof ArrowType.FloatingPoint f) {
      return f.getPrecision() == FloatingPointPrecision.SINGLE
          ? Kind.FLOAT
          : f.getPrecision() == FloatingPointPrecision.DOUBLE ? Kind.DOUBLE : null;
    }
    if (type instanceof ArrowType.Decimal d) {
      return d.getBitWidth() == 128 ? Kind.DECIMAL : null;
    }
    if (type instanceof ArrowType.Utf8) {
      return Kind.STRING;
    }
    if (type instanceof ArrowType.Binary) {
      return Kind.BINARY;
    }
    if (type instanceof ArrowType.Date d) {
      return d.getUnit() == DateUnit.DAY ? Kind.DATE : null;
    }
    if (type instanceof ArrowType.Timestamp t && t.getUnit() == TimeUnit.MICROSECOND) {
      return t.getTimezone() == null ? Kind.TIMESTAMP_NTZ : Kind.TIMESTAMP;
    }
    return null;
  }

  ArrowType type() {
    return type;
  }

  /** An empty nullable vector of this type. */
  FieldVector newVector(String name, BufferAllocator allocator) {
    return FieldType.nullable(type).createNewSingleVector(name, allocator, null);
  }

  /**
   * Writes {@code v} (not a Variant null) cast to this type at {@code row} of {@code out}; false,
   * writing nothing, when it does not cast.
   */
  boolean write(FieldVector out, int row, Variant v) {
    VariantType t = v.type();
    switch (kind) {
      case BOOLEAN -> {
        Boolean b = booleanOf(v, t);
        if (b == null) {
          return false;
        }
        ((BitVector) out).setSafe(row, b ? 1 : 0);
      }
      case INT8, INT16, INT32, INT64 -> {
        BigDecimal d = numberOf(v, t);
        int bits = kind == Kind.INT8 ? 8 : kind == Kind.INT16 ? 16 : kind == Kind.INT32 ? 32 : 64;
        if (d == null || !fitsInteger(d, bits)) {
          return false;
        }
        long x = d.longValueExact();
        switch (kind) {
          case INT8 -> ((TinyIntVector) out).setSafe(row, (byte) x);
          case INT16 -> ((SmallIntVector) out).setSafe(row, (short) x);
          case INT32 -> ((IntVector) out).setSafe(row, (int) x);
          default -> ((BigIntVector) out).setSafe(row, x);
        }
      }
      case FLOAT, DOUBLE -> {
        double x;
        boolean zero;
        if (t == VariantType.DOUBLE || t == VariantType.FLOAT) {
          double source = t == VariantType.DOUBLE ? v.doubleValue() : v.floatValue();
          x = kind == Kind.FLOAT ? (float) source : source;
          if (!Double.isFinite(source)) {
            zero = false; // NaN and infinities are values of both types: kept
          } else if (!Double.isFinite(x)) {
            return false;
          } else {
            zero = source == 0;
          }
        } else {
          BigDecimal d = numberOf(v, t);
          if (d == null) {
            return false;
          }
          x = kind == Kind.FLOAT ? d.floatValue() : d.doubleValue(); // one rounding, not two
          zero = d.signum() == 0;
          if (!Double.isFinite(x)) {
            return false; // beyond the type's range: infinity would be another value
          }
        }
        if (x == 0 && !zero) {
          return false; // too small for the type: 0 would be another value
        }
        if (kind == Kind.FLOAT) {
          ((Float4Vector) out).setSafe(row, (float) x);
        } else {
          ((Float8Vector) out).setSafe(row, x);
        }
      }
      case DECIMAL -> {
        ArrowType.Decimal dt = (ArrowType.Decimal) type;
        BigDecimal d = numberOf(v, t);
        if (d == null) {
          return false;
        }
        BigDecimal scaled = d.setScale(dt.getScale(), RoundingMode.HALF_UP);
        if (scaled.precision() > dt.getPrecision() && scaled.signum() != 0) {
          return false;
        }
        ((DecimalVector) out).setSafe(row, scaled);
      }
      case STRING -> {
        ((VarCharVector) out).setSafe(row, textOf(v, t).getBytes(StandardCharsets.UTF_8));
      }
      case BINARY -> {
        if (t != VariantType.BINARY) {
          return false;
        }
        ((VarBinaryVector) out).setSafe(row, v.binaryValue());
      }
      case DATE -> {
        Integer day = dayOf(v, t);
        if (day == null) {
          return false;
        }
        ((DateDayVector) out).setSafe(row, day);
      }
      case TIMESTAMP, TIMESTAMP_NTZ -> {
        Long micros = microsOf(v, t, kind == Kind.TIMESTAMP);
        if (micros == null) {
          return false;
        }
        ((TimeStampVector) out).setSafe(row, micros);
      }
    }
    return true;
  }

  /**
   * A value as text: a string as it is; a date, time, timestamp, UUID or binary as the text its
   * JSON form quotes (as {@code VariantJson} writes it: ISO-8601, base64); anything else as its
   * JSON.
   */
  private static String textOf(Variant v, VariantType t) {
    if (t == VariantType.STRING) {
      return v.stringValue();
    }
    String json = VariantJson.toJson(v);
    return t.isTextInJson() ? json.substring(1, json.length() - 1) : json; // nothing to unescape
  }

  /**
   * The date of a date, of a timestamp (with a zone: its UTC date; without: its wall date), or of
   * text ({@link TemporalText}: the date written); {@code null} for anything else.
   */
  private static Integer dayOf(Variant v, VariantType t) {
    if (t == VariantType.DATE) {
      return v.epochDay();
    }
    if (t == VariantType.STRING) {
      TemporalText.Parsed p = TemporalText.parse(v.stringValue());
      return p == null ? null : Math.toIntExact(p.local().toLocalDate().toEpochDay());
    }
    if (t == VariantType.TIMESTAMP_NANOS || t == VariantType.TIMESTAMP_NTZ_NANOS) {
      // its date is exact whatever its digits below the microsecond
      long nanosPerDay = ChronoUnit.DAYS.getDuration().toNanos();
      return Math.toIntExact(Math.floorDiv(v.temporalValue(), nanosPerDay));
    }
    Long micros = timestampMicros(v, t);
    return micros == null ? null : TemporalText.epochDay(micros);
  }

  /**
   * Microseconds since the epoch for a timestamp target, {@code zoned} or not: a timestamp of
   * either kind (one without a zone read as UTC, as one with a zone written as UTC), a date at
   * midnight, or text ({@link TemporalText}: its zone applied for a zoned target, and ignored, the
   * wall time kept, for one without, as Spark casts); {@code null} for anything else.
   */
  private static Long microsOf(Variant v, VariantType t, boolean zoned) {
    try {
      if (t == VariantType.DATE) {
        return TemporalText.midnightMicros(v.epochDay());
      }
      if (t == VariantType.STRING) {
        TemporalText.Parsed p = TemporalText.parse(v.stringValue());
        return p == null ? null : zoned ? p.utcMicros() : p.localMicros();
      }
    } catch (ArithmeticException e) {
      return null; // a date or text beyond the microseconds a long holds
    }
    return timestampMicros(v, t);
  }

  /**
   * A timestamp's microseconds, of either kind; {@code null} for other types and for nanoseconds
   * that are not whole microseconds.
   */
  private static Long timestampMicros(Variant v, VariantType t) {
    switch (t) {
      case TIMESTAMP_MICROS, TIMESTAMP_NTZ_MICROS -> {
        return v.temporalValue();
      }
      case TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS -> {
        long nanos = v.temporalValue();
        long perMicro = ChronoUnit.MICROS.getDuration().toNanos();
        return nanos % perMicro != 0 ? null : nanos / perMicro;
      }
      default -> {
        return null;
      }
    }
  }

  private static Boolean booleanOf(Variant v, VariantType t) {
    if (t == VariantType.BOOLEAN_TRUE || t == VariantType.BOOLEAN_FALSE) {
      return v.booleanValue();
    }
    if (t == VariantType.STRING) {
      String s = v.stringValue();
      return s.equalsIgnoreCase("true")
          ? Boolean.TRUE
          : s.equalsIgnoreCase("false") ? Boolean.FALSE : null;
    }
    return null;
  }

  /** The exact value of a number or a numeric string; {@code null} for anything else. */
  private static BigDecimal numberOf(Variant v, VariantType t) {
    if (t.isInteger() || t.isDecimal()) {
      return v.decimalValue();
    }
    if (t == VariantType.DOUBLE || t == VariantType.FLOAT) {
      // the number its text shows, as Spark casts it: 1.005 rounds to 1.01, not 1.00
      return t == VariantType.FLOAT
          ? FloatingDecimals.of(v.floatValue())
          : FloatingDecimals.of(v.doubleValue());
    }
    if (t == VariantType.STRING) {
      try {
        return new BigDecimal(v.stringValue().strip());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  private static boolean fitsInteger(BigDecimal d, int bits) {
    if (d.signum() == 0) {
      return true;
    }
    if (d.precision() - d.scale() > 19) { // more integer digits than any long: skip the exact math
      return false;
    }
    BigDecimal integral = d.stripTrailingZeros();
    if (integral.scale() > 0) {
      return false;
    }
    long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
    long min = bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
    return integral.compareTo(BigDecimal.valueOf(max)) <= 0
        && integral.compareTo(BigDecimal.valueOf(min)) >= 0;
  }
}
