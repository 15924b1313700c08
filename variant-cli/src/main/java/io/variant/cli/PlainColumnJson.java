// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.io.NumberOutput;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.Base64;
import java.util.Locale;
import java.util.UUID;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The JSON of one value of an ordinary (non-VARIANT) top-level column in {@code cat}'s output, from
 * the stored value the row reader gives and the column's logical type (spec: Parquet
 * LogicalTypes.md), written as a Variant of that type renders: numbers (unsigned integers as
 * unsigned, decimals at their scale), dates, times and timestamps in ISO-8601 (a UTC-adjusted
 * timestamp with {@code +00:00}; INT96 as nanoseconds without an offset), strings, UUIDs, and other
 * binaries in base64.
 */
final class PlainColumnJson {
  private static final long DAY_OF_JULIAN_EPOCH = 2_440_588; // Julian day number of 1970-01-01

  private PlainColumnJson() {}

  /** Appends {@code value} (not null) of column {@code type} as JSON. */
  static void append(PrimitiveType type, Object value, StringBuilder out) {
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      BigInteger unscaled =
          value instanceof byte[] b
              ? new BigInteger(b)
              : BigInteger.valueOf(((Number) value).longValue());
      out.append(new BigDecimal(unscaled, d.getScale()).toPlainString());
      return;
    }
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> out.append(value);
      case INT32, INT64 -> integer(a, ((Number) value).longValue(), out);
      case FLOAT -> number(NumberOutput.toString(((Double) value).floatValue(), true), out);
      case DOUBLE -> number(NumberOutput.toString((Double) value, true), out);
      case BINARY -> string(value instanceof String s ? s : base64((byte[]) value), out);
      case FIXED_LEN_BYTE_ARRAY ->
          string(
              a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation
                  ? uuid((byte[]) value)
                  : base64((byte[]) value),
              out);
      case INT96 -> string(int96((byte[]) value), out);
    }
  }

  private static void integer(LogicalTypeAnnotation a, long v, StringBuilder out) {
    if (a instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
      out.append(i.getBitWidth() == 64 ? Long.toUnsignedString(v) : Long.toString(v & 0xFFFFFFFFL));
    } else if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      string(LocalDate.ofEpochDay(v).toString(), out);
    } else if (a instanceof TimestampLogicalTypeAnnotation t) {
      Instant at = instant(v, t.getUnit());
      String text =
          dateTime(digits(t.getUnit())).format(LocalDateTime.ofInstant(at, ZoneOffset.UTC));
      string(t.isAdjustedToUTC() ? text + "+00:00" : text, out);
    } else if (a instanceof TimeLogicalTypeAnnotation t) {
      long nanosOfDay =
          switch (t.getUnit()) {
            case MILLIS -> v * 1_000_000L;
            case MICROS -> v * 1_000L;
            case NANOS -> v;
          };
      LocalTime at = LocalTime.ofNanoOfDay(nanosOfDay);
      string(time(digits(t.getUnit())).toFormatter(Locale.ROOT).format(at), out);
    } else {
      out.append(v);
    }
  }

  private static Instant instant(long v, TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> Instant.ofEpochMilli(v);
      case MICROS ->
          Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000L), Math.floorMod(v, 1_000_000L) * 1000);
      case NANOS ->
          Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000_000L), Math.floorMod(v, 1_000_000_000L));
    };
  }

  private static int digits(TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> 3;
      case MICROS -> 6;
      case NANOS -> 9;
    };
  }

  /** INT96: nanoseconds of the day, then the Julian day, little-endian (the legacy timestamp). */
  private static String int96(byte[] b) {
    ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = buf.getLong();
    long day = (buf.getInt() & 0xFFFFFFFFL) - DAY_OF_JULIAN_EPOCH;
    LocalDateTime at = LocalDate.ofEpochDay(day).atStartOfDay().plusNanos(nanosOfDay);
    return dateTime(9).format(at);
  }

  private static DateTimeFormatter dateTime(int fractionDigits) {
    return new DateTimeFormatterBuilder()
        .append(DateTimeFormatter.ISO_LOCAL_DATE)
        .appendLiteral('T')
        .append(time(fractionDigits).toFormatter(Locale.ROOT))
        .toFormatter(Locale.ROOT);
  }

  private static DateTimeFormatterBuilder time(int fractionDigits) {
    return new DateTimeFormatterBuilder()
        .appendPattern("HH:mm:ss")
        .appendFraction(ChronoField.NANO_OF_SECOND, fractionDigits, fractionDigits, true);
  }

  private static String uuid(byte[] b) {
    ByteBuffer buf = ByteBuffer.wrap(b); // big-endian, as the spec stores it
    return new UUID(buf.getLong(), buf.getLong()).toString();
  }

  private static String base64(byte[] b) {
    return Base64.getEncoder().encodeToString(b);
  }

  /** A float's or double's shortest text; NaN and the infinities as JSON strings. */
  private static void number(String shortest, StringBuilder out) {
    if (shortest.equals("NaN") || shortest.endsWith("Infinity")) {
      string(shortest, out);
    } else {
      out.append(shortest);
    }
  }

  private static void string(String s, StringBuilder out) {
    out.append('"');
    JsonStringEncoder.getInstance().quoteAsString(s, out);
    out.append('"');
  }
}
