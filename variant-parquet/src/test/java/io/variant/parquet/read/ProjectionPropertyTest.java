// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
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
 * Projection agrees with the full read: for arbitrary plans, rows and paths (mostly following the
 * plan, sometimes leaving it), the projected value of every row equals the path extracted from the
 * fully rebuilt Variant, SQL NULL rows stay SQL NULL, and a row answered from typed columns alone
 * really had no residual on the way.
 */
class ProjectionPropertyTest {
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir Path tmp;

  @Test
  void projectionEqualsExtractionFromTheFullRead() {
    Trials.run(
        "projectionEqualsExtraction",
        TRIALS,
        rnd -> {
          ShreddingPlan plan = PlanGen.plan(rnd, 3);
          ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
          List<Variant> rows = ShapedValues.rows(plan, rnd, 25);
          Path file = Files.createTempFile(tmp, "pj", ".parquet");
          TestFileWriter.write(file, plan, layout, rows, 1 + rnd.nextInt(7));
          VariantPath path = VariantPath.of(pathFor(plan, rnd));

          try (VariantParquetReader full = VariantParquetReader.open(file);
              VariantPathReader projected = full.project(TestFileWriter.COLUMN, path)) {
            int i = 0;
            for (VariantRecord row : full) {
              PathValue got = projected.read();
              Variant whole = row.variant(TestFileWriter.COLUMN);
              String where = "row " + i + " path " + path + " plan " + plan + " " + layout;
              if (whole == null) {
                assertTrue(got.isSqlNull(), where);
              } else {
                assertFalse(got.isSqlNull(), where);
                Variant want = path.extract(whole); // the oracle: extraction from the full rebuild
                if (want == null) {
                  assertFalse(got.isPresent(), where + ": expected absent, got " + got);
                } else {
                  assertTrue(got.isPresent(), where + ": expected " + want + ", got absent");
                  assertTrue(
                      want.equals(got.value()), where + ": expected " + want + ", got " + got);
                }
              }
              i++;
            }
            assertNull(projected.read());
          }
        });
  }

  /** A path of 0 to 4 steps that mostly follows the plan's keys and lists. */
  static List<Segment> pathFor(ShreddingPlan plan, Random rnd) {
    List<Segment> steps = new ArrayList<>();
    ShreddingPlan p = plan;
    for (int n = rnd.nextInt(5); n > 0; n--) {
      if (p instanceof ShreddingPlan.ObjectPlan o && rnd.nextInt(6) > 0) {
        ShreddingPlan.Field f = o.fields().get(rnd.nextInt(o.fields().size()));
        steps.add(new Segment.Key(f.name()));
        p = f.plan();
      } else if (p instanceof ShreddingPlan.ArrayPlan a && rnd.nextInt(6) > 0) {
        steps.add(new Segment.Index(rnd.nextInt(3)));
        p = a.element();
      } else {
        steps.add(
            rnd.nextBoolean()
                ? new Segment.Key("zz_" + rnd.nextInt(3))
                : new Segment.Index(rnd.nextInt(2)));
        p = ShreddingPlan.residual();
      }
    }
    return steps;
  }
}
