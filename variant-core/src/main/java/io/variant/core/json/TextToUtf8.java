package io.variant.core.json;

import java.nio.charset.StandardCharsets;

/**
 * JSON text as UTF-8 for {@link JsonRowParser#parse(String)}, with a guarantee the byte parser can
 * rely on: the bytes it gives are valid UTF-8, so strings need not be checked again.
 *
 * <p>The JDK's encoder does the work ({@code String.getBytes(UTF_8)}: for a Latin-1 text one
 * vectorized check and a copy; a char loop of our own measured 1.6 times slower on the mixed
 * corpus, issue 7). It replaces an unpaired surrogate by '?', which strict UTF-8 must reject: so
 * the bytes are scanned for '?' 8 at a time, and only a text that has one is looked at char by char
 * for an unpaired surrogate.
 */
final class TextToUtf8 {
  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
  private static final long LOW_BITS = 0x7F7F7F7F7F7F7F7FL;
  private static final long QUESTION_MARKS = 0x3F3F3F3F3F3F3F3FL;

  private TextToUtf8() {}

  /**
   * {@code text} as UTF-8 by the JDK's encoder, or null if it starts with a byte order mark (the
   * jackson path takes those). An unpaired surrogate comes out as '?': see {@link
   * #replacedSurrogate}.
   */
  static byte[] encode(String text) {
    return !text.isEmpty() && text.charAt(0) == '\uFEFF'
        ? null
        : text.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Whether {@link #encode}'s {@code utf8} of {@code text} has a '?' the text does not: one that
   * stands for an unpaired surrogate, which strict UTF-8 rejects. Callers ask only when the bytes
   * have a '?' at all (the byte parser notices them in the scan it makes anyway).
   */
  static boolean replacedSurrogate(String text, byte[] utf8) {
    return questionMarks(utf8) != questionMarks(text);
  }

  /** The '?' bytes of {@code b}, 8 at a time. */
  private static int questionMarks(byte[] b) {
    int count = 0;
    int i = 0;
    for (; i + 8 <= b.length; i += 8) {
      long x = (long) LONGS.get(b, i) ^ QUESTION_MARKS; // a '?' byte is zero here
      // Exact for every byte (no borrow between bytes): bit 7 set where the byte is zero.
      long zero = ~(((x & LOW_BITS) + LOW_BITS) | x | LOW_BITS);
      count += Long.bitCount(zero);
    }
    for (; i < b.length; i++) {
      if (b[i] == '?') {
        count++;
      }
    }
    return count;
  }

  /** The '?' chars of {@code text}, by the JDK's vectorized search. */
  private static int questionMarks(String text) {
    int count = 0;
    for (int i = text.indexOf('?'); i >= 0; i = text.indexOf('?', i + 1)) {
      count++;
    }
    return count;
  }
}
