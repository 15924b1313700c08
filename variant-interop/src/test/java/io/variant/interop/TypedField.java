// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Random;
import java.util.UUID;

/**
 * One primitive field of the {@link TypedCorpus}: the Variant type it holds, how a value of it is
 * drawn, appended to a Variant, written as DuckDB text and typed in Spark SQL and DuckDB (null:
 * that engine has no column type for it), and its type in a shredding plan.
 *
 * <p>Values are plain Java: Boolean, Byte, Short, Integer, Long, Float, Double, BigDecimal (at the
 * field's scale), LocalDate, Instant (timestamps with a zone), LocalDateTime (without), LocalTime,
 * byte[], UUID and String. The names are the field names in the corpus' objects.
 */
enum TypedField {
  BOOL("bool", VariantType.BOOLEAN_TRUE, "boolean", "BOOLEAN", "BOOLEAN"),
  I8("i8", VariantType.INT8, "int8", "TINYINT", "TINYINT"),
  I16("i16", VariantType.INT16, "int16", "SMALLINT", "SMALLINT"),
  I32("i32", VariantType.INT32, "int32", "INT", "INTEGER"),
  I64("i64", VariantType.INT64, "int64", "BIGINT", "BIGINT"),
  FLT("flt", VariantType.FLOAT, "float", "FLOAT", "FLOAT"),
  DBL("dbl", VariantType.DOUBLE, "double", "DOUBLE", "DOUBLE"),
  /** 4-byte decimal: precision 9. */
  DEC4("dec4", VariantType.DECIMAL4, "decimal(9,3)", "DECIMAL(9,3)", "DECIMAL(9,3)"),
  /** 8-byte decimal: precision 18. */
  DEC8("dec8", VariantType.DECIMAL8, "decimal(18,6)", "DECIMAL(18,6)", "DECIMAL(18,6)"),
  /** 16-byte decimal: precision 38. */
  DEC16("dec16", VariantType.DECIMAL16, "decimal(38,10)", "DECIMAL(38,10)", "DECIMAL(38,10)"),
  DATE("date", VariantType.DATE, "date", "DATE", "DATE"),
  /** Timestamp with time zone (UTC instant), microseconds. */
  TS("ts", VariantType.TIMESTAMP_MICROS, "timestamp", "TIMESTAMP", "TIMESTAMPTZ"),
  /** Timestamp without time zone (wall clock), microseconds. */
  TS_NTZ("ts_ntz", VariantType.TIMESTAMP_NTZ_MICROS, "timestamp_ntz", "TIMESTAMP_NTZ", "TIMESTAMP"),
  /** Timestamp with time zone, nanoseconds: neither engine has a column type for it. */
  TS_NANOS("ts_nanos", VariantType.TIMESTAMP_NANOS, "timestamp_nanos", null, null),
  /** Timestamp without time zone, nanoseconds: DuckDB's TIMESTAMP_NS; Spark has none. */
  TS_NTZ_NANOS(
      "ts_ntz_nanos", VariantType.TIMESTAMP_NTZ_NANOS, "timestamp_ntz_nanos", null, "TIMESTAMP_NS"),
  /** Time of day, microseconds; Spark's TIME cannot become a Variant (a known difference). */
  TIME("time", VariantType.TIME_NTZ_MICROS, "time", null, "TIME"),
  BIN("bin", VariantType.BINARY, "binary", "BINARY", "BLOB"),
  UUID_("uuid", VariantType.UUID, "uuid", null, "UUID"),
  STR("str", VariantType.STRING, "string", "STRING", "VARCHAR");

  private static final DateTimeFormatter WALL =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSSSSS");
  private static final LocalDate MIN_DAY = LocalDate.of(1900, 1, 1);
  private static final int DAYS = (int) ChronoUnit.DAYS.between(MIN_DAY, LocalDate.of(2100, 1, 1));
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  /** The key of this field in the corpus' objects. */
  final String key;

  /** The Variant type a value of this field has. */
  final VariantType variantType;

  /** This field's type in a shredding plan's text form. */
  final String planType;

