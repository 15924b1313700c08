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
 * Lists of scalars in pulled columns, whose leaves read their well-formed rows as one run each
 * ({@link ScalarListRows}): absent, non-list, null, empty and long lists (past the levels decoded
 * at a time, 64 to 1024, and past pages), null and residual elements, in an object and at the top
 * of the column, in every page format and row-group size, read back exactly and as parquet-java's
 * record assembly reads them.
 */
class ScalarListRowsTest {
  private static final ShreddingPlan STRINGS =
      ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.STRING));
  private static final ShreddingPlan LONGS =
      ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.INT64));
  private static final ShreddingPlan IN_OBJECT =
      ShreddingPlan.object(
          Map.of("id", ShreddingPlan.scalar(ShreddedType.INT64), "tags", STRINGS, "ids", LONGS));

  @TempDir Path tmp;

  @Test
  void listsInAnObjectReadBackAsTheAssemblyReadsThem() throws IOException {
    Random rnd = new Random(81);
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < 240; r++) {
      rows.add(object(r, rnd));
    }
    check(IN_OBJECT, rows, "object");
  }

  @Test
  void listsAtTheTopOfTheColumnReadBackAsTheAssemblyReadsThem() throws IOException {
    Random rnd = new Random(82);
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < 240; r++) {
      VariantBuilder b = new VariantBuilder();
      list(b, r, rnd, true);
      rows.add(r % 11 == 10 ? null : b.build());
    }
    check(STRINGS, rows, "top");
  }

  private void check(ShreddingPlan plan, List<Variant> rows, String name) throws IOException {
    for (TestFileWriter.Pages pages : TestFileWriter.Pages.values()) {
      for (int perGroup : new int[] {1, 5, 1000}) {
        Path file = tmp.resolve(name + "-" + pages + "-" + perGroup + ".parquet");
        TestFileWriter.write(file, plan, ShreddingLayout.SPEC, rows, perGroup, pages);
        String where = name + " " + pages + " " + perGroup + " rows per group";
        ShapedValues.assertReadsBack(file, plan, rows, where);
        LevelReaderEquivalenceTest.sameRecords(file, RebuildOptions.defaults());
      }
    }
  }

  /**
   * Row {@code r}: {@code id}, and {@code tags} and {@code ids} in every shape of {@link #list}.
   */
  private static Variant object(int r, Random rnd) {
    if (r % 17 == 16) {
      return null;
    }
    VariantBuilder b = new VariantBuilder();
    if (r % 13 == 12) {
      return b.appendString("not an object").build();
    }
    b.startObject();
    b.key("id").appendLong(r);
    if (r % 6 != 0) { // tags absent every 6th row
      b.key("tags");
      list(b, r, rnd, true);
    }
    if (r % 5 != 1) {
      b.key("ids");
      list(b, r / 3, rnd, false);
    }
    return b.endObject().build();
  }

  /**
   * A list (of strings, else longs) by {@code r}: not a list, a Variant null, empty, short, or long
   * (up to 3,000 elements: past the level buffers and pages), with null and mistyped elements.
   */
  private static void list(VariantBuilder b, int r, Random rnd, boolean strings) {
    switch (r % 7) {
      case 0 -> {
        b.appendLong(r); // not a list: the slot's residual
        return;
      }
      case 1 -> {
        b.appendNull();
        return;
      }
      default -> {}
    }
    int n =
        switch (r % 7) {
          case 2 -> 0;
          case 3 -> 1;
          case 4 -> 2 + rnd.nextInt(4);
          case 5 -> 60 + rnd.nextInt(10); // around the 64 levels decoded at a time
          default -> r % 3 == 0 ? 1000 + rnd.nextInt(2100) : 3;
        };
    b.startArray();
    for (int i = 0; i < n; i++) {
      int kind = rnd.nextInt(20);
      if (kind == 0) {
        b.appendNull(); // a null element: the element's residual
      } else if (kind == 1) {
        b.appendDouble(i / 4.0); // mistyped: the element's residual
      } else if (strings) {
        b.appendString("t" + rnd.nextInt(r % 2 == 0 ? 8 : 5000)); // dictionary, or not
      } else {
        b.appendLong(rnd.nextLong());
      }
    }
    b.endArray();
  }
}
