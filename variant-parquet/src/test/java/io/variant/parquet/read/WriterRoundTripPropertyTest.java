package io.variant.parquet.read;


import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * This module's writer and reader agree: arbitrary plans and rows, both layouts, several row groups and
 * pages, written by {@link VariantParquetWriter} and read by {@link VariantParquetReader}, give back
 * logically equal values (lossless widening may change an integer's width), SQL NULL rows, the plain
 * column, and the plan.
 */
class WriterRoundTripPropertyTest {
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir
  Path tmp;

  @Test
  void readerUndoesWriter() {
    Trials.run("readerUndoesWriter", TRIALS, rnd -> {
      ShreddingPlan plan = PlanGen.plan(rnd, 3);
      ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
      List<Variant> rows = ShapedValues.rows(plan, rnd, 30);
      Path file = tmp.resolve("w" + rnd.nextInt(1_000_000) + ".parquet");
      int perGroup = 1 + rnd.nextInt(7);
      try (VariantParquetWriter w = VariantParquetWriter.builder(file)
          .overwrite()
          .longColumn("id")
          .variantColumn("v", plan)
          .layout(layout)
          .rowGroupRowLimit(perGroup)
          .pageRowLimit(Math.max(1, perGroup / 2))
          .build()) {
        for (int i = 0; i < rows.size(); i++) {
          w.write(VariantRecord.builder().set("id", (long) i).set("v", rows.get(i)).build());
        }
      }

      ShapedValues.assertReadsBack(file, plan, rows, layout + " via VariantParquetWriter");
    });
  }
}
