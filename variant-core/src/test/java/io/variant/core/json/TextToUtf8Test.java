package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Trials;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link TextToUtf8} gives the JDK's UTF-8 bytes, and tells a replaced unpaired surrogate from a
 * real '?' from the count of '?' bytes; a byte order mark first gives null.
 */
class TextToUtf8Test {
  @Test
  void randomTextsEncodeAsTheJdkDoes() {
    Trials.run(
        "randomTextsEncodeAsTheJdkDoes",
        rnd -> {
          String text = text(rnd, rnd.nextInt(40));
          assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), TextToUtf8.encode(text), text);
        });
  }

  @Test
  void anUnpairedSurrogateAnywhereIsTold() {
    Trials.run(
        "anUnpairedSurrogateAnywhereIsTold",
        rnd -> {
          String text = text(rnd, rnd.nextInt(40));
          int at = rnd.nextInt(text.length() + 1);
          if (at > 0 && Character.isHighSurrogate(text.charAt(at - 1))) {
            at--; // not between the halves of a pair
          }
          char lone = rnd.nextBoolean() ? '\uD83D' : '\uDE00';
          String bad =
              text.substring(0, at) + lone + (rnd.nextBoolean() ? "" : "?") + text.substring(at);
          assertTrue(TextToUtf8.replacedSurrogate(bad, questionMarkBytes(bad)), bad);
        });
  }

  @Test
  void realQuestionMarksAloneAreNotTakenForASurrogate() {
    Trials.run(
        "realQuestionMarksAloneAreNotTakenForASurrogate",
        rnd -> {
          String text = text(rnd, rnd.nextInt(40)) + "?" + text(rnd, rnd.nextInt(10));
          assertFalse(TextToUtf8.replacedSurrogate(text, questionMarkBytes(text)), text);
        });
  }

  @Test
  void aByteOrderMarkFirstGivesNull() {
    assertNull(TextToUtf8.encode("\uFEFF[1]"));
    assertArrayEquals(
        "[\"\uFEFF\"]".getBytes(StandardCharsets.UTF_8), TextToUtf8.encode("[\"\uFEFF\"]"));
  }

  /** Chars of every UTF-8 length, pairs and '?'; no unpaired surrogate. */
  private static String text(Random rnd, int length) {
    StringBuilder sb = new StringBuilder();
    while (sb.length() < length) {
      switch (rnd.nextInt(6)) {
        case 0 -> sb.append((char) (0xA0 + rnd.nextInt(0x700))); // two bytes
        case 1 -> sb.append((char) (0x800 + rnd.nextInt(0xD000))); // three, below surrogates
        case 2 -> sb.appendCodePoint(0x10000 + rnd.nextInt(0x100000)); // a pair
        case 3 -> sb.append('?');
        default -> sb.append((char) rnd.nextInt(0x80));
      }
    }
    return sb.toString();
  }

  /** What the byte parser counts: the '?' bytes of the JDK's UTF-8 of {@code text}. */
  private static int questionMarkBytes(String text) {
    int n = 0;
    for (byte b : TextToUtf8.encode(text)) {
      n += b == '?' ? 1 : 0;
    }
    return n;
  }
}
