// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.write.VariantColumn;
import io.variant.shredding.PlanText;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The keys convert shares: the common ones, where the sampled rows take fewer bytes with them. */
class SharedKeysTest {
  private static final ShreddingPlan PLAN = PlanText.parse("{\"type\": string}");

  /**
   * Rows shaped as an SDK's service model: half are scalar shapes that carry only common keys, half
   * are structures whose members are keyed by their own names, so their dictionaries differ row by
   * row whatever is shared.
   */
  private static List<Variant> modelShapes(long seed) {
    Random r = new Random(seed);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      StringBuilder b = new StringBuilder("{\"type\": ");
      if (r.nextBoolean()) {
        b.append("\"string\", \"pattern\": \"^[a-z]{").append(r.nextInt(9)).append("}$\"");
        b.append(", \"min\": ").append(r.nextInt(3)).append(", \"max\": ").append(r.nextInt(999));
        if (r.nextInt(4) == 0) {
          b.append(", \"sensitive\": true");
        }
        if (r.nextInt(3) == 0) {
          b.append(", \"deprecatedMessage\": \"use another\"");
        }
      } else {
        b.append("\"structure\", \"members\": {");
        int members = 2 + r.nextInt(8);
        for (int m = 0; m < members; m++) {
          String name = "Member" + Integer.toString(r.nextInt(1 << 20), 36);
          b.append(m == 0 ? "" : ", ").append('"').append(name).append("\": {\"shape\": \"");
          b.append(name).append("Shape\", \"documentation\": \"The ").append(name).append(".\"}");
        }
        b.append('}');
      }
      rows.add(VariantJson.parse(b.append('}').toString()));
    }
    return rows;
  }

  /** Rows of an event log: nearly all carry only keys common to many rows. */
  private static List<Variant> events(long seed) {
    Random r = new Random(seed);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      String extra =
          switch (r.nextInt(3)) {
            case 0 ->
                ", \"target\": {\"x\": " + r.nextInt(999) + ", \"y\": " + r.nextInt(999) + "}";
            case 1 -> ", \"items\": [{\"sku\": \"S" + r.nextInt(99) + "\", \"qty\": 1}]";
            default -> "";
          };
      rows.add(VariantJson.parse("{\"type\": \"t" + r.nextInt(5) + "\"" + extra + "}"));
    }
    return rows;
  }

  /** The bytes of {@code rows} as convert writes them with {@code keys} shared. */
  private static long size(List<Variant> rows, List<String> keys) throws IOException {
    VariantColumn column = VariantColumn.of("v", PLAN).withSharedKeys(keys);
    return CheckedPlan.size(SharedKeys.onDictionary(rows, column.sharedDictionary()), column);
  }

  @Test
  void keysThatMakeRowsLargerAreNotShared() throws IOException {
    List<Variant> rows = modelShapes(11);
    CommonKeys.Choice common = CommonKeys.choose(rows, PLAN);
    assertFalse(common.keys().isEmpty(), "the rule alone shares the scalar shapes' keys");
    assertTrue(common.covered() < SharedKeys.COVERED, "covered " + common.covered());
    assertTrue(
        size(rows, common.keys()) > size(rows, List.of()),
        "the rows are larger with the keys shared");

    assertEquals(List.of(), SharedKeys.of(rows, PLAN));
  }

  @Test
  void keysThatMakeRowsSmallerAreShared() throws IOException {
    List<Variant> rows = events(5);
    List<String> keys = SharedKeys.of(rows, PLAN);
    assertEquals(CommonKeys.of(rows, PLAN), keys);
    assertFalse(keys.isEmpty());
    assertTrue(size(rows, keys) < size(rows, List.of()));
  }
}
