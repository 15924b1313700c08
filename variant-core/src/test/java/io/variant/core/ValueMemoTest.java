// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.testkit.Trials;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link ValueMemo} answers as a {@code HashMap} would, across growth (rehash), clears (by
 * generation) and the drop of a table grown past its kept size.
 */
class ValueMemoTest {
  @Test
  void answersAsAMapAcrossGrowthAndClears() {
    ValueMemo memo = new ValueMemo();
    Trials.run(
        "answersAsAMapAcrossGrowthAndClears",
        rnd -> {
          Map<Integer, Integer> oracle = new HashMap<>();
          memo.clear();
          // sometimes past the kept size, so that clear() drops the table
          int ops = rnd.nextInt(4) == 0 ? 5000 : rnd.nextInt(200);
          int range = 1 + rnd.nextInt(rnd.nextBoolean() ? 64 : 1 << 20);
          for (int i = 0; i < ops; i++) {
            int pos = rnd.nextInt(range);
            if (rnd.nextBoolean() && !oracle.containsKey(pos)) {
              int value = rnd.nextInt(100);
              memo.put(pos, value);
              oracle.put(pos, value);
            } else {
              assertEquals(oracle.getOrDefault(pos, -1), memo.get(pos), "position " + pos);
            }
          }
          for (Map.Entry<Integer, Integer> e : oracle.entrySet()) {
            assertEquals(e.getValue(), memo.get(e.getKey()), "position " + e.getKey());
          }
          memo.clear();
          for (Integer pos : oracle.keySet()) {
            assertEquals(-1, memo.get(pos), "cleared position " + pos);
          }
        });
  }
}
