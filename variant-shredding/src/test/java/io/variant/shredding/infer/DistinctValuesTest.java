// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link DistinctValues} counts distinct texts exactly up to its cap, then says "past it". */
class DistinctValuesTest {
  private static DistinctValues of(int distinct, int times) {
    DistinctValues d = new DistinctValues();
    for (int t = 0; t < times; t++) {
      for (int i = 0; i < distinct; i++) {
        d.add("v" + i);
      }
    }
    return d;
  }

  @Test
  void repeatsCountOnce() {
    assertEquals(0, new DistinctValues().count());
    assertEquals(3, of(3, 5).count());
    DistinctValues d = new DistinctValues();
    for (String s : new String[] {"", "ab", "ba", "a", "", "ab"}) {
      d.add(s);
    }
    assertEquals(4, d.count());
  }

  @Test
  void theCapIsCountedExactlyAndPastItStays() {
    assertEquals(DistinctValues.CAP - 1, of(DistinctValues.CAP - 1, 2).count());
    assertEquals(DistinctValues.CAP, of(DistinctValues.CAP, 2).count());
    assertEquals(DistinctValues.CAP + 1, of(DistinctValues.CAP + 1, 1).count());
    assertEquals(DistinctValues.CAP + 1, of(3 * DistinctValues.CAP, 2).count());
  }
}
