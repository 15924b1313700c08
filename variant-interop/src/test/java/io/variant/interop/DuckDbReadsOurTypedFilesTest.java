// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.parquet.schema.ShreddingLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our files of typed values (every Variant primitive type, {@link TypedCorpus}), read by DuckDB:
 * the Variant bytes DuckDB encodes for each row it read ({@code variant_to_parquet_variant}) equal
 * what we wrote, unshredded, with an inferred plan and with a plan typing every field.
 */
class DuckDbReadsOurTypedFilesTest {
  private static final long SEED = 20261204L;
  private static final int ROWS = 1000;

  /**
   * Every type but the nanosecond timestamp with zone, which DuckDB reads but cannot encode again
   * ({@link KnownDifference#DUCKDB_TIMESTAMP_NANOS_TZ_NOT_ENCODABLE}, {@link
   * DuckDbTypeLimitsTest}).
   */
  static final Set<TypedField> DUCKDB_READABLE =
      java.util.EnumSet.complementOf(java.util.EnumSet.of(TypedField.TS_NANOS));

  private static DuckDb duck;
  private static TypedCorpus corpus;

  @TempDir Path tmp;

  @BeforeAll
  static void start() throws Exception {
    duck = DuckDb.open();
    duck.requireRecordedVersion();
    corpus = TypedCorpus.generate(SEED, ROWS, DUCKDB_READABLE, true);
  }

  @AfterAll
  static void stop() throws Exception {
    duck.close();
  }

  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void duckDbReadsEveryType(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-typed-" + plan + ".parquet");
    List<Variant> source = corpus.variants();
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC, corpus.explicitPlan());
    List<Variant> read = duck.readVariantBytes(file, "v");
    String writer = "variant-engine typed values, " + plan.name().toLowerCase() + " (spec layout)";
    Comparison logical =
        new Comparison(writer, Engine.DUCKDB.label() + " (variant_to_parquet_variant)");
    // Physically, DuckDB is compared with our own reading of the file: an inferred plan may widen
    // a value's type (a decimal(9,3) value in a decimal(18,3) column), for every reader alike.
    List<Variant> ours = OurFiles.read(file).rows();
    Comparison physical =
        new Comparison(
            writer,
            Engine.DUCKDB.label() + " vs variant-engine's own reading (physical)",
            Comparison.Equality.PHYSICAL,
            plan == OurFiles.Plan.UNSHREDDED
                ? Set.of(KnownDifference.DUCKDB_DECIMAL_WIDTH_NOT_KEPT)
                : Set.of());
    for (int i = 0; i < source.size(); i++) {
      logical.row(i, source.get(i), read.get(i));
      physical.row(i, ours.get(i), read.get(i));
    }
    logical.finish();
    physical.finish();

    // DuckDB's own casts: each typed path extracted (variant_extract) and cast to its DuckDB type.
    List<String> casts = new ArrayList<>();
    for (TypedCorpus.TypedPath p : corpus.typedPaths()) {
      String at = "v";
      for (String key : p.keys()) {
        at = "variant_extract(" + at + ", '" + key + "')";
      }
      casts.add("TRY_CAST(" + at + " AS " + p.field().duckType + ")");
    }
    List<Object[]> typed =
        duck.queryRows(
            "SELECT "
                + String.join(", ", casts)
                + " FROM read_parquet("
                + DuckDb.literal(file)
                + ") ORDER BY row");
    corpus.compareTypedPaths(
        new Comparison(writer, Engine.DUCKDB.label() + " CAST of " + casts.size() + " typed paths"),
        (i, k) -> typed.get(i)[k]);
  }
}
