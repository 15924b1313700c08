// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.parquet.schema.ShreddingLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our files of typed values (not JSON: {@link TypedCorpus}), read by Spark SQL: the Variant value
 * Spark rebuilds, and {@code try_variant_get} of every field as its own Spark type, equal what we
 * wrote, unshredded, with an inferred plan and with a plan typing every field. The types Spark 4.2
 * cannot take in a shredded column or in its functions (time, nanosecond timestamps; uuid in a
 * typed column) are left out here and recorded in {@link SparkTypeLimitsTest}; an unshredded file
 * holding every type passes through Spark unchanged.
 */
class SparkReadsOurTypedFilesTest {
  private static final long SEED = 20261203L;
  private static final int ROWS = 1000;

  /** The fields Spark reads from a typed column and in its functions. */
  static final Set<TypedField> SPARK_READABLE =
      EnumSet.complementOf(
          EnumSet.of(
              TypedField.TIME, TypedField.TS_NANOS, TypedField.TS_NTZ_NANOS, TypedField.UUID_));

  private static TypedCorpus corpus;

  @TempDir Path tmp;

  @BeforeAll
  static void start() {
    SparkSessions.requireRecordedVersion();
    corpus = TypedCorpus.generate(SEED, ROWS, SPARK_READABLE, true);
  }

  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void sparkReadsEveryType(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-typed-" + plan + ".parquet");
    List<Variant> source = corpus.variants();
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC, corpus.explicitPlan());
    List<TypedCorpus.TypedPath> paths = corpus.typedPaths();
    List<String> exprs = new ArrayList<>(List.of("v"));
    for (TypedCorpus.TypedPath p : paths) {
      exprs.add(
          "try_variant_get(v, '$."
              + String.join(".", p.keys())
              + "', '"
              + p.field().sparkType.toLowerCase()
              + "')");
    }
    List<Row> rows =
        SparkSessions.shared()
            .read()
            .parquet(file.toString())
            .orderBy("row")
            .selectExpr(exprs.toArray(new String[0]))
            .collectAsList();
    String writer = "variant-engine typed values, " + plan.name().toLowerCase() + " (spec layout)";
    Comparison value = new Comparison(writer, Engine.SPARK.label() + " (Variant value)");
    Comparison get =
        new Comparison(
            writer, Engine.SPARK.label() + " try_variant_get of " + paths.size() + " typed paths");
    // Physically, Spark is compared with our own reading of the file: an inferred plan may widen
    // a value's type (a decimal(9,3) value in a decimal(18,3) column), for every reader alike.
    List<Variant> ours = OurFiles.read(file).rows();
    Comparison physical =
        new Comparison(
            writer,
            Engine.SPARK.label() + " vs variant-engine's own reading (physical)",
            Comparison.Equality.PHYSICAL,
            plan == OurFiles.Plan.UNSHREDDED
                ? Set.of()
                : Set.of(KnownDifference.SPARK_NUMBER_WIDTH_BY_VALUE));
    for (int i = 0; i < ROWS; i++) {
      Row r = rows.get(i);
      Variant theirs = SparkValues.variant(r.get(0));
      value.row(i, source.get(i), theirs);
      physical.row(i, ours.get(i), theirs);
    }
    value.finish();
    physical.finish();
    corpus.compareTypedPaths(get, (i, k) -> rows.get(i).get(k + 1));
  }

  /** Unshredded, a Variant of every type passes through Spark unchanged, byte for byte types. */
  @Test
  void everyTypePassesThroughUnshredded() throws Exception {
    TypedCorpus all = TypedCorpus.generate(SEED + 1, 300, TypedCorpus.all(), true);
    Path file = tmp.resolve("ours-typed-all-unshredded.parquet");
    List<Variant> source = all.variants();
    OurFiles.write(file, source, OurFiles.Plan.UNSHREDDED, ShreddingLayout.SPEC);
    List<Row> rows =
        SparkSessions.shared()
            .read()
            .parquet(file.toString())
            .orderBy("row")
            .select("v")
            .collectAsList();
    Comparison c =
        new Comparison(
            "variant-engine every type, unshredded",
            Engine.SPARK.label() + " (Variant value, physical)",
            Comparison.Equality.PHYSICAL,
            Set.of());
    for (int i = 0; i < source.size(); i++) {
      c.row(i, source.get(i), SparkValues.variant(rows.get(i).get(0)));
    }
    c.finish();
  }
}
