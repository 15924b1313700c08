// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arbitrary plans and rows, both layouts, several row groups and pages: split with the real
 * Splitter, written through parquet-java's example writer ({@link TestFileWriter}), read back with
 * {@link VariantParquetReader}: every row is logically equal to what was written (lossless widening
 * may change an integer's width), SQL NULL rows stay SQL NULL, and the plan read from the footer is
 * the plan written.
 */
class ReadRoundTripPropertyTest {
  /**
   * Each trial writes a file, so this property runs a tenth of the configured trials (at least 20).
   */
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir Path tmp;

  @Test
  void readUndoesWrite() {
    Trials.run(
        "parquetReadUndoesWrite",
        TRIALS,
        rnd -> {
          ShreddingPlan plan = PlanGen.plan(rnd, 3);
          ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
          List<Variant> rows = ShapedValues.rows(plan, rnd, 30);
          Path file = Files.createTempFile(tmp, "rt", ".parquet");
          TestFileWriter.write(file, plan, layout, rows, 1 + rnd.nextInt(7));

          ShapedValues.assertReadsBack(file, plan, rows, layout + " via TestFileWriter");
        });
  }
}
