package io.variant.interop;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.VariantVal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files Spark SQL writes from the JSON corpus ({@code parse_json}), unshredded and shredded ({@code
 * spark.sql.variant.writeShredding.enabled} with a given schema), read by us: every row equals
 * Spark's own reading of the file and the source JSON. Spark sorts object keys by UTF-16 code
 * units, so many rows are out of the spec's key order: the test checks that they occur. (With
 * {@code spark.sql.variant.inferShreddingSchema} and no given schema, Spark 4.2 wrote this corpus
 * unshredded.)
 */
class SparkWritesTest {
  private static final long SEED = 20261127L;
  private static final int ROWS = 2000;

  /** How Spark shreds the VARIANT column it writes. */
  enum Shredding {
    /** {@code spark.sql.variant.writeShredding.enabled=false}. */
    OFF("false", "false", null),
    /**
     * Shredding on, with a given schema ({@code spark.sql.variant.forceShreddingSchemaForTest}).
     */
    FORCED(
        "true",
        "false",
        "struct<id: bigint, name: string, active: boolean, tags: array<string>,"
            + " user: struct<id: bigint, name: string, address: struct<city: string, zip: string>>, big: bigint>");

    final String writeShredding;
    final String infer;
    final String forced;

    Shredding(String writeShredding, String infer, String forced) {
      this.writeShredding = writeShredding;
      this.infer = infer;
      this.forced = forced;
    }
  }

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
  @EnumSource(Shredding.class)
  void weReadWhatSparkWrites(Shredding shredding) throws Exception {
    SparkSession spark = SparkSessions.shared();
    Path dir = tmp.resolve("spark-" + shredding);
    StructType schema =
        new StructType().add("row", DataTypes.LongType, false).add("j", DataTypes.StringType, true);
    List<Row> input = new ArrayList<>();
    for (int i = 0; i < json.size(); i++) {
      input.add(RowFactory.create((long) i, json.get(i)));
    }
    java.util.Map<String, String> conf = new java.util.LinkedHashMap<>();
    conf.put("spark.sql.variant.writeShredding.enabled", shredding.writeShredding);
    conf.put("spark.sql.variant.inferShreddingSchema", shredding.infer);
    if (shredding.forced != null) {
      conf.put("spark.sql.variant.forceShreddingSchemaForTest", shredding.forced);
    }
    SparkSessions.withConf(
        conf,
        () -> {
          spark
              .createDataFrame(input, schema)
              .selectExpr("row", "parse_json(j) AS v")
              .coalesce(1)
              .write()
              .parquet(dir.toString());
          return null;
        });
    Path file = onlyPartFile(dir);
    List<Row> sparkRows =
        spark.read().parquet(dir.toString()).orderBy("row").select(col("v")).collectAsList();
    List<Variant> ours = new ArrayList<>();
    ShreddingPlan plan;
    try (VariantParquetReader r =
        VariantParquetReader.open(
            file,
            VariantReadOptions.defaults().withValidation(VariantReadOptions.Validation.FULL))) {
      plan = r.plans().get("v");
      for (VariantRecord row : r) {
        ours.add(row.variant("v"));
      }
    }
    System.out.println("Spark " + shredding + " plan: " + plan);
    assertEquals(
        shredding == Shredding.OFF,
        plan.equals(ShreddingPlan.residual()),
        "shredded as configured: " + plan);
    long foreignOrder = SpecOrder.rowsOutOfOrder(ours);
    System.out.println(
        "Spark "
            + shredding
            + ": "
            + foreignOrder
            + " rows with objects out of the spec's key order");
    assertTrue(
        foreignOrder > 0,
        "Spark sorts keys by UTF-16 code units; the corpus has keys where that differs");

    String writer =
        Engine.SPARK.label()
            + (shredding == Shredding.OFF ? " unshredded" : " shredded (forced schema)");
    Comparison byUs = new Comparison(writer, "variant-engine");
    Comparison bySpark = new Comparison(writer, Engine.SPARK.label() + " (Variant value)");
    Comparison agree =
        new Comparison(writer, "variant-engine vs " + Engine.SPARK.label() + "'s own reading");
    assertEquals(source.size(), ours.size());
    for (int i = 0; i < source.size(); i++) {
      VariantVal vv = (VariantVal) sparkRows.get(i).get(0);
      Variant theirs = vv == null ? null : Variant.of(vv.getMetadata(), vv.getValue());
      byUs.row(i, source.get(i), ours.get(i));
      bySpark.row(i, source.get(i), theirs);
      agree.row(i, theirs, ours.get(i));
    }
    byUs.finish();
    bySpark.finish();
    agree.finish();
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
