// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files DuckDB writes from typed columns ({@code {'k': CAST(c AS T), ...}::VARIANT}: every type
 * DuckDB has a Variant encoding for, nested in an object and an array, and a drifting field), its
 * shredding off, automatic, and explicit over every field: we read every row exactly as DuckDB
 * reads it (the Variant bytes it encodes for each row: same types, same values), and both equal the
 * values the columns held.
 */
class DuckDbWritesTypedTest {
  private static final long SEED = 20261202L;
  private static final int ROWS = 1000;

  /** How DuckDB shreds the VARIANT column it writes. */
  enum Shredding {
    OFF,
    AUTO,
    EXPLICIT
  }

  private static DuckDb duck;
  private static TypedCorpus corpus;

  @TempDir Path tmp;

  @BeforeAll
  static void start() throws Exception {
    duck = DuckDb.open();
    duck.requireRecordedVersion();
    corpus = TypedCorpus.generate(SEED, ROWS, duckFields(), false);
  }

  @AfterAll
  static void stop() throws Exception {
    duck.close();
  }

  /** The fields DuckDB has a column type for. */
  static Set<TypedField> duckFields() {
    Set<TypedField> fields = EnumSet.noneOf(TypedField.class);
    for (TypedField f : TypedField.values()) {
      if (f.duckType != null) {
        fields.add(f);
      }
    }
    return fields;
  }

  /** DuckDB's SHREDDING option typing every field as itself, {@code mix} as a date. */
  static String explicitShredding(TypedCorpus c) {
    String schema =
        c.schema(
            new TypedCorpus.SchemaSyntax(
                (name, type) -> "\"" + name + "\" " + type,
                members -> "STRUCT(" + members + ")",
                element -> element + "[]",
                f -> f.duckType));
    return "SHREDDING {v: '" + schema + "'}";
  }

  @ParameterizedTest
  @EnumSource(Shredding.class)
  void weReadWhatDuckDbWrites(Shredding shredding) throws Exception {
    Path file = tmp.resolve("duckdb-typed-" + shredding + ".parquet");
    String option =
        switch (shredding) {
          case OFF -> "SHREDDING {v: 'VARIANT'}";
          case AUTO -> "";
          case EXPLICIT -> explicitShredding(corpus);
        };
    duck.writeTyped(corpus, file, option);
    List<Variant> duckRead = duck.readVariantBytes(file, "v");
    OurFiles.ReadBack ours = OurFiles.read(file);
    System.out.println("DuckDB typed " + shredding + " plan: " + ours.plan());
    assertEquals(
        shredding == Shredding.OFF,
        ours.plan().equals(ShreddingPlan.residual()),
        "shredded as configured: " + ours.plan());
    String writer =
        Engine.DUCKDB.label() + " typed columns, shredding " + shredding.name().toLowerCase();
    Comparison.engineWrote(
        writer,
        Engine.DUCKDB,
        "variant_to_parquet_variant",
        Comparison.Equality.VARIANT,
        Set.of(),
        shredding == Shredding.OFF
            ? Set.of(KnownDifference.DUCKDB_DECIMAL_WIDTH_NOT_KEPT)
            : Set.of(),
        corpus.variants(),
        ours.rows(),
        duckRead);
  }
}
