// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The key-order check without a set of visited containers ({@code KeyOrder.inSpecOrder}) answers as
 * the walk that visits each container once: on values built in order, on the same values re-encoded
 * with fields out of order and with shuffled layouts, and on values whose offsets share sub-values,
 * so that the first walk runs out of visits and falls back.
 */
class KeyOrderPropertyTest {
  @Test
  void theWalkWithoutASetAnswersAsTheWalkVisitingOnce() {
    Trials.run(
        "theWalkWithoutASetAnswersAsTheWalkVisitingOnce",
        rnd -> {
          Variant built = Gen.variant(rnd);
          Variant v =
              switch (rnd.nextInt(5)) {
                case 0 -> built;
                case 1 -> Gen.nonCanonical(rnd, built);
                case 2 -> Gen.foreignKeyOrder(rnd, built);
                case 3 -> {
                  Variant foreign = Gen.foreignKeyOrder(rnd, built);
                  yield Variant.of(foreign.metadataBytes(), shared(rnd, foreign.valueBytes()));
                }
                default -> afterShared(rnd, Gen.foreignKeyOrder(rnd, built));
              };
          assertEquals(
              KeyOrder.inSpecOrderVisitingOnce(v),
              KeyOrder.inSpecOrder(v),
              () -> "value bytes " + java.util.Arrays.toString(v.valueBytes()));
        });
  }

  @Test
  void duplicateKeysAreOutOfOrderForBothWalks() {
    // dictionary ["a", "a"] (unsorted), object {0: 1, 1: 2}: two fields named "a"
    Variant duplicates =
        Variant.of(
            Hex.bytes("01 02 00 01 02 61 61"), Hex.bytes("02 02 00 01 00 02 04 0C 01 0C 02"));
    assertFalse(KeyOrder.inSpecOrder(duplicates));
    assertFalse(KeyOrder.inSpecOrderVisitingOnce(duplicates));
  }

  /**
   * The array [s, v], where s is {@link #shared} nesting over a number: the walk without a set runs
   * out of visits in s, before it reaches v.
   */
  private static Variant afterShared(Random rnd, Variant v) {
    byte[] s = shared(rnd, new byte[] {0x0C, 7}); // int8 7
    byte[] value = v.valueBytes();
    return Variant.of(v.metadataBytes(), array(s, value));
  }

  /** A two-element array of {@code first} and {@code second}, with 4-byte offsets. */
  private static byte[] array(byte[] first, byte[] second) {
    byte[] out = new byte[14 + first.length + second.length];
    out[0] = 0x0F; // array, 4-byte offsets
    out[1] = 2;
    int[] offsets = {0, first.length, first.length + second.length};
    for (int i = 0; i < 3; i++) {
      for (int b = 0; b < 4; b++) {
        out[2 + 4 * i + b] = (byte) (offsets[i] >>> (8 * b));
      }
    }
    System.arraycopy(first, 0, out, 14, first.length);
    System.arraycopy(second, 0, out, 14 + first.length, second.length);
    return out;
  }

  /** Value {@code v} behind 1 to 12 levels of two-element arrays whose offsets both point at it. */
  private static byte[] shared(Random rnd, byte[] v) {
    byte[] value = v;
    for (int levels = 1 + rnd.nextInt(12); levels > 0; levels--) {
      int n = value.length;
      byte[] next = new byte[14 + n]; // header, count, three 4-byte offsets, the shared child
      next[0] = 0x0F; // array, 4-byte offsets
      next[1] = 2; // elements 0 and 1 both at offset 0
      for (int b = 0; b < 4; b++) {
        next[10 + b] = (byte) (n >>> (8 * b)); // the end offset, little-endian
      }
      System.arraycopy(value, 0, next, 14, n);
      value = next;
    }
    return value;
  }
}
