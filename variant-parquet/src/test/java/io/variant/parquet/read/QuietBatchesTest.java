// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pulled leaves whose batches hold one definition level and no value ({@link PullCursor}'s skipped
 * rows): files whose fields are absent, present without a residual, null or not objects over long
 * stretches, broken by single rows, read back exactly and as parquet-java's record assembly reads
 * them, with such batches that end mid-page, mid-row-group and at page boundaries, followed by
 * batches with values, in every page format. Damaged levels among them: {@code PullSourceTest}.
 */
class QuietBatchesTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.object(
          Map.of(
              "a",
              ShreddingPlan.scalar(ShreddedType.INT64),
              "s",
              ShreddingPlan.scalar(ShreddedType.STRING),
              "o",
              ShreddingPlan.object(Map.of("n", ShreddingPlan.scalar(ShreddedType.DOUBLE)))));

  @TempDir Path tmp;

  @Test
  void stretchesOfOneLevelReadBackAsWritten() throws IOException {
    Random rnd = new Random(8);
    List<Variant> rows = new ArrayList<>();
    while (rows.size() < 2400) {
      int shape = rnd.nextInt(7);
      int stretch = 1 + rnd.nextInt(rnd.nextBoolean() ? 600 : 20);
      for (int i = 0; i < stretch; i++) {
        // now and then one row unlike its stretch: the batch around it is not of one level
        rows.add(row(rnd.nextInt(90) == 0 ? rnd.nextInt(7) : shape, rows.size()));
      }
    }
    for (TestFileWriter.Pages pages : TestFileWriter.Pages.values()) {
      for (int perGroup : new int[] {2400, 1000, 257}) {
        Path file = tmp.resolve(pages + "-" + perGroup + ".parquet");
        TestFileWriter.write(file, PLAN, ShreddingLayout.SPEC, rows, perGroup, pages);
        ShapedValues.assertReadsBack(file, PLAN, rows, pages + " " + perGroup + " rows per group");
        LevelReaderEquivalenceTest.sameRecords(file, RebuildOptions.defaults());
      }
    }
  }

  /**
   * Row {@code r} of one of seven shapes: 0 SQL NULL, 1 not an object, 2 an empty object (every
   * field absent), 3 every field typed, 4 {@code a} and {@code s} in their residuals, 5 {@code o}
   * not an object and {@code s} typed, 6 {@code o} empty and {@code a} typed.
   */
  private static Variant row(int shape, int r) {
    if (shape == 0) {
      return null;
    }
    VariantBuilder b = new VariantBuilder();
    if (shape == 1) {
      return b.appendString("row " + r).build();
    }
    b.startObject();
    switch (shape) {
      case 3 -> {
        b.key("a").appendLong(r);
        b.key("s").appendString("s" + r % 5);
        b.key("o").startObject().key("n").appendDouble(r / 4.0).endObject();
      }
      case 4 -> {
        b.key("a").appendString("not a number");
        b.key("s").appendLong(r);
      }
      case 5 -> {
        b.key("s").appendString("t");
        b.key("o").appendLong(r);
      }
      case 6 -> {
        b.key("a").appendLong(-r);
        b.key("o").startObject().endObject();
      }
      default -> {} // 2: empty
    }
    return b.endObject().build();
  }
}
