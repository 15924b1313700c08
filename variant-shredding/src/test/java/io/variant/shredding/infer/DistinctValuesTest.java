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
    // past the cap by new values alone, with no repeat among them
    assertEquals(DistinctValues.CAP + 1, of(3 * DistinctValues.CAP, 1).count());
    assertEquals(DistinctValues.CAP + 1, of(3 * DistinctValues.CAP, 2).count());
  }

  /**
   * Two texts whose 31-polynomial hashes collide but whose lengths differ count as two: the length
   * is mixed into the hash. The 13 characters (each under 31) are the base-31 digits of the empty
   * text's hash minus the start value's contribution at length 13, so the polynomial alone gives
   * both texts the same hash.
   */
  @Test
  void textsOfEqualPolynomialHashButDifferentLengthsCountTwice() {
    long start = 1125899906842597L; // the empty text's polynomial hash
    long pow = 1;
    for (int i = 0; i < 13; i++) {
      pow *= 31;
    }
    long rest = start - start * pow; // what the 13 characters must add, modulo 2^64
    char[] digits = new char[13];
    for (int i = 12; i >= 0; i--) {
      digits[i] = (char) Long.remainderUnsigned(rest, 31);
      rest = Long.divideUnsigned(rest, 31);
    }
    assertEquals(0, rest, "2^64 fits in 13 base-31 digits");
    String collides = new String(digits);
    long h = start;
    for (int i = 0; i < collides.length(); i++) {
      h = 31 * h + collides.charAt(i);
    }
    assertEquals(start, h, "the polynomial hashes collide");
    DistinctValues d = new DistinctValues();
    d.add("");
    d.add(collides);
    assertEquals(2, d.count());
  }
}
