// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.apache.spark.sql.functions.col;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.schema.ShreddingLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Our files, read by Spark SQL, equal the source: as Variant bytes and through {@code to_json}. */
class SparkReadsOurFilesTest {
  private static final long SEED = 20261125L;
  private static final int ROWS = 2000;

  private static List<Variant> source;

  @TempDir Path tmp;

  @BeforeAll
  static void start() {
    SparkSessions.requireRecordedVersion();
    List<String> json = Corpus.documents(SEED, ROWS, true);
    source = OurFiles.parse(json);
  }

  /**
   * {@code try_variant_get} on the {@link CorpusPath}s (pushed down to typed columns where our plan
   * shredded them) gives the source's value wherever the source holds one of the path's type, and
   * NULL where the path is absent.
   */
  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void variantGetOnTypedPaths(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-get-" + plan + ".parquet");
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC);
    List<Row> rows =
        SparkSessions.shared()
            .read()
            .parquet(file.toString())
            .orderBy("row")
            .selectExpr(CorpusPath.exprs(true, "v").toArray(new String[0]))
            .collectAsList();
    CorpusPath.compareAll(
        "variant-engine " + plan.name().toLowerCase() + " (spec layout)",
        p ->
            Engine.SPARK.label() + " try_variant_get(" + p.jsonPath() + ", " + p.type().spark + ")",
        p -> p.sparkMisses(plan),
        source,
        (i, k) -> rows.get(i).get(k));
  }

  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void specLayout(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-" + plan + ".parquet");
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC);
    SparkSession spark = SparkSessions.shared();
    List<Row> rows =
        spark
            .read()
            .parquet(file.toString())
            .orderBy("row")
            .select(col("v"), org.apache.spark.sql.functions.to_json(col("v")))
            .collectAsList();
    String writer = "variant-engine " + plan.name().toLowerCase() + " (spec layout)";
    Comparison bytes = new Comparison(writer, Engine.SPARK.label() + " (Variant value)");
    Comparison json =
        new Comparison(
            writer, Engine.SPARK.label() + " (to_json)", Comparison.Equality.JSON_TEXT, Set.of());
    for (int i = 0; i < source.size(); i++) {
      Row r = rows.get(i);
      // Spark's own bytes: objects it rebuilt are in UTF-16 key order
      Variant vv = SparkValues.variant(r.get(0));
      bytes.row(i, source.get(i), vv);
      json.row(i, source.get(i), r.isNullAt(1) ? null : VariantJson.parse(r.getString(1)));
    }
    bytes.finish();
    json.finish();
  }
}
