// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.path.VariantPath;
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
 * An object field is present in a row iff its group started since the object did in that row
 * ({@code SlotSource} keeps this as row stamps, never cleared): fields present, then absent, then
 * present again, in the same slot from row to row, across row groups, in the objects of list
 * elements, and under objects that are residual-only or SQL NULL in between, read back exactly,
 * through full reads and a path read, and as parquet-java's record assembly reads them.
 */
class FieldPresenceTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.object(
          Map.of(
              "a",
              ShreddingPlan.scalar(ShreddedType.INT64),
              "b",
              ShreddingPlan.object(Map.of("c", ShreddingPlan.scalar(ShreddedType.STRING))),
              "l",
              ShreddingPlan.array(
                  ShreddingPlan.object(Map.of("x", ShreddingPlan.scalar(ShreddedType.INT64))))));

  @TempDir Path tmp;

  @Test
  void fieldsComeAndGoFromRowToRow() throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < 24; r++) {
      rows.add(row(r));
    }
    for (ShreddingLayout layout : ShreddingLayout.values()) {
      for (TestFileWriter.Pages pages : TestFileWriter.Pages.values()) {
        for (int perGroup : new int[] {1, 2, 5, 100}) {
          Path file = tmp.resolve(layout + "-" + pages + "-" + perGroup + ".parquet");
          TestFileWriter.write(file, PLAN, layout, rows, perGroup, pages);
          String context = layout + " " + pages + " " + perGroup + " rows per group";
          ShapedValues.assertReadsBack(file, PLAN, rows, context);
          LevelReaderEquivalenceTest.sameRecords(file, RebuildOptions.defaults());
          pathRead(file, rows, context);
        }
      }
    }
  }

  /** {@code $.a} of every row: absent exactly where the row's object has no {@code a}. */
  private static void pathRead(Path file, List<Variant> rows, String context) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader p = r.project(TestFileWriter.COLUMN, VariantPath.parse("$.a"))) {
      int i = 0;
      for (PathValue v = p.read(); v != null; v = p.read()) {
        Variant want = rows.get(i);
        Variant a = want == null || !want.isObject() ? null : want.field("a");
        String where = context + " row " + i;
        if (a == null) {
          assertFalse(v.isPresent(), where + ": " + v);
        } else {
          assertTrue(v.isPresent(), where);
          assertEquals(a, v.value(), where);
        }
        i++;
      }
      assertEquals(rows.size(), i, context);
    }
  }

  /**
   * Row {@code r}: a pattern of period 6 for {@code a} (present, absent, present, ...), of period 4
   * for {@code b} and its {@code c}, list elements whose {@code x} alternates with {@code r}, and
   * every 7th row not an object (residual only), every 11th SQL NULL.
   */
  private static Variant row(int r) {
    if (r % 11 == 10) {
      return null;
    }
    VariantBuilder b = new VariantBuilder();
    if (r % 7 == 6) {
      return b.appendString("not an object " + r).build();
    }
    b.startObject();
    if (r % 6 != 1 && r % 6 != 4) {
      b.key("a").appendLong(r);
    }
    switch (r % 4) {
      case 0 -> b.key("b").startObject().key("c").appendString("c" + r).endObject();
      case 1 -> {} // b absent
      case 2 -> b.key("b").startObject().endObject(); // b present, c absent
      default -> b.key("b").appendLong(r); // b not an object: residual only
    }
    b.key("l").startArray();
    for (int e = 0; e < r % 5; e++) {
      b.startObject();
      if ((e + r) % 2 == 0) {
        b.key("x").appendLong(e);
      }
      b.endObject();
    }
    b.endArray();
    return b.endObject().build();
  }
}
