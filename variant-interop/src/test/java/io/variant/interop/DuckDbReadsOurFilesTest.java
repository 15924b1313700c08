// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.parquet.schema.ShreddingLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Our files, read by DuckDB, equal the source JSON, whole and path by path. */
class DuckDbReadsOurFilesTest {
  private static final long SEED = 20261124L;
  private static final int ROWS = 2000;

  private static DuckDb duck;
  private static List<Variant> source;

  @TempDir Path tmp;

  @BeforeAll
  static void start() throws Exception {
    duck = DuckDb.open();
    duck.requireRecordedVersion();
    List<String> json = Corpus.documents(SEED, ROWS, true);
    source = OurFiles.parse(json);
  }

  @AfterAll
  static void stop() throws Exception {
    duck.close();
  }

  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void specLayout(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-" + plan + ".parquet");
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC);
    List<Variant> read = duck.readVariants(file, "v");
    Comparison c =
        new Comparison(
            "variant-engine " + plan.name().toLowerCase() + " (spec layout)",
            Engine.DUCKDB.label() + " (CAST AS JSON)",
            Comparison.Equality.JSON_TEXT,
            Set.of(KnownDifference.DUCKDB_NULL_AS_SQL_NULL));
    for (int i = 0; i < source.size(); i++) {
      c.row(i, source.get(i), read.get(i));
    }
    c.finish();
  }

  /**
   * DuckDB's {@code variant_extract} and {@code TRY_CAST} on the {@link CorpusPath}s give the
   * source's value wherever the source holds one of the path's type, and NULL where it is absent:
   * DuckDB's lookups find every key, in small and wide objects, whatever its UTF-16 order.
   */
  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void variantExtractOnTypedPaths(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-extract-" + plan + ".parquet");
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC);
    List<Object[]> rows =
        duck.queryRows(
            "SELECT "
                + String.join(", ", CorpusPath.exprs(false, "v"))
                + " FROM read_parquet("
                + DuckDb.literal(file)
                + ") ORDER BY row");
    CorpusPath.compareAll(
        "variant-engine " + plan.name().toLowerCase() + " (spec layout)",
        p ->
            Engine.DUCKDB.label() + " variant_extract(" + p.jsonPath() + ", " + p.type().duck + ")",
        p -> Set.of(),
        source,
        (i, k) -> rows.get(i)[k]);
  }
}
