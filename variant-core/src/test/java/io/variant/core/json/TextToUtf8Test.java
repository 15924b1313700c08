// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Trials;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link TextToUtf8} gives the JDK's UTF-8 bytes for every text without an unpaired surrogate, in
 * one reused buffer, across its chunks (a pair split by a chunk's end included); it refuses an
 * unpaired surrogate anywhere, and a byte order mark first.
 */
class TextToUtf8Test {
  private final TextToUtf8 encoder = new TextToUtf8(0);

  @Test
  void randomTextsEncodeAsTheJdkDoes() {
    Trials.run(
        "randomTextsEncodeAsTheJdkDoes",
        rnd -> {
          String text = text(rnd, length(rnd));
          assertTrue(encoder.encode(text), text);
          assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), encoded(), text);
        });
  }

  /** Where the byte count of a character changes, after non-ASCII text (the loop's part). */
  @Test
  void theBoundsOfEachSequenceLengthEncodeAsTheJdkDoes() {
    for (int cp : new int[] {0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF}) {
      String text = "\u00e9" + new String(Character.toChars(cp)) + "\u00e9";
      assertTrue(encoder.encode(text), Integer.toHexString(cp));
      assertArrayEquals(
          text.getBytes(StandardCharsets.UTF_8), encoded(), "U+" + Integer.toHexString(cp));
    }
  }

  @Test
  void aTextWhoseBytesDoNotOutnumberItsCharsFitsTheBufferSizedForIt() {
    for (int n : new int[] {0, 1, 100, TextToUtf8.CHUNK - 1, TextToUtf8.CHUNK + 9, 1_000_003}) {
      String text = "x".repeat(n);
      TextToUtf8 sized = new TextToUtf8(TextToUtf8.capacityFor(n));
      byte[] before = sized.bytes();
      assertTrue(sized.encode(text));
      assertSame(before, sized.bytes(), n + " chars: the buffer grew (a copy of the whole text)");
      assertEquals(n, sized.length());
    }
  }

  @Test
  void anUnpairedSurrogateAnywhereIsRefused() {
    Trials.run(
        "anUnpairedSurrogateAnywhereIsRefused",
        rnd -> {
          String text = text(rnd, length(rnd));
          int at = rnd.nextInt(text.length() + 1);
          if (at > 0 && Character.isHighSurrogate(text.charAt(at - 1))) {
            at--; // not between the halves of a pair
          }
          char lone = rnd.nextBoolean() ? '\uD83D' : '\uDE00';
          String bad = text.substring(0, at) + lone + text.substring(at);
          assertFalse(encoder.encode(bad), bad);
          // and the encoder is whole again for the next text
          assertTrue(encoder.encode(text), text);
          assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), encoded(), text);
        });
  }

  @Test
  void aPairAcrossEveryChunkBoundaryIsKeptWhole() {
    for (int lead = TextToUtf8.CHUNK - 3; lead <= TextToUtf8.CHUNK + 1; lead++) {
      for (String filler : new String[] {"a", "é", "€"}) {
        String text = filler.repeat(lead) + "😀" + filler.repeat(TextToUtf8.CHUNK) + "😀";
        assertTrue(encoder.encode(text), "lead " + lead);
        assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), encoded(), "lead " + lead);
        String lone = filler.repeat(lead) + "\uD83D" + filler.repeat(3);
        assertFalse(encoder.encode(lone), "lead " + lead);
      }
    }
  }

  @Test
  void aByteOrderMarkFirstIsRefused() {
    assertFalse(encoder.encode("\uFEFF[1]"));
    assertTrue(encoder.encode("[\"\uFEFF\"]"));
    assertArrayEquals("[\"\uFEFF\"]".getBytes(StandardCharsets.UTF_8), encoded());
    assertTrue(encoder.encode(""));
    assertArrayEquals(new byte[0], encoded());
  }

  private byte[] encoded() {
    return Arrays.copyOf(encoder.bytes(), encoder.length());
  }

  /** Mostly short, sometimes over several chunks. */
  private static int length(Random rnd) {
    return rnd.nextInt(8) == 0 ? rnd.nextInt(3 * TextToUtf8.CHUNK) : rnd.nextInt(40);
  }

  /** Chars of every UTF-8 length, pairs, and ASCII runs; no unpaired surrogate. */
  static String text(Random rnd, int length) {
    StringBuilder sb = new StringBuilder();
    while (sb.length() < length) {
      switch (rnd.nextInt(7)) {
        case 0 -> sb.append((char) (0x80 + rnd.nextInt(0x780))); // two bytes
        case 1 -> sb.append((char) (0x800 + rnd.nextInt(0xD000))); // three, below surrogates
        case 2 -> sb.appendCodePoint(0x10000 + rnd.nextInt(0x100000)); // a pair
        case 3 -> sb.append((char) (0xE000 + rnd.nextInt(0x2000))); // three, above surrogates
        case 4 -> sb.append("abcdefghijklmnopqrstuvwxyz", 0, rnd.nextInt(27));
        default -> sb.append((char) rnd.nextInt(0x80));
      }
    }
    return sb.toString();
  }
}
