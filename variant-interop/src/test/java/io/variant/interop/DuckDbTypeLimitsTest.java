// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Variant types DuckDB 2.0 does not take, each recorded as a whole-cell {@link
 * KnownDifference}: a fixed DuckDB makes the matching test fail, to be updated (and the type added
 * to {@link DuckDbReadsOurTypedFilesTest}'s corpus).
 */
class DuckDbTypeLimitsTest {
  @TempDir Path tmp;

  @Test
  void timestampNanosWithZoneCannotBeEncodedAgain() throws Exception {
    Comparison c =
        new Comparison(
            Engine.DUCKDB.label() + " timestamp_nanos (with zone)",
            "-",
            Set.of(KnownDifference.DUCKDB_TIMESTAMP_NANOS_TZ_NOT_ENCODABLE));
    try (DuckDb duck = DuckDb.open()) {
      duck.requireRecordedVersion();
      for (OurFiles.Plan plan : OurFiles.Plan.values()) {
        Path file = tmp.resolve("ts-nanos-" + plan + ".parquet");
        OurFiles.writeOneField(file, TypedField.TS_NANOS, plan);
        SQLException e =
            assertThrows(
                SQLException.class,
                () -> duck.readVariantBytes(file, "v"),
                plan + ": now encodes; update DUCKDB_TIMESTAMP_NANOS_TZ_NOT_ENCODABLE");
        assertTrue(e.getMessage().contains("TIMESTAMP_NANOS_TZ"), e.getMessage());
      }
    }
    c.observed(KnownDifference.DUCKDB_TIMESTAMP_NANOS_TZ_NOT_ENCODABLE);
    c.finish();
  }
}
