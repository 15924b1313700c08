// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DuckDB column types with no Variant type of their own, cast to VARIANT and written by DuckDB
 * (shredding off and automatic): unsigned and 128-bit integers, ENUM, UNION, MAP, fixed-size
 * arrays, JSON and the infinite DATE and TIMESTAMP. DuckDB maps each onto a spec type (a UTINYINT
 * becomes an int16, a MAP an array of key/value objects, infinity the type's extreme integer); we
 * read every row as DuckDB itself does, physically, and as the mapping says. The types DuckDB
 * cannot write into a Variant are recorded as known differences, each value asserted to fail, so a
 * DuckDB that learns one shows up.
 */
class DuckDbOtherTypesTest {
  /** A DuckDB type, a value of it per row (SQL text cast to the type), and what each row holds. */
  record Case(String type, List<String> values, List<Consumer<VariantBuilder>> expected) {}

  private static final List<Case> CASES =
      List.of(
          ints("UTINYINT", VariantType.INT16, 0, 200, 255),
          ints("USMALLINT", VariantType.INT32, 0, 40000, 65535),
          ints("UINTEGER", VariantType.INT64, 0, 4294967295L),
          ints("UBIGINT", VariantType.INT64, 0, Long.MAX_VALUE),
          ints("HUGEINT", VariantType.INT64, Long.MIN_VALUE, -1, Long.MAX_VALUE),
          ints("UHUGEINT", VariantType.INT64, 0, Long.MAX_VALUE),
          new Case(
              "ENUM('x', 'y')",
              List.of("'x'", "'y'"),
              List.of(b -> b.appendString("x"), b -> b.appendString("y"))),
          new Case(
              "UNION(i INTEGER, s VARCHAR)",
              List.of("union_value(i := 5)", "union_value(s := 'a')"),
              List.of(b -> b.appendInteger(VariantType.INT32, 5), b -> b.appendString("a"))),
          new Case(
              "MAP(VARCHAR, TINYINT)",
              List.of("MAP {'b': 1, 'a': -2}", "MAP {}"),
              List.of(
                  b -> {
                    b.startArray();
                    entry(b, "b", 1);
                    entry(b, "a", -2);
                    b.endArray();
                  },
                  b -> b.startArray().endArray())),
          new Case(
              "INTEGER[2]",
              List.of("[1, NULL]"),
              List.of(
                  b -> b.startArray().appendInteger(VariantType.INT32, 1).appendNull().endArray())),
          new Case(
              "JSON",
              List.of("'{\"b\": \"s\", \"a\": [true, null, 1.5]}'"),
              List.of(
                  b -> {
                    b.startObject().key("b").appendString("s").key("a");
                    b.startArray().appendBoolean(true).appendNull().appendDouble(1.5).endArray();
                    b.endObject();
                  })),
          // DuckDB's infinities are the type's extreme values, which any reader sees as such
          new Case(
              "DATE",
              List.of("'infinity'", "'-infinity'"),
              List.of(b -> b.appendDate(Integer.MAX_VALUE), b -> b.appendDate(-Integer.MAX_VALUE))),
          new Case(
              "TIMESTAMP",
              List.of("'infinity'", "'-infinity'"),
              List.of(
                  b -> b.appendTimestampNtzMicros(Long.MAX_VALUE),
                  b -> b.appendTimestampNtzMicros(-Long.MAX_VALUE))));

  /**
   * Values with an exact Variant encoding that DuckDB fails to write (timestamp micros; a 16-byte
   * decimal of scale 0 for integers past int64).
   */
  private static final List<String> EXACT_BUT_NOT_ENCODED =
      List.of(
          "TIMESTAMP_S '2020-01-01 00:00:01'",
          "TIMESTAMP_MS '2020-01-01 00:00:01.123'",
          "9223372036854775808::UBIGINT",
          "9223372036854775808::HUGEINT",
          "-9223372036854775809::HUGEINT",
          "9223372036854775808::UHUGEINT");

  /** Values of DuckDB types the spec has no type for. */
  private static final List<String> WITHOUT_VARIANT_TYPE =
      List.of(
          "INTERVAL 3 DAY",
          "TIMETZ '12:34:56+05:30'",
          "'12:00:00.123456789'::TIME_NS",
          "'101'::BIT",
          "123456789012345678901234567890123456789012::BIGNUM");

  private static DuckDb duck;

  @TempDir Path tmp;

  @BeforeAll
  static void start() throws Exception {
    duck = DuckDb.open();
    duck.requireRecordedVersion();
  }

  @AfterAll
  static void stop() throws Exception {
    duck.close();
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void weReadWhatDuckDbWrites(boolean shredded) throws Exception {
    String writer =
        Engine.DUCKDB.label()
            + " types without a Variant type, shredding "
            + (shredded ? "auto" : "off");
    List<Variant> truth = new ArrayList<>();
    List<Variant> ours = new ArrayList<>();
    List<Variant> theirs = new ArrayList<>();
    for (int c = 0; c < CASES.size(); c++) {
      Case k = CASES.get(c);
      Path file = tmp.resolve("other-" + c + "-" + shredded + ".parquet");
      List<String> rows = new ArrayList<>();
      for (int i = 0; i < k.values().size(); i++) {
        rows.add("(" + i + ", CAST(" + k.values().get(i) + " AS " + k.type() + "))");
      }
      duck.copy(
          "SELECT row, {'x': x}::VARIANT AS v FROM (VALUES "
              + String.join(", ", rows)
              + ") t(row, x) ORDER BY row",
          file,
          shredded ? "" : "SHREDDING {v: 'VARIANT'}");
      for (Consumer<VariantBuilder> e : k.expected()) {
        VariantBuilder b = new VariantBuilder();
        b.startObject().key("x");
        e.accept(b);
        truth.add(b.endObject().build());
      }
      ours.addAll(OurFiles.read(file).rows());
      theirs.addAll(duck.readVariantBytes(file, "v"));
    }
    Comparison.engineWrote(
        writer,
        Engine.DUCKDB,
        "variant_to_parquet_variant",
        Comparison.Equality.PHYSICAL,
        Set.of(),
        Set.of(),
        truth,
        ours,
        theirs);
  }

  /** {@link KnownDifference#DUCKDB_EXACT_TYPE_NOT_ENCODED}: each value must still fail. */
  @Test
  void exactTypesDuckDbDoesNotEncode() throws Exception {
    failsEach(
        EXACT_BUT_NOT_ENCODED,
        KnownDifference.DUCKDB_EXACT_TYPE_NOT_ENCODED,
        "TIMESTAMP_S, TIMESTAMP_MS, integers past int64");
  }

  /** {@link KnownDifference#DUCKDB_TYPE_WITHOUT_VARIANT_TYPE}: each value must still fail. */
  @Test
  void typesWithoutAVariantType() throws Exception {
    failsEach(
        WITHOUT_VARIANT_TYPE,
        KnownDifference.DUCKDB_TYPE_WITHOUT_VARIANT_TYPE,
        "INTERVAL, TIMETZ, TIME_NS, BIT, BIGNUM");
  }

  private void failsEach(List<String> values, KnownDifference d, String what) {
    Comparison c = new Comparison(Engine.DUCKDB.label() + " (" + what + ")", "-", Set.of(d));
    for (String value : values) {
      SQLException e =
          assertThrows(
              SQLException.class,
              () ->
                  duck.copy(
                      "SELECT 0 AS row, {'x': " + value + "}::VARIANT AS v",
                      tmp.resolve("fails.parquet"),
                      "SHREDDING {v: 'VARIANT'}"),
              value + " is now written: update " + d.name() + " and add it to CASES");
      assertTrue(
          e.getMessage().contains("Parquet VARIANT") || e.getMessage().contains("out of range"),
          e.getMessage());
    }
    c.observed(d);
    c.finish();
  }

  private static Case ints(String type, VariantType variantType, long... values) {
    List<String> sql = new ArrayList<>();
    List<Consumer<VariantBuilder>> expected = new ArrayList<>();
    for (long v : values) {
      sql.add(Long.toString(v));
      expected.add(b -> b.appendInteger(variantType, v));
    }
    return new Case(type, sql, expected);
  }

  private static void entry(VariantBuilder b, String key, int value) {
    b.startObject().key("key").appendString(key);
    b.key("value").appendInteger(VariantType.INT8, value).endObject();
  }
}
