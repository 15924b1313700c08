// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.core.path.VariantPath;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * A path into the JSON {@link Corpus} that an engine looks up and casts to a SQL type (Spark's
 * {@code try_variant_get}, DuckDB's {@code variant_extract} and {@code TRY_CAST}): its steps (a
 * String key or an Integer index, 0-based), the type, and which source values that type reads
 * exactly. The paths reach nested objects and arrays, drift, and the keys engines get wrong:
 * unicode keys whose UTF-8 and UTF-16 orders differ, in small and in wide (more than 32 fields)
 * objects.
 */
record CorpusPath(List<Object> steps, SqlType type) {
  /** A SQL type a path is read as, in each engine's spelling. */
  enum SqlType {
    BIGINT("bigint", "BIGINT", v -> v.type().isInteger()),
    STRING("string", "VARCHAR", v -> v.type() == VariantType.STRING),
    BOOLEAN(
        "boolean",
        "BOOLEAN",
        v -> v.type() == VariantType.BOOLEAN_TRUE || v.type() == VariantType.BOOLEAN_FALSE);

    final String spark;
    final String duck;
    final Predicate<Variant> readsExactly;

    SqlType(String spark, String duck, Predicate<Variant> readsExactly) {
      this.spark = spark;
      this.duck = duck;
      this.readsExactly = readsExactly;
    }
  }

  static final List<CorpusPath> ALL =
      List.of(
          of(SqlType.BIGINT, "id"),
          of(SqlType.BIGINT, "big"),
          of(SqlType.STRING, "name"),
          of(SqlType.BOOLEAN, "active"),
          of(SqlType.BIGINT, "drift"),
          of(SqlType.STRING, "drift"),
          of(SqlType.STRING, "user", "name"),
          of(SqlType.STRING, "user", "address", "zip"),
          of(SqlType.STRING, "tags", 0),
          of(SqlType.BIGINT, "items", 1, "qty"),
          of(SqlType.BIGINT, "\uD83D\uDE00"),
          of(SqlType.BIGINT, "\uE000"),
          of(SqlType.BIGINT, "wide", "k35"),
          of(SqlType.BIGINT, "wide", "\uE000"),
          of(SqlType.BIGINT, "wide", "\uFF01"),
          of(SqlType.BIGINT, "wide", "\uD83D\uDE00"));

  private static CorpusPath of(SqlType type, Object... steps) {
    return new CorpusPath(List.of(steps), type);
  }

  /** The path as JSON path text: {@code $.k}, {@code $["k"]} for other keys, {@code [i]}. */
  String jsonPath() {
    StringBuilder s = new StringBuilder("$");
    for (Object step : steps) {
      if (step instanceof Integer i) {
        s.append('[').append(i).append(']');
      } else if (((String) step).matches("[A-Za-z_][A-Za-z0-9_]*")) {
        s.append('.').append(step);
      } else {
        s.append("[\"").append(step).append("\"]"); // corpus keys hold no quote or backslash
      }
    }
    return s.toString();
  }

  /** Spark SQL reading this path of Variant column {@code column}. */
  String sparkExpr(String column) {
    return "try_variant_get(" + column + ", '" + jsonPath() + "', '" + type.spark + "')";
  }

  /** DuckDB reading this path of Variant column {@code column} (its indexes are 1-based). */
  String duckExpr(String column) {
    String at = column;
    for (Object step : steps) {
      at =
          "variant_extract("
              + at
              + ", "
              + (step instanceof Integer i ? Integer.toString(i + 1) : "'" + step + "'")
              + ")";
    }
    return "TRY_CAST(" + at + " AS " + type.duck + ")";
  }

  /** True for the key of wide objects whose UTF-8 and UTF-16 orders disagree most. */
  private boolean wideKeySparkMisses() {
    return steps.equals(List.of("wide", "\uD83D\uDE00"));
  }

  /** The known differences Spark shows on this path of a file planned {@code plan}. */
  Set<KnownDifference> sparkMisses(OurFiles.Plan plan) {
    // Our unshredded objects are in UTF-8 key order, which Spark's binary search over more than
    // 32 fields misreads.
    return plan == OurFiles.Plan.UNSHREDDED && wideKeySparkMisses()
        ? EnumSet.of(KnownDifference.SPARK_WIDE_OBJECT_KEY_MISSED)
        : EnumSet.noneOf(KnownDifference.class);
  }

  /**
   * Compares, in {@code cell}, what an engine read at this path of each source row ({@code
   * read.apply(row)}, a Spark or JDBC value, null: NULL) with the source's value there, then
   * finishes the cell. Rows whose value there has another type (drift) are not compared: casting
   * them is the engine's business; an absent path and a Variant null must read as NULL.
   */
  void compare(Comparison cell, List<Variant> source, IntFunction<Object> read) {
    VariantPath path = VariantPath.parse(jsonPath());
    for (int i = 0; i < source.size(); i++) {
      Variant at = source.get(i) == null ? null : path.extract(source.get(i));
      boolean absent = at == null || at.isNull();
      if (!absent && !type.readsExactly.test(at)) {
        continue;
      }
      cell.row(i, absent ? null : at, SparkValues.toVariant(read.apply(i)));
    }
    cell.finish();
  }

  /**
   * {@link #compare} on every path in a cell of its own, named {@code writer} and {@code
   * reader.apply(path)} and allowing {@code allowed.apply(path)}; {@code read.apply(row, k)} is
   * what the engine read at path {@code k} of the row.
   */
  static void compareAll(
      String writer,
      Function<CorpusPath, String> reader,
      Function<CorpusPath, Set<KnownDifference>> allowed,
      List<Variant> source,
      BiFunction<Integer, Integer, Object> read) {
    for (int k = 0; k < ALL.size(); k++) {
      CorpusPath p = ALL.get(k);
      int column = k;
      p.compare(
          new Comparison(writer, reader.apply(p), allowed.apply(p)),
          source,
          i -> read.apply(i, column));
    }
  }

  /**
   * Our path reader's value at every path of {@code file} (an engine's, {@link OurFiles#project}),
   * in one cell, against the value at the path of the engine's own reading of each row ({@code
   * theirs}), physically, allowing {@code allowed}: where we missed a key of an object in the
   * engine's order, the cell shows a NULL.
   */
  static void projections(
      String writer, Engine engine, Path file, List<Variant> theirs, Set<KnownDifference> allowed)
      throws IOException {
    Comparison c =
        new Comparison(
            writer,
            "variant-engine projection of "
                + ALL.size()
                + " paths vs "
                + engine.label()
                + "'s own reading (physical)",
            Comparison.Equality.PHYSICAL,
            allowed);
    for (CorpusPath p : ALL) {
      VariantPath path = VariantPath.parse(p.jsonPath());
      List<Variant> ours = OurFiles.project(file, path);
      for (int i = 0; i < theirs.size(); i++) {
        c.row(i, theirs.get(i) == null ? null : path.extract(theirs.get(i)), ours.get(i));
      }
    }
    c.finish();
  }

  /** Each path's {@link #sparkExpr} or {@link #duckExpr} over {@code column}. */
  static List<String> exprs(boolean spark, String column) {
    List<String> out = new ArrayList<>();
    for (CorpusPath p : ALL) {
      out.add(spark ? p.sparkExpr(column) : p.duckExpr(column));
    }
    return out;
  }
}