  /** Spark SQL's column type, or null: Spark cannot build a Variant value of this type. */
  final String sparkType;

  /** DuckDB's column type, or null: DuckDB has no such type. */
  final String duckType;

  TypedField(
      String key, VariantType variantType, String planType, String sparkType, String duckType) {
    this.key = key;
    this.variantType = variantType;
    this.planType = planType;
    this.sparkType = sparkType;
    this.duckType = duckType;
  }

  /**
   * A value of this field drawn from {@code rnd}, edge values (NaN and infinities too) now and
   * then.
   */
  Object draw(Random rnd) {
    boolean edge = rnd.nextInt(8) == 0;
    return switch (this) {
      case BOOL -> rnd.nextBoolean();
      case I8 -> edge ? pick(rnd, Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0) : (byte) rnd.nextInt();
      case I16 ->
          edge ? pick(rnd, Short.MIN_VALUE, Short.MAX_VALUE, (short) -1) : (short) rnd.nextInt();
      case I32 -> edge ? pick(rnd, Integer.MIN_VALUE, Integer.MAX_VALUE, 0) : rnd.nextInt();
      case I64 -> edge ? pick(rnd, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 53) : rnd.nextLong();
      case FLT ->
          edge
              ? pick(
                  rnd,
                  -0.0f,
                  Float.MIN_VALUE,
                  Float.MAX_VALUE,
                  -Float.MIN_NORMAL,
                  Float.NaN,
                  Float.POSITIVE_INFINITY,
                  Float.NEGATIVE_INFINITY)
              : (rnd.nextFloat() - 0.5f) * (float) Math.pow(10, rnd.nextInt(20) - 10);
      case DBL ->
          edge
              ? pick(
                  rnd,
                  -0.0,
                  Double.MIN_VALUE,
                  Double.MAX_VALUE,
                  1e-300,
                  Double.NaN,
                  Double.POSITIVE_INFINITY,
                  Double.NEGATIVE_INFINITY)
              : (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(60) - 30);
      case DEC4 -> decimal(rnd, edge, 9, 3);
      case DEC8 -> decimal(rnd, edge, 18, 6);
      case DEC16 -> decimal(rnd, edge, 38, 10);
      case DATE -> MIN_DAY.plusDays(rnd.nextInt(DAYS));
      case TS -> instant(rnd, ChronoUnit.MICROS);
      case TS_NTZ -> LocalDateTime.ofInstant(instant(rnd, ChronoUnit.MICROS), ZoneOffset.UTC);
      case TS_NANOS -> instant(rnd, ChronoUnit.NANOS);
      case TS_NTZ_NANOS -> LocalDateTime.ofInstant(instant(rnd, ChronoUnit.NANOS), ZoneOffset.UTC);
      case TIME -> LocalTime.ofNanoOfDay(Math.floorMod(rnd.nextLong(), MICROS_PER_DAY) * 1000);
      case BIN -> {
        byte[] b = new byte[rnd.nextInt(edge ? 100 : 9)];
        rnd.nextBytes(b);
        yield b;
      }
      case UUID_ -> new UUID(rnd.nextLong(), rnd.nextLong());
      case STR ->
          edge ? "x".repeat(64 + rnd.nextInt(40)) + "\u00E9\uD83D\uDE00" : "s" + rnd.nextInt();
    };
  }

  @SafeVarargs
  private static <T> T pick(Random rnd, T... values) {
    return values[rnd.nextInt(values.length)];
  }

  private static BigDecimal decimal(Random rnd, boolean edge, int precision, int scale) {
    BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    BigInteger unscaled;
    if (edge) {
      unscaled = rnd.nextBoolean() ? max : max.negate();
    } else {
      // any number of digits up to the precision, so small values of a wide type occur too
      unscaled =
          new BigInteger(precision * 10 / 3 + 1, rnd)
              .mod(BigInteger.TEN.pow(1 + rnd.nextInt(precision)));
      unscaled = rnd.nextBoolean() ? unscaled : unscaled.negate();
    }
    return new BigDecimal(unscaled, scale);
  }

