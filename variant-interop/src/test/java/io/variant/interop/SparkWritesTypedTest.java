// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.shredding.ShreddingPlan;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files Spark SQL writes from typed columns ({@code to_variant_object(named_struct(...))}: every
 * type Spark can put in a Variant, nested in an object and an array, and a drifting field), with
 * shredding off, with the schema Spark infers itself, and with a forced schema typing every field:
 * we read every row exactly as Spark reads it (same types, same values), and both equal the values
 * the columns held.
 */
class SparkWritesTypedTest {
  private static final long SEED = 20261201L;
  private static final int ROWS = 1000;

  private static TypedCorpus corpus;

  @TempDir Path tmp;

  @BeforeAll
  static void start() {
    SparkSessions.requireRecordedVersion();
    corpus = TypedCorpus.generate(SEED, ROWS, sparkFields(), false);
  }

  /** The fields Spark SQL has a column type for. */
  static Set<TypedField> sparkFields() {
    Set<TypedField> fields = EnumSet.noneOf(TypedField.class);
    for (TypedField f : TypedField.values()) {
      if (f.sparkType != null) {
        fields.add(f);
      }
    }
    return fields;
  }

  @ParameterizedTest
  @EnumSource(SparkShredding.class)
  void weReadWhatSparkWrites(SparkShredding shredding) throws Exception {
    SparkSession spark = SparkSessions.shared();
    Path dir = tmp.resolve("spark-typed-" + shredding);
    SparkSessions.withConf(
        shredding.conf(SparkTyped.forcedSchema(corpus)),
        () -> {
          SparkTyped.variants(spark, corpus).coalesce(1).write().parquet(dir.toString());
          return null;
        });
    Path file = SparkWritesTest.onlyPartFile(dir);
    List<Row> sparkRows =
        spark.read().parquet(dir.toString()).orderBy("row").select("v").collectAsList();
    OurFiles.ReadBack ours = OurFiles.read(file);
    System.out.println("Spark typed " + shredding + " plan: " + ours.plan());
    assertEquals(
        shredding == SparkShredding.OFF,
        ours.plan().equals(ShreddingPlan.residual()),
        "shredded as configured: " + ours.plan());

    String writer = Engine.SPARK.label() + " typed columns, " + shredding.label;
    shredding.compare(writer, corpus.variants(), ours.rows(), sparkRows);
  }
}
