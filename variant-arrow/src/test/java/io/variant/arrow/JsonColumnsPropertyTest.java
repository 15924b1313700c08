// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Trials;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonColumns} equals variant-core's JSON code row by row: {@code jsonToVariant} gives the
 * bytes {@link VariantJson#parse} gives, and {@code variantToJson} the text {@link
 * VariantJson#toJson} gives of the row (for a shredded column, of the row the rebuilder rebuilds).
 */
class JsonColumnsPropertyTest {
  @Test
  void jsonToVariantParsesEachRowAsVariantJson() {
    Trials.run(
        "jsonToVariantParsesEachRowAsVariantJson",
        rnd -> {
          List<Variant> rows = Columns.rows(rnd);
          try (RootAllocator allocator = new RootAllocator();
              VarCharVector json = new VarCharVector("j", allocator)) {
            for (int row = 0; row < rows.size(); row++) {
              if (rows.get(row) != null) {
                json.setSafe(
                    row, VariantJson.toJson(rows.get(row)).getBytes(StandardCharsets.UTF_8));
              }
            }
            json.setValueCount(rows.size());
            try (VariantVector parsed = JsonColumns.jsonToVariant(json)) {
              assertEquals("j", parsed.getName());
              for (int row = 0; row < rows.size(); row++) {
                if (rows.get(row) == null) {
                  assertTrue(parsed.isNull(row), "row " + row);
                  continue;
                }
                Variant expected = VariantJson.parse(json.get(row));
                Variant actual = parsed.getObject(row);
                assertArrayEquals(expected.metadataBytes(), actual.metadataBytes(), "row " + row);
                assertArrayEquals(expected.valueBytes(), actual.valueBytes(), "row " + row);
              }
            }
          }
        });
  }

  @Test
  void variantToJsonRendersEachRowAsVariantJson() {
    Trials.run(
        "variantToJsonRendersEachRowAsVariantJson",
        rnd -> {
          List<Variant> rows = Columns.rows(rnd);
          ShreddingPlan plan = Columns.plan(rnd, rows);
          try (RootAllocator allocator = new RootAllocator();
              VariantVector column = Columns.unshredded(rows, allocator);
              VariantVector shredded = Shred.shred(column, plan);
              VarCharVector plain = JsonColumns.variantToJson(column);
              VarCharVector fromShredded = JsonColumns.variantToJson(shredded)) {
            for (int row = 0; row < rows.size(); row++) {
              Variant v = rows.get(row);
              if (v == null) {
                assertTrue(plain.isNull(row) && fromShredded.isNull(row), "row " + row);
                continue;
              }
              Variant rebuilt = Columns.rebuild(v, plan);
              assertEquals(VariantJson.toJson(v), plain.getObject(row).toString(), "row " + row);
              assertEquals(
                  VariantJson.toJson(rebuilt),
                  fromShredded.getObject(row).toString(),
                  "row " + row);
            }
          }
        });
  }
}
