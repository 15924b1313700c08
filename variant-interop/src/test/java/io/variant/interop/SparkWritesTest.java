// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files Spark SQL writes from the JSON corpus ({@code parse_json}), unshredded, shredded with the
 * schema Spark infers itself ({@code spark.sql.variant.inferShreddingSchema}) and with a given one,
 * read by us: every row equals Spark's own reading of the file and the source JSON. Spark sorts
 * object keys by UTF-16 code units, so many rows are out of the spec's key order: the test checks
 * that they occur. Spark's inference writes a file unshredded as soon as one row is not an object
 * ({@link KnownDifference#SPARK_INFERENCE_UNSHREDDED_ON_MIXED_ROWS}), so the inferred case writes
 * the corpus' object rows.
 */
class SparkWritesTest {
  private static final long SEED = 20261127L;
  private static final int ROWS = 2000;

  /** The schema given to Spark for {@link SparkShredding#FORCED}. */
  private static final String FORCED_SCHEMA =
      "struct<id: bigint, name: string, active: boolean, tags: array<string>,"
          + " user: struct<id: bigint, name: string, address: struct<city: string, zip: string>>, big: bigint>";

  private static List<String> json;
  private static List<Variant> source;

  @TempDir Path tmp;

  @BeforeAll
  static void start() {
    SparkSessions.requireRecordedVersion();
    json = Corpus.documents(SEED, ROWS, true);
    source = OurFiles.parse(json);
  }

  @ParameterizedTest
  @EnumSource(SparkShredding.class)
  void weReadWhatSparkWrites(SparkShredding shredding) throws Exception {
    SparkSession spark = SparkSessions.shared();
    Path dir = tmp.resolve("spark-" + shredding);
    // Spark's inference gives up on a file whose rows are not all objects (a known difference,
    // recorded below): the inferred case writes the corpus' object rows (and its null) only.
    List<String> json =
        shredding == SparkShredding.INFERRED
            ? SparkWritesTest.json.stream()
                .filter(j -> j.startsWith("{") || j.equals("null"))
                .toList()
            : SparkWritesTest.json;
    List<Variant> source =
        shredding == SparkShredding.INFERRED ? OurFiles.parse(json) : SparkWritesTest.source;
    write(dir, json, shredding);
    Path file = onlyPartFile(dir);
    List<Row> sparkRows =
        spark.read().parquet(dir.toString()).orderBy("row").select(col("v")).collectAsList();
    OurFiles.ReadBack back = OurFiles.read(file);
    List<Variant> ours = back.rows();
    ShreddingPlan plan = back.plan();
    System.out.println("Spark " + shredding + " plan: " + plan);
    assertEquals(
        shredding == SparkShredding.OFF,
        plan.equals(ShreddingPlan.residual()),
        "shredded as configured: " + plan);
    long foreignOrder = SpecOrder.rowsOutOfOrder(ours);
    System.out.println(
        "Spark "
            + shredding
            + ": "
            + foreignOrder
            + " rows with objects out of the spec's key order");
    // Spark's inferred schema shreds every key the order matters for, so its residuals may all
    // be in order; unshredded and with the forced schema, the wide objects stay in the residual.
    assertTrue(
        shredding == SparkShredding.INFERRED || foreignOrder > 0,
        "Spark sorts keys by UTF-16 code units; the corpus has keys where that differs");

    String writer = Engine.SPARK.label() + " " + shredding.label;
    shredding.compare(writer, source, ours, sparkRows);
    CorpusPath.projections(
        writer,
        Engine.SPARK,
        file,
        SparkValues.variants(sparkRows, 0),
        shredding == SparkShredding.OFF
            ? Set.of()
            : Set.of(KnownDifference.SPARK_NUMBER_WIDTH_BY_VALUE));
  }

  /**
   * {@link KnownDifference#SPARK_INFERENCE_UNSHREDDED_ON_MIXED_ROWS}: with inference on, the whole
   * corpus (2% of its rows are not objects) is written unshredded. A fixed Spark fails this test.
   */
  @Test
  void inferenceGivesUpOnMixedRows() throws Exception {
    Path dir = tmp.resolve("spark-inferred-mixed");
    write(dir, json, SparkShredding.INFERRED);
    Comparison c =
        new Comparison(
            Engine.SPARK.label() + " inferred shredding, rows not all objects",
            "-",
            Set.of(KnownDifference.SPARK_INFERENCE_UNSHREDDED_ON_MIXED_ROWS));
    assertEquals(ShreddingPlan.residual(), OurFiles.read(onlyPartFile(dir)).plan());
    c.observed(KnownDifference.SPARK_INFERENCE_UNSHREDDED_ON_MIXED_ROWS);
    c.finish();
  }

  /** Spark writes {@code json} (parse_json) to {@code dir} as one part file, shredded as asked. */
  private static void write(Path dir, List<String> json, SparkShredding shredding) {
    SparkSession spark = SparkSessions.shared();
    StructType schema =
        new StructType().add("row", DataTypes.LongType, false).add("j", DataTypes.StringType, true);
    List<Row> input = new ArrayList<>();
    for (int i = 0; i < json.size(); i++) {
      input.add(RowFactory.create((long) i, json.get(i)));
    }
    SparkSessions.withConf(
        shredding.conf(FORCED_SCHEMA),
        () -> {
          spark
              .createDataFrame(input, schema)
              .selectExpr("row", "parse_json(j) AS v")
              .coalesce(1)
              .write()
              .parquet(dir.toString());
          return null;
        });
  }

  static Path onlyPartFile(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> parts =
          files.filter(p -> p.getFileName().toString().endsWith(".parquet")).toList();
      assertEquals(1, parts.size(), "one part file: " + parts);
      return parts.get(0);
    }
  }
}