  /** An instant between 1900 and 2100, truncated to {@code unit}. */
  private static Instant instant(Random rnd, ChronoUnit unit) {
    long seconds = MIN_DAY.toEpochDay() * 86_400 + Math.floorMod(rnd.nextLong(), DAYS * 86_400L);
    int nanos = rnd.nextInt(1_000_000_000);
    return Instant.ofEpochSecond(seconds, nanos).truncatedTo(unit);
  }

  /** Appends {@code value} (of this field's Java class) to {@code b}. */
  void append(VariantBuilder b, Object value) {
    switch (this) {
      case BOOL -> b.appendBoolean((Boolean) value);
      case I8, I16, I32, I64 -> b.appendInteger(variantType, ((Number) value).longValue());
      case FLT -> b.appendFloat((Float) value);
      case DBL -> b.appendDouble((Double) value);
      case DEC4, DEC8, DEC16 -> b.appendDecimal(variantType, (BigDecimal) value);
      case DATE -> b.appendDate((LocalDate) value);
      case TS -> b.appendTemporal(variantType, micros((Instant) value));
      case TS_NANOS -> b.appendTemporal(variantType, nanos((Instant) value));
      case TS_NTZ ->
          b.appendTemporal(variantType, micros(((LocalDateTime) value).toInstant(ZoneOffset.UTC)));
      case TS_NTZ_NANOS ->
          b.appendTemporal(variantType, nanos(((LocalDateTime) value).toInstant(ZoneOffset.UTC)));
      case TIME -> b.appendTemporal(variantType, ((LocalTime) value).toNanoOfDay() / 1000);
      case BIN -> b.appendBinary((byte[]) value);
      case UUID_ -> b.appendUuid((UUID) value);
      case STR -> b.appendString((String) value);
    }
  }

  /** {@code value} alone as a Variant (null: null). */
  Variant variant(Object value) {
    if (value == null) {
      return null;
    }
    VariantBuilder b = new VariantBuilder();
    append(b, value);
    return b.build();
  }

  /**
   * {@code value} as text DuckDB casts to {@link #duckType} exactly (BLOB text escapes each byte as
   * {@code \xNN}; a timestamp with time zone carries {@code +00}).
   */
  String duckText(Object value) {
    return switch (this) {
      case TS -> WALL.format(LocalDateTime.ofInstant((Instant) value, ZoneOffset.UTC)) + "+00";
      case TS_NTZ, TS_NTZ_NANOS -> WALL.format((LocalDateTime) value);
      case BIN -> {
        StringBuilder s = new StringBuilder();
        for (byte x : (byte[]) value) {
          s.append("\\x").append(HexFormat.of().toHexDigits(x));
        }
        yield s.toString();
      }
      case DEC4, DEC8, DEC16 -> ((BigDecimal) value).toPlainString();
      default -> value.toString();
    };
  }

  /** Spark SQL's value for an external row (Spark takes java.time values and byte[]). */
  Object sparkValue(Object value) {
    return value;
  }

  /**
   * A value Spark or DuckDB returned for this field, as this field's Java class (null: null):
   * java.sql dates and times, DuckDB's blobs and offset timestamps are converted.
   */
  Object fromEngine(Object o) {
    if (o == null) {
      return null;
    }
    return switch (this) {
      case DATE -> o instanceof java.sql.Date d ? d.toLocalDate() : o;
      case TS, TS_NANOS ->
          o instanceof java.time.OffsetDateTime t
              ? t.toInstant()
              : o instanceof java.sql.Timestamp t ? t.toInstant() : o;
      case TS_NTZ, TS_NTZ_NANOS -> o instanceof java.sql.Timestamp t ? t.toLocalDateTime() : o;
      case BIN -> o instanceof java.sql.Blob blob ? bytes(blob) : o;
      default -> o;
    };
  }

  private static byte[] bytes(java.sql.Blob blob) {
    try {
      return blob.getBytes(1, (int) blob.length());
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  private static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
  }

  private static long nanos(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
  }
}
