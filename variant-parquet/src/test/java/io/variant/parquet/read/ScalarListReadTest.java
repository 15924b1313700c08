// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Trials;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lists of scalars, which the level reader takes as runs of elements ({@code LeafColumn}'s {@code
 * elements}: numbers as raw bits, wide decimals as two words, other values through their
 * converter), read back exactly: lists of lengths around the levels decoded at a time (64, 1024),
 * elements that go to the residual every few elements or all of them, null and missing lists,
 * nested lists and lists of objects, in every page format; and the level reader reads them as
 * parquet-java's record assembly does.
 */
class ScalarListReadTest {
  private static final int[] LENGTHS = {0, 1, 2, 7, 8, 9, 63, 64, 65, 66, 128, 129, 1024, 1025};
  private static final ShreddedType[] TYPES = {
    ShreddedType.INT64,
    ShreddedType.INT32,
    ShreddedType.INT8,
    ShreddedType.DOUBLE,
    ShreddedType.FLOAT,
    ShreddedType.decimal(9, 2),
    ShreddedType.decimal(18, 3),
    ShreddedType.decimal(38, 4),
    ShreddedType.STRING,
    ShreddedType.DATE,
    ShreddedType.TIMESTAMP
  };

  @TempDir Path tmp;

  @Test
  void listsOfScalarsReadBackExactly() {
    Trials.run(
        "scalarListRead",
        Math.max(8, Trials.trials() / 20),
        rnd -> {
          Map<String, ShreddingPlan> fields = new LinkedHashMap<>();
          List<ShreddedType> types = new ArrayList<>();
          for (int i = 0; i < 3; i++) {
            ShreddedType t = TYPES[rnd.nextInt(TYPES.length)];
            types.add(t);
            fields.put("a" + i, ShreddingPlan.array(ShreddingPlan.scalar(t)));
          }
          fields.put("nested", ShreddingPlan.array(ShreddingPlan.array(scalar(types.get(0)))));
          fields.put(
              "points",
              ShreddingPlan.array(ShreddingPlan.object(Map.of("x", scalar(ShreddedType.INT64)))));
          ShreddingPlan plan = ShreddingPlan.object(fields);
          List<Variant> rows = new ArrayList<>();
          int n = 1 + rnd.nextInt(8);
          for (int r = 0; r < n; r++) {
            rows.add(rnd.nextInt(10) == 0 ? null : row(rnd, types));
          }
          ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
          TestFileWriter.Pages[] kinds = TestFileWriter.Pages.values();
          TestFileWriter.Pages pages = kinds[rnd.nextInt(kinds.length)];
          Path file = Files.createTempFile(tmp, "lists", ".parquet");
          TestFileWriter.write(file, plan, layout, rows, 1 + rnd.nextInt(4), pages);
          ShapedValues.assertReadsBack(file, plan, rows, layout + " " + pages);
          LevelReaderEquivalenceTest.sameRecords(file, RebuildOptions.defaults());
        });
  }

  private static ShreddingPlan scalar(ShreddedType t) {
    return ShreddingPlan.scalar(t);
  }

  private static Variant row(Random rnd, List<ShreddedType> types) {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    for (int i = 0; i < types.size(); i++) {
      if (rnd.nextInt(8) == 0) {
        continue; // missing
      }
      b.key("a" + i);
      list(b, rnd, types.get(i));
    }
    b.key("nested").startArray();
    for (int k = rnd.nextInt(4); k > 0; k--) {
      list(b, rnd, types.get(0));
    }
    b.endArray();
    b.key("points").startArray();
    for (int k = LENGTHS[rnd.nextInt(LENGTHS.length)]; k > 0; k--) {
      b.startObject().key("x").appendLong(rnd.nextInt(100)).endObject();
    }
    b.endArray();
    return b.endObject().build();
  }

  /** A list of {@code t} values, every few of them (or all) something else: a residual. */
  private static void list(VariantBuilder b, Random rnd, ShreddedType t) {
    if (rnd.nextInt(10) == 0) {
      b.appendString("not a list");
      return;
    }
    int n = LENGTHS[rnd.nextInt(LENGTHS.length)];
    int residualEvery = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(70) : 0;
    boolean narrow = rnd.nextBoolean(); // few distinct values: dictionary pages
    b.startArray();
    for (int i = 0; i < n; i++) {
      if (residualEvery > 0 && i % residualEvery == residualEvery - 1) {
        if (rnd.nextBoolean()) {
          b.appendNull();
        } else {
          b.appendBoolean(true);
        }
        continue;
      }
      long v = narrow ? rnd.nextInt(20) : rnd.nextLong();
      switch (t.kind()) {
        case INT64 -> b.appendLong(v);
        case INT32 -> b.appendLong((int) v);
        case INT8 -> b.appendLong((byte) v);
        case DOUBLE -> b.appendDouble(narrow ? v : Double.longBitsToDouble(v & ~(1L << 62)));
        case FLOAT -> b.appendFloat(narrow ? v : (float) rnd.nextGaussian());
        case DATE -> b.appendDate((int) (v % 100_000));
        case TIMESTAMP -> b.appendTimestampMicros(v >> 8);
        case STRING -> b.appendString("s" + (narrow ? v : rnd.nextInt()));
        default -> { // decimals: of the plan's scale, unscaled values up to its precision
          int digits = t.precision() - (narrow ? t.precision() - 2 : 1);
          java.math.BigInteger unscaled = java.math.BigInteger.valueOf(v);
          if (t.precision() > 18 && !narrow) { // past 64 bits: both words of a decimal16
            unscaled = unscaled.multiply(java.math.BigInteger.valueOf(rnd.nextLong()));
          }
          BigDecimal d = new BigDecimal(unscaled).movePointLeft(t.scale());
          while (d.precision() > digits) {
            d = d.movePointLeft(1).setScale(t.scale(), java.math.RoundingMode.DOWN);
          }
          b.appendDecimal(d.setScale(t.scale()));
        }
      }
    }
    b.endArray();
  }
}
