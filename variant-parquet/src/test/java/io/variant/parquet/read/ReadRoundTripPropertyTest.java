package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.shredding.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arbitrary plans and rows, both layouts, several row groups and pages: split with the real Splitter,
 * written through parquet-java's example writer ({@link TestFileWriter}), read back with {@link
 * VariantParquetReader}: every row is logically equal to what was written (lossless widening may change an
 * integer's width), SQL NULL rows stay SQL NULL, and the plan read from the footer is the plan written.
 */
class ReadRoundTripPropertyTest {
  /** Each trial writes a file, so this property runs a tenth of the configured trials (at least 20). */
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir
  Path tmp;

  @Test
  void readUndoesWrite() {
    Trials.run("parquetReadUndoesWrite", TRIALS, rnd -> {
      ShreddingPlan plan = PlanGen.plan(rnd, 3);
      ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
      List<Variant> rows = rows(plan, rnd);
      Path file = Files.createTempFile(tmp, "rt", ".parquet");
      TestFileWriter.write(file, plan, layout, rows, 1 + rnd.nextInt(7));

      try (VariantParquetReader r = VariantParquetReader.open(file)) {
        assertEquals(plan, r.plans().get(TestFileWriter.COLUMN));
        int i = 0;
        for (VariantRecord row : r) {
          assertEquals((long) i, row.get("id"));
          Variant want = rows.get(i);
          Variant got = row.variant(TestFileWriter.COLUMN);
          if (want == null) {
            assertNull(got, "row " + i + " should be SQL NULL");
          } else {
            assertTrue(want.equals(got), "row " + i + ": wrote " + want + ", read " + got + " with plan " + plan + " " + layout);
          }
          i++;
        }
        assertEquals(rows.size(), i);
      }
    });
  }

  private static List<Variant> rows(ShreddingPlan plan, Random rnd) {
    List<Variant> rows = new ArrayList<>();
    for (int n = 1 + rnd.nextInt(30); n > 0; n--) {
      rows.add(rnd.nextInt(10) == 0 ? null : ShapedValues.of(plan, rnd));
    }
    return rows;
  }
}
