// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The type after {@code ::} in a {@code select} column ({@code $.id::bigint}): the names Spark's
 * {@code variant_get} and DuckDB's casts use, in any case, each mapped to the Arrow type that
 * {@code VariantGet} casts to. {@code variant} (or {@code json}, or no type at all) keeps the value
 * as a Variant. {@code timestamp} alone is refused: it is with time zone in Spark and without in
 * DuckDB.
 */
final class CastType {
  /** The names a user may write, for help and messages. */
  static final String NAMES =
      "boolean, tinyint, smallint, int, bigint, float, double, decimal(P,S), string, binary,"
          + " date, timestamptz, timestamp_ntz, variant";

  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final Map<String, ArrowType> BY_NAME =
      Map.ofEntries(
          Map.entry("boolean", ArrowType.Bool.INSTANCE),
          Map.entry("bool", ArrowType.Bool.INSTANCE),
          Map.entry("tinyint", new ArrowType.Int(8, true)),
          Map.entry("byte", new ArrowType.Int(8, true)),
          Map.entry("smallint", new ArrowType.Int(16, true)),
          Map.entry("short", new ArrowType.Int(16, true)),
          Map.entry("int16", new ArrowType.Int(16, true)),
          Map.entry("int", new ArrowType.Int(32, true)),
          Map.entry("integer", new ArrowType.Int(32, true)),
          Map.entry("int32", new ArrowType.Int(32, true)),
          Map.entry("bigint", INT64),
          Map.entry("long", INT64),
          Map.entry("int64", INT64),
          Map.entry("float", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
          Map.entry("real", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
          Map.entry("float4", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
          Map.entry("double", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
          Map.entry("float8", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
          Map.entry("string", ArrowType.Utf8.INSTANCE),
          Map.entry("varchar", ArrowType.Utf8.INSTANCE),
          Map.entry("text", ArrowType.Utf8.INSTANCE),
          Map.entry("binary", ArrowType.Binary.INSTANCE),
          Map.entry("blob", ArrowType.Binary.INSTANCE),
          Map.entry("date", new ArrowType.Date(DateUnit.DAY)),
          Map.entry("timestamptz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
          Map.entry("timestamp_ltz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
          Map.entry("timestamp_ntz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)));

  private static final Pattern DECIMAL =
      Pattern.compile("(?:decimal|numeric)\\s*\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\)");

  private CastType() {}

  /**
   * The Arrow type named {@code name}, or {@code null} for {@code variant} and {@code json}.
   *
   * @throws IllegalArgumentException naming what is accepted, if {@code name} is none of them
   */
  static ArrowType parse(String name) {
    String n = name.strip().toLowerCase(Locale.ROOT);
    if (n.equals("variant") || n.equals("json")) {
      return null;
    }
    ArrowType t = BY_NAME.get(n);
    if (t != null) {
      return t;
    }
    if (n.equals("int8")) {
      throw new IllegalArgumentException(
          "'int8' is 8 bits in Arrow and Parquet but 8 bytes in DuckDB and PostgreSQL: write"
              + " tinyint (8 bits) or bigint (8 bytes)");
    }
    if (n.equals("timestamp")) {
      throw new IllegalArgumentException(
          "'timestamp' means with time zone in Spark and without in DuckDB: write timestamptz"
              + " (Spark's timestamp, DuckDB's TIMESTAMPTZ) or timestamp_ntz (DuckDB's TIMESTAMP)");
    }
    Matcher m = DECIMAL.matcher(n);
    if (m.matches()) {
      return decimal(m.group(1), m.group(2));
    }
    if (n.equals("decimal") || n.equals("numeric")) {
      throw new IllegalArgumentException(
          "decimal needs its precision and scale, as decimal(18,2): Spark and DuckDB default"
              + " to different ones");
    }
    throw new IllegalArgumentException("unknown type '" + name + "'; types are " + NAMES);
  }

  private static ArrowType decimal(String precisionText, String scaleText) {
    int precision = Integer.parseInt(precisionText.length() > 3 ? "999" : precisionText);
    int scale =
        scaleText == null ? 0 : Integer.parseInt(scaleText.length() > 3 ? "999" : scaleText);
    if (precision < 1 || precision > 38 || scale > precision) {
      throw new IllegalArgumentException(
          "decimal("
              + precisionText
              + (scaleText == null ? "" : "," + scaleText)
              + ")"
              + ": the precision must be 1 to 38 and the scale at most the precision");
    }
    return new ArrowType.Decimal(precision, scale, 128);
  }
}
