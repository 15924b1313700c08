// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.PlanText;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The keys convert shares beside the plan's: common ones, within what readers are charged. */
class CommonKeysTest {
  private static final ShreddingPlan EVENT_PLAN =
      PlanText.parse("{\"id\": int64, \"kind\": string}");

  private static void add(List<Variant> rows, int n, String json) {
    for (int i = 0; i < n; i++) {
      rows.add(VariantJson.parse(json));
    }
  }

  @Test
  void sharesTheKeysRowTypesCarryAndLeavesRareOnesToTheirRows() {
    List<Variant> rows = new ArrayList<>();
    add(rows, 90, "{\"id\": 1, \"kind\": \"view\"}");
    add(rows, 60, "{\"id\": 2, \"kind\": \"click\", \"target\": {\"x\": 1, \"y\": 2}}");
    add(rows, 49, "{\"id\": 3, \"kind\": \"buy\", \"items\": [{\"sku\": \"a\"}]}");
    add(rows, 1, "{\"id\": 4, \"kind\": \"debug\", \"debug\": true}"); // 0.5% of the rows
    rows.add(null); // a SQL NULL row carries no dictionary
    Collections.shuffle(rows, new java.util.Random(7));

    // most frequent first, ties by name; "debug" is under 1% of the rows
    assertEquals(List.of("target", "x", "y", "items", "sku"), CommonKeys.of(rows, EVENT_PLAN));
  }

  @Test
  void sharesNothingWhenRowsCarryOnlyThePlansKeys() {
    List<Variant> rows = new ArrayList<>();
    add(rows, 50, "{\"id\": 1, \"kind\": \"view\"}");
    add(rows, 50, "{\"id\": 2}");
    add(rows, 20, "[1, 2]");
    assertEquals(List.of(), CommonKeys.of(rows, EVENT_PLAN));
    assertEquals(List.of(), CommonKeys.of(List.of(), EVENT_PLAN));
  }

  /**
   * Five families of ten keys of their own, as common as each other: with k of them shared the mean
   * row carries (4k + 5) / 5 families' keys, so two fit within three times what rows carry alone.
   */
  @Test
  void familiesThatShareNoKeysAreSharedWithinTheBound() {
    List<Variant> rows = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (String family : List.of("alpha", "beta", "delta", "epsilon", "gamma")) {
      add(rows, 100, family(family + "_family_field", 10));
      for (int k = 0; k < 10 && expected.size() < 20; k++) {
        expected.add(family + "_family_field_" + k);
      }
    }
    assertEquals(expected, CommonKeys.of(rows, ShreddingPlan.residual()));
  }

  /**
   * A frequent family of short keys is shared; the rarer family of long keys would make the mean
   * row dictionary five times as large, so it stays with its rows.
   */
  @Test
  void stopsWhereTheMeanDictionaryWouldGrowPastItsBound() {
    List<Variant> rows = new ArrayList<>();
    add(rows, 80, "{\"a\": 1, \"b\": 2, \"c\": 3}");
    add(rows, 20, family("a_rather_long_key_name_of_the_rarer_family", 30));
    List<String> shared = CommonKeys.of(rows, ShreddingPlan.residual());
    assertEquals(List.of("a", "b", "c"), shared);

    // with the rarer family as common as the first, sharing both stays within the bound
    List<Variant> even = new ArrayList<>();
    add(even, 50, "{\"a\": 1, \"b\": 2, \"c\": 3, \"shared_long_key_0\": 1}");
    add(even, 50, "{\"a\": 1, \"shared_long_key_0\": 1, \"shared_long_key_1\": 2}");
    assertEquals(
        List.of("a", "shared_long_key_0", "b", "c", "shared_long_key_1"),
        CommonKeys.of(even, ShreddingPlan.residual()));
  }

  /** Past 255 keys every field id takes two bytes: rows of fewer keys are not pushed there. */
  @Test
  void keepsFieldIdsOneByteWideWhenRowsCarryFewerKeys() {
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < 300; r++) { // each row 250 of 300 keys, a window that slides
      StringBuilder b = new StringBuilder("{");
      for (int k = 0; k < 250; k++) {
        b.append(k == 0 ? "" : ", ").append("\"k").append((r + k) % 300).append("\": 1");
      }
      rows.add(VariantJson.parse(b.append('}').toString()));
    }
    List<String> shared = CommonKeys.of(rows, ShreddingPlan.residual());
    assertTrue(shared.size() <= 255, shared.size() + " keys");
  }

  private static String family(String name, int keys) {
    StringBuilder b = new StringBuilder("{");
    for (int k = 0; k < keys; k++) {
      b.append(k == 0 ? "" : ", ").append('"').append(name).append('_').append(k).append("\": 1");
    }
    return b.append('}').toString();
  }
}
