// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link FixedDictionaryBuilder#startObject(int)} and {@link
 * FixedDictionaryBuilder#startArray(int)} reserve a guess of the header's size: any guess, too
 * small, exact or too large, at any depth, gives the bytes that no guess gives, and the size limit
 * counts the real header, not the guess.
 */
class FixedDictionaryHeaderGuessTest {
  @Test
  void anyHeaderGuessGivesTheBytesOfNone() {
    FixedDictionaryBuilder plain = new FixedDictionaryBuilder(Limits.defaults());
    FixedDictionaryBuilder guessing = new FixedDictionaryBuilder(Limits.defaults());
    Trials.run(
        "anyHeaderGuessGivesTheBytesOfNone",
        rnd -> {
          Variant v = Gen.variant(rnd);
          long seed = rnd.nextLong();
          plain.start(v.metadata());
          rebuild(plain, v, new Random(seed), null);
          byte[] expected = plain.build().valueBytes();
          // twice: the second value's guesses are the first one's header sizes, mostly exact
          for (int pass = 0; pass < 2; pass++) {
            guessing.start(v.metadata());
            rebuild(guessing, v, new Random(seed), rnd.nextBoolean() ? rnd : null);
            byte[] actual = guessing.build().valueBytes();
            assertArrayEquals(expected, actual, () -> Hex.of(expected) + "\n" + Hex.of(actual));
          }
        });
  }

  /**
   * Appends {@code v} container by container; {@code guesses}, if given, draws each container's
   * guess (else the builder's last header size is the guess).
   */
  private static void rebuild(FixedDictionaryBuilder b, Variant v, Random walk, Random guesses) {
    if ((v.isObject() || v.isArray()) && walk.nextInt(8) != 0) {
      int guess =
          guesses == null ? b.lastHeaderSize() : guesses.nextInt(3) - 1 + guesses.nextInt(40);
      if (v.isObject()) {
        b.startObject(guess);
        for (int i = 0; i < v.fieldCount(); i++) {
          b.key(v.fieldId(i));
          rebuild(b, v.fieldValue(i), walk, guesses);
        }
        b.endObject();
      } else {
        b.startArray(guess);
        for (int i = 0; i < v.size(); i++) {
          rebuild(b, v.element(i), walk, guesses);
        }
        b.endArray();
      }
    } else {
      b.appendVariant(v);
    }
  }

  private static final VariantMetadata NO_KEYS = VariantMetadata.of(new byte[] {0x11, 0, 0});

  @Test
  void theSizeLimitCountsTheHeaderNotTheGuess() {
    int size = nested(Limits.defaults(), 0).valueSize();
    for (int guess : new int[] {0, 3, 4, 5, 200, 60000}) {
      int g = guess;
      assertEquals(size, nested(Limits.defaults().withMaxValueBytes(size), g).valueSize());
      assertThrows(
          VariantLimitException.class,
          () -> nested(Limits.defaults().withMaxValueBytes(size - 1), g),
          "guess " + guess);
    }
  }

  /** [["abcdefghij"], ["abcdefghij"]], every container opened with {@code guess}. */
  private static Variant nested(Limits limits, int guess) {
    byte[] ten = "abcdefghij".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    FixedDictionaryBuilder b = new FixedDictionaryBuilder(limits).start(NO_KEYS);
    b.startArray(guess);
    for (int i = 0; i < 2; i++) {
      b.startArray(guess).appendStringUtf8(ten, 0, 10).endArray();
    }
    return b.endArray().build();
  }

  @Test
  void aNegativeOrHugeGuessIsClamped() {
    FixedDictionaryBuilder b = new FixedDictionaryBuilder(Limits.defaults());
    b.start(NO_KEYS).startArray(-5).appendNull().startArray(Integer.MAX_VALUE).endArray();
    assertEquals(3, b.lastHeaderSize()); // the empty array: header, count, one offset
    assertArrayEquals(Hex.bytes("03 02 00 01 04 00 03 00 00"), b.endArray().build().valueBytes());
  }
}
