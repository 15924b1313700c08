// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files DuckDB writes from the JSON corpus (its shredding off, automatic, and with an explicit
 * schema), read by us and by DuckDB itself: we read every row exactly as DuckDB does, and both
 * equal the source JSON up to what DuckDB changed when it wrote the file (named known differences).
 */
class DuckDbWritesTest {
  private static final long SEED = 20261126L;
  private static final int ROWS = 2000;

  /** How DuckDB shreds the VARIANT column it writes. */
  enum Shredding {
    /** {@code SHREDDING {v: 'VARIANT'}}: unshredded; objects keep their insertion order. */
    OFF("SHREDDING {v: 'VARIANT'}"),
    /** DuckDB's default: it infers a shredding schema (for this corpus, whatever the row count). */
    AUTO(""),
    /** An explicit shredding schema over the corpus' common paths. */
    EXPLICIT(
        "SHREDDING {v: 'STRUCT(id BIGINT, name VARCHAR, active BOOLEAN, tags VARCHAR[], "
            + "\"user\" STRUCT(id BIGINT, name VARCHAR, address STRUCT(city VARCHAR, zip VARCHAR)), big BIGINT)'}");

    final String copyOption;

    Shredding(String copyOption) {
      this.copyOption = copyOption;
    }
  }

  private static DuckDb duck;
  private static List<String> json;
  private static List<Variant> source;

  @TempDir Path tmp;

  @BeforeAll
  static void start() throws Exception {
    duck = DuckDb.open();
    duck.requireRecordedVersion();
    json = Corpus.documents(SEED, ROWS, false);
    source = OurFiles.parse(json);
  }

  @AfterAll
  static void stop() throws Exception {
    duck.close();
  }

  @ParameterizedTest
  @EnumSource(Shredding.class)
  void weReadWhatDuckDbWrites(Shredding shredding) throws Exception {
    Path file = tmp.resolve("duckdb-" + shredding + ".parquet");
    duck.writeJsonAsVariant(json, file, shredding.copyOption);
    // the Variant bytes DuckDB encodes for what it read: unlike its JSON text, they keep types
    List<Variant> duckRead = duck.readVariantBytes(file, "v");
    List<Variant> ours = OurFiles.read(file).rows();
    String writer = Engine.DUCKDB.label() + " shredding " + shredding.name().toLowerCase();
    // What DuckDB writes differs from the JSON in the same ways whoever reads it; DuckDB's own
    // reading adds one.
    Set<KnownDifference> inFile =
        EnumSet.of(
            KnownDifference.DUCKDB_JSON_NUMBERS_AS_DOUBLE, KnownDifference.DUCKDB_NULL_AS_SQL_NULL);
    if (shredding == Shredding.AUTO) {
      inFile.add(
          KnownDifference
              .DUCKDB_EMPTY_KEY_RENAMED); // the explicit schema leaves "" in the residual
    }
    assertEquals(source.size(), ours.size());
    long foreignOrder = SpecOrder.rowsOutOfOrder(ours);
    System.out.println(
        "DuckDB "
            + shredding
            + ": "
            + foreignOrder
            + " rows with objects out of the spec's key order");
    if (shredding == Shredding.OFF) {
      assertTrue(
          foreignOrder > 100,
          "DuckDB keeps insertion order in unshredded objects: " + foreignOrder);
    }
    Comparison.engineWrote(
        writer,
        Engine.DUCKDB,
        "variant_to_parquet_variant",
        Comparison.Equality.VARIANT,
        inFile,
        Set.of(),
        source,
        ours,
        duckRead);
    CorpusPath.projections(writer, Engine.DUCKDB, file, duckRead, Set.of());
  }

  /**
   * {@link KnownDifference#DUCKDB_UINT64_COPY_FAILS}: a fixed DuckDB makes this test fail, to be
   * updated.
   */
  @Test
  void uint64IntegersFailTheWholeCopy() throws Exception {
    Comparison c =
        new Comparison(
            Engine.DUCKDB.label() + " (integer in [2^63, 2^64))",
            "-",
            Set.of(KnownDifference.DUCKDB_UINT64_COPY_FAILS));
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                duck.writeJsonAsVariant(
                    List.of("{\"a\": 1}", Corpus.UINT64_ROW), tmp.resolve("uint64.parquet"), ""));
    assertTrue(
        e.getMessage().toUpperCase().contains("UINT64")
            || e.getMessage().toUpperCase().contains("UBIGINT"),
        e.getMessage());
    c.observed(KnownDifference.DUCKDB_UINT64_COPY_FAILS);
    c.finish();
  }
}
