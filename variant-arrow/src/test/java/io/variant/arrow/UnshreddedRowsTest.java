// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * {@link UnshreddedRows} writes the same column as {@link VariantVector#setSafe(int, Variant)} row
 * by row: past its first capacity, with rows sharing one metadata instance, after {@link
 * UnshreddedRows#clear()}, and whether a row comes as a Variant or as bytes lent by a producer.
 */
class UnshreddedRowsTest {
  @Test
  void gatheredRowsAreTheRowsSetOneByOne() {
    Trials.run(
        "gatheredRowsAreTheRowsSetOneByOne",
        Math.max(20, Trials.trials() / 5),
        rnd -> {
          UnshreddedRows rows = new UnshreddedRows(rnd.nextInt(4));
          try (BufferAllocator allocator = new RootAllocator()) {
            for (int batch = 0; batch < 3; batch++) {
              List<Variant> batchRows = new ArrayList<>();
              Variant shared = Gen.variant(rnd); // later rows reuse its metadata instance
              for (int i = 0, n = rnd.nextInt(70); i < n; i++) {
                int kind = rnd.nextInt(4);
                batchRows.add(
                    kind == 0
                        ? null
                        : kind == 1
                            ? shared
                            : kind == 2 ? sameMetadata(shared, rnd) : Gen.variant(rnd));
              }
              rows.clear();
              for (Variant v : batchRows) {
                if (v == null || rnd.nextBoolean()) {
                  rows.add(v);
                } else {
                  // as a producer lends its buffer: the value amid other bytes, then overwritten
                  byte[] value = v.valueBytes();
                  int before = rnd.nextInt(3);
                  byte[] lent = new byte[before + value.length + rnd.nextInt(3)];
                  System.arraycopy(value, 0, lent, before, value.length);
                  VariantMetadata m =
                      rnd.nextBoolean() ? v.metadata() : VariantMetadata.of(v.metadataBytes());
                  rows.add(m, lent, before, value.length);
                  Arrays.fill(lent, (byte) 0x7F);
                }
              }
              assertEquals(batchRows.size(), rows.rows());
              try (VariantVector gathered = empty(allocator);
                  VariantVector oneByOne = empty(allocator)) {
                rows.into(gathered);
                for (int i = 0; i < batchRows.size(); i++) {
                  oneByOne.setSafe(i, batchRows.get(i));
                }
                oneByOne.setValueCount(batchRows.size());
                assertEquals(batchRows.size(), gathered.getValueCount());
                for (int i = 0; i < batchRows.size(); i++) {
                  Variant want = oneByOne.getObject(i);
                  Variant got = gathered.getObject(i);
                  if (want == null) {
                    assertNull(got, "row " + i);
                  } else {
                    assertArrayEquals(want.metadataBytes(), got.metadataBytes(), "row " + i);
                    assertArrayEquals(want.valueBytes(), got.valueBytes(), "row " + i);
                  }
                }
              }
            }
          }
        });
  }

  /** A Variant of {@code v}'s metadata instance, with a value of its own when it has keys. */
  private static Variant sameMetadata(Variant v, java.util.Random rnd) {
    if (v.isObject() && v.fieldCount() > 0) {
      return v.fieldValue(rnd.nextInt(v.fieldCount())); // shares v's metadata instance
    }
    return v;
  }

  private static VariantVector empty(BufferAllocator allocator) {
    return VariantVector.create("v", ShreddingPlan.residual(), allocator);
  }

  @Test
  void aShreddedColumnIsRefused() {
    UnshreddedRows rows = new UnshreddedRows(1);
    rows.add(VariantJson.parse("{\"a\": 1}"));
    try (BufferAllocator allocator = new RootAllocator();
        VariantVector shredded =
            VariantVector.create("v", ShreddingPlan.parse("{\"a\": int64}"), allocator)) {
      assertThrows(IllegalArgumentException.class, () -> rows.into(shredded));
    }
  }
}
