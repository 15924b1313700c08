// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Spark SQL types with no Variant type of their own, cast to VARIANT and written by Spark
 * (unshredded, and shredded with the schema it infers): CHAR and VARCHAR (strings), and maps with
 * string keys, which become objects, one of more than 32 keys and keys whose UTF-8 and UTF-16
 * orders differ (Spark sorts them by UTF-16). We read every row as Spark itself does and as the
 * columns held. The types Spark cannot cast to VARIANT are recorded as a known difference, each
 * asserted to fail, so a Spark that learns one shows up.
 */
class SparkOtherTypesTest {
  private static final int ROWS = 200;

  /** Types the spec has no type for, and maps whose keys are not strings. */
  private static final List<String> WITHOUT_VARIANT_TYPE =
      List.of("INTERVAL '3' DAY", "INTERVAL '1-2' YEAR TO MONTH", "map(1, 'x')");

  @TempDir Path tmp;

  @BeforeAll
  static void start() {
    SparkSessions.requireRecordedVersion();
  }

  @ParameterizedTest
  @EnumSource(
      value = SparkShredding.class,
      names = {"OFF", "INFERRED"})
  void weReadWhatSparkWrites(SparkShredding shredding) throws Exception {
    SparkSession spark = SparkSessions.shared();
    Path dir = tmp.resolve("spark-other-" + shredding);
    String wide =
        "map_from_arrays(transform(sequence(0, 34), k -> format_string('k%02d', k)),"
            + " transform(sequence(0, 34), k -> k * id))";
    SparkSessions.withConf(
        shredding.conf(""),
        () -> {
          spark
              .sql(
                  "SELECT id AS row, to_variant_object(named_struct("
                      + "'c', CAST(concat('c', id) AS CHAR(6)),"
                      + " 'vc', CAST(concat('v', id) AS VARCHAR(8)),"
                      + " 'm', map('b', id, 'a', -id, '\uD83D\uDE00', 1, '\uE000', 2, '\uFF01', 3),"
                      + " 'ms', array(map('k', CAST(id - 100 AS TINYINT))),"
                      + " 'wide', map_concat("
                      + wide
                      + ", map('\uD83D\uDE00', id, '\uE000', 2 * id, '\uFF01', 3 * id))"
                      + ")) AS v FROM range("
                      + ROWS
                      + ")")
              .coalesce(1)
              .write()
              .parquet(dir.toString());
          return null;
        });
    List<Row> sparkRows =
        spark.read().parquet(dir.toString()).orderBy("row").select("v").collectAsList();
    OurFiles.ReadBack ours = OurFiles.read(SparkWritesTest.onlyPartFile(dir));
    System.out.println("Spark other types " + shredding + " plan: " + ours.plan());
    if (shredding == SparkShredding.OFF) {
      // Spark sorts keys by UTF-16 code units: each row's "m" holds U+1F600 before U+E000
      assertEquals(ROWS, SpecOrder.rowsOutOfOrder(ours.rows()), "rows out of the spec's key order");
    }
    String writer = Engine.SPARK.label() + " types without a Variant type, " + shredding.label;
    shredding.compare(writer, truth(), ours.rows(), sparkRows);
  }

  /** What each row's columns held, as JSON (the comparison is logical: integers of any width). */
  private static List<Variant> truth() {
    List<Variant> out = new ArrayList<>();
    for (long id = 0; id < ROWS; id++) {
      StringBuilder wide = new StringBuilder("{");
      for (int k = 0; k <= 34; k++) {
        wide.append(String.format("\"k%02d\": %d, ", k, k * id));
      }
      wide.append(
          String.format(
              "\"\uD83D\uDE00\": %d, \"\uE000\": %d, \"\uFF01\": %d}", id, 2 * id, 3 * id));
      out.add(
          VariantJson.parse(
              String.format(
                  "{\"c\": \"c%d\", \"vc\": \"v%d\","
                      + " \"m\": {\"b\": %d, \"a\": %d, \"\uD83D\uDE00\": 1, \"\uE000\": 2, \"\uFF01\": 3},"
                      + " \"ms\": [{\"k\": %d}], \"wide\": %s}",
                  id, id, id, -id, id - 100, wide)));
    }
    return out;
  }

  /** {@link KnownDifference#SPARK_TYPE_WITHOUT_VARIANT_TYPE}: each cast must still fail. */
  @Test
  void typesWithoutAVariantType() {
    Comparison c =
        new Comparison(
            Engine.SPARK.label() + " (intervals, maps of non-string keys)",
            "-",
            Set.of(KnownDifference.SPARK_TYPE_WITHOUT_VARIANT_TYPE));
    for (String value : WITHOUT_VARIANT_TYPE) {
      Exception e =
          assertThrows(
              Exception.class,
              () -> SparkSessions.shared().sql("SELECT CAST(" + value + " AS VARIANT)"),
              value + " now casts to VARIANT: update SPARK_TYPE_WITHOUT_VARIANT_TYPE");
      assertTrue(String.valueOf(e.getMessage()).contains("DATATYPE_MISMATCH"), e.toString());
    }
    c.observed(KnownDifference.SPARK_TYPE_WITHOUT_VARIANT_TYPE);
    c.finish();
  }
}
