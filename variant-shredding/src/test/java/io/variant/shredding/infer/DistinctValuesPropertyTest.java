// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link DistinctValues} counts what a {@code HashSet<Long>} of the values' hashes counts (its
 * implementation before the open-addressing table), up to its cap, then {@code CAP + 1}: for value
 * pools around the cap, repeats, the empty string, and text outside Latin-1 and the BMP. Hashes,
 * not strings: short strings do collide under the 31-multiplier hash, and the count must stay what
 * it was.
 */
class DistinctValuesPropertyTest {
  @Test
  void countsTheDistinctValuesUpToTheCap() {
    Trials.run(
        "distinctValuesCountsAsASet",
        Math.max(50, Trials.trials() / 5),
        rnd -> {
          int poolSize =
              rnd.nextBoolean() ? rnd.nextInt(40) : DistinctValues.CAP - 20 + rnd.nextInt(40);
          List<String> pool = new ArrayList<>();
          for (int i = 0; i < poolSize; i++) {
            pool.add(text(rnd));
          }
          DistinctValues counted = new DistinctValues();
          Set<Long> seen = new HashSet<>();
          int values = pool.isEmpty() ? 0 : rnd.nextInt(3 * poolSize + 1);
          for (int i = 0; i < values; i++) {
            String s = pool.get(rnd.nextInt(pool.size()));
            counted.add(s);
            seen.add(hash(s));
            int expected = seen.size() > DistinctValues.CAP ? DistinctValues.CAP + 1 : seen.size();
            assertEquals(expected, counted.count(), "after " + (i + 1) + " values");
          }
        });
  }

  @Test
  void onceSaturatedStaysSaturated() {
    DistinctValues d = new DistinctValues();
    for (int i = 0; i <= DistinctValues.CAP; i++) {
      d.add("v" + i);
    }
    assertEquals(DistinctValues.CAP + 1, d.count());
    d.add("v0");
    d.add("new");
    assertEquals(DistinctValues.CAP + 1, d.count());
  }

  /** The hash DistinctValues documents: 31-multiplier over UTF-16 units, length in the top bits. */
  private static long hash(String s) {
    long h = 1125899906842597L;
    for (int i = 0; i < s.length(); i++) {
      h = 31 * h + s.charAt(i);
    }
    return h ^ ((long) s.length() << 48);
  }

  private static String text(java.util.Random rnd) {
    StringBuilder s = new StringBuilder();
    int n = rnd.nextInt(12);
    for (int i = 0; i < n; i++) {
      switch (rnd.nextInt(4)) {
        case 0 -> s.append((char) ('a' + rnd.nextInt(26)));
        case 1 -> s.append((char) ('0' + rnd.nextInt(10)));
        case 2 -> s.append((char) (0x400 + rnd.nextInt(0x100))); // Cyrillic
        default -> s.appendCodePoint(0x1F600 + rnd.nextInt(0x40)); // outside the BMP
      }
    }
    return s.toString();
  }
}
