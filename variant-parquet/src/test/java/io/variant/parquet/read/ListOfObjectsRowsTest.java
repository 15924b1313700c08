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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lists of objects in pulled columns, whose leaves start only their list's slot (no {@link
 * PullSource} reads the groups above it, {@link LeafColumn#pullAbove}): a list field that is by
 * turns a list, another value (its residual), Variant null, empty and missing, in an object and at
 * the top of the column, reads back exactly and as parquet-java's record assembly reads it; no row
 * keeps the list of the row before.
 */
class ListOfObjectsRowsTest {
  private static final ShreddingPlan OBJECTS =
      ShreddingPlan.array(
          ShreddingPlan.object(Map.of("k", ShreddingPlan.scalar(ShreddedType.INT64))));

  @TempDir Path tmp;

  @Test
  void aListFieldOfObjectsReadsBackRowByRow() throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < 40; r++) {
      VariantBuilder b = new VariantBuilder().startObject();
      b.key("id").appendLong(r);
      if (r % 6 != 5) { // missing every 6th row
        b.key("xs");
        list(b, r);
      }
      rows.add(b.endObject().build());
    }
    check(
        ShreddingPlan.object(Map.of("id", ShreddingPlan.scalar(ShreddedType.INT64), "xs", OBJECTS)),
        rows,
        "field");
  }

  @Test
  void aListOfObjectsAtTheTopReadsBackRowByRow() throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < 40; r++) {
      VariantBuilder b = new VariantBuilder();
      list(b, r);
      rows.add(r % 9 == 8 ? null : b.build());
    }
    check(OBJECTS, rows, "top");
  }

  /** By {@code r % 5}: a list of 1 to 3 objects, a string, Variant null, a list, empty. */
  private static void list(VariantBuilder b, int r) {
    switch (r % 5) {
      case 1 -> b.appendString("not a list " + r);
      case 2 -> b.appendNull();
      case 4 -> b.startArray().endArray();
      default -> {
        b.startArray();
        for (int i = 0; i <= r % 3; i++) {
          b.startObject().key("k").appendLong(10 * r + i).endObject();
        }
        b.endArray();
      }
    }
  }

  private void check(ShreddingPlan plan, List<Variant> rows, String name) throws IOException {
    Path file = tmp.resolve(name + ".parquet");
    TestFileWriter.write(file, plan, ShreddingLayout.SPEC, rows, 1000);
    ShapedValues.assertReadsBack(file, plan, rows, name);
    LevelReaderEquivalenceTest.sameRecords(file, RebuildOptions.defaults());
  }
}
