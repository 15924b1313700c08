package io.variant.core.json;

// Size (over 400 lines): one hand-written JSON grammar (strings with escapes, numbers by the rules
// of JsonToVariant, containers) that must stay in one loop for speed; jackson takes the unusual.

import io.variant.core.Utf8;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * The byte-level front end of JSON parsing: one pass from UTF-8 bytes straight into a {@link
 * VariantBuilder}, for the common case. It handles every JSON value, escapes included, with the
 * number rules of {@link JsonToVariant}; keys go to the builder as bytes ({@link
 * VariantBuilder#keyUtf8}), whose key cache finds a repeated key without making a String; strings
 * and keys are checked as strict UTF-8 by the builder as they are copied. Anything else, and every
 * error, is left to the jackson path ({@link #parse} returns false and the caller starts over),
 * which reports errors with line and column: a BOM, a number out of the double range, nesting past
 * {@link #MAX_FAST_DEPTH}, a duplicate key under REJECT, an oversized value, bad JSON or UTF-8.
 *
 * <p>Why not jackson's token API for the common case too: its byte parser decodes UTF-8 leniently
 * (a strict check needs a pass of its own), makes a String per string value, and its {@code
 * nextToken()} scan alone costs about as much as this whole pass (profiled).
 *
 * <p>Not thread-safe; one instance per {@link JsonRowParser}.
 */
final class JsonBytesParser {
  /** Deeper documents go to the iterative jackson path: this one recurses. */
  static final int MAX_FAST_DEPTH = 128;

  /** Digits that always fit a long. */
  private static final int MAX_LONG_DIGITS = 18;

  /**
   * Digits (max of precision and scale) a decimal16 holds. spec: VariantEncoding §Encoding types
   */
  private static final int MAX_DECIMAL_DIGITS = 38;

  /** Significant digits that always make an exact double (below 2^53). */
  private static final int MAX_EXACT_DIGITS = 15;

  /** The largest power of ten that is an exact double. */
  private static final int MAX_EXACT_POWER = 22;

  private static final double[] EXACT_POWERS_OF_TEN = new double[MAX_EXACT_POWER + 1];
  private static final long[] POWERS_OF_TEN = new long[MAX_LONG_DIGITS + 1];

  static {
    double d = 1;
    for (int i = 0; i <= MAX_EXACT_POWER; i++, d *= 10) {
      EXACT_POWERS_OF_TEN[i] = d;
    }
    long l = 1;
    for (int i = 0; i <= MAX_LONG_DIGITS; i++, l *= 10) {
      POWERS_OF_TEN[i] = l;
    }
  }

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;

  private byte[] b;
  private int pos;
  private int end;
  private VariantBuilder out;
  private int maxDepth;
  private boolean trustedUtf8; // the input is known to be valid UTF-8 (parse(String) encoded it)
  private byte[] scratch = new byte[128]; // strings with escapes, unescaped
  private long digitsValue; // the value of the digits the last digits() call read
  private long plainBits; // the OR of the bytes the last plainRun() call passed

  /**
   * Appends the one JSON document in {@code buf[off, off+len)} to {@code into}. With {@code
   * validUtf8}, the caller vouches that the bytes are valid UTF-8 (it encoded them from a String)
   * and strings are not checked again; otherwise each string is checked as it is scanned.
   *
   * @return false if the jackson path must parse it instead (then {@code into} holds a partial
   *     value: reset it)
   */
  boolean parse(
      byte[] buf, int off, int len, boolean validUtf8, VariantBuilder into, int depthLimit) {
    b = buf;
    trustedUtf8 = validUtf8;
    pos = off;
    end = off + len;
    out = into;
    maxDepth = Math.min(depthLimit, MAX_FAST_DEPTH);
    try {
      skipWhitespace();
      if (pos >= end || !value(0)) {
        return false;
      }
      skipWhitespace();
      return pos == end;
    } catch (VariantException | IllegalArgumentException | IllegalStateException e) {
      return false; // duplicate key, size limit, invalid UTF-8: the jackson path says where
    } finally {
      b = null;
      out = null;
    }
  }

  private void skipWhitespace() {
    while (pos < end) {
      byte c = b[pos];
      // One comparison for the usual non-blank byte: JSON's four blanks are all at or below ' '.
      if (c > ' ' || (c != ' ' && c != '\n' && c != '\r' && c != '\t')) {
        return;
      }
      pos++;
    }
  }

  private boolean value(int depth) {
    switch (b[pos]) {
      case '{':
        return object(depth + 1);
      case '[':
        return array(depth + 1);
      case '"':
        return string(false);
      case 't':
        return literal("true") && ok(out.appendBoolean(true));
      case 'f':
        return literal("false") && ok(out.appendBoolean(false));
      case 'n':
        return literal("null") && ok(out.appendNull());
      default:
        return number();
    }
  }

  private static boolean ok(VariantBuilder ignored) {
    return true;
  }

  private boolean literal(String word) {
    int n = word.length();
    if (pos + n > end) {
      return false;
    }
    for (int i = 1; i < n; i++) {
      if (b[pos + i] != word.charAt(i)) {
        return false;
      }
    }
    pos += n;
    return true;
  }

  private boolean object(int depth) {
    if (depth > maxDepth) {
      return false;
    }
    out.startObject();
    int state = open('}');
    while (state == 0) {
      if (pos >= end || b[pos] != '"') {
        return false;
      }
      int known = out.keyUtf8Quoted(b, pos + 1, end); // the key the builder expects, if it is here
      if (known >= 0) {
        pos += known + 2;
      } else if (!string(true)) {
        return false;
      }
      if (pos + 1 < end && b[pos] == ':' && b[pos + 1] > ' ') {
        pos++; // compact JSON: no whitespace around the colon to skip
      } else {
        skipWhitespace();
        if (pos >= end || b[pos] != ':') {
          return false;
        }
        pos++;
        skipWhitespace();
      }
      if (pos >= end || !value(depth)) {
        return false;
      }
      state = next('}');
    }
    if (state > 0) {
      out.endObject();
    }
    return state > 0;
  }

  private boolean array(int depth) {
    if (depth > maxDepth) {
      return false;
    }
    out.startArray();
    int state = open(']');
    while (state == 0) {
      if (pos >= end || !value(depth)) {
        return false;
      }
      state = next(']');
    }
    if (state > 0) {
      out.endArray();
    }
    return state > 0;
  }

  /** After an opening bracket: 1 if the container is empty (closed here), else 0. */
  private int open(char close) {
    pos++;
    skipWhitespace();
    if (pos < end && b[pos] == close) {
      pos++;
      return 1;
    }
    return 0;
  }

  /**
   * After an element: 1 if the container closes here, 0 if a comma (and another element) follows,
   * else -1.
   */
  private int next(char close) {
    if (pos + 1 < end && b[pos] == ',' && b[pos + 1] > ' ') { // compact JSON: no whitespace to skip
      pos++;
      return 0;
    }
    skipWhitespace();
    if (pos >= end) {
      return -1;
    }
    byte c = b[pos++];
    if (c == close) {
      return 1;
    }
    if (c != ',') {
      return -1;
    }
    skipWhitespace();
    return 0;
  }

  /**
   * A string value or key at the opening quote. A value without escapes is checked here, in the
   * scan that finds its end: the scanned words are OR-ed together, so an ASCII string (most strings
   * of real documents) costs no second pass, and only a non-ASCII one is decoded by {@link
   * Utf8#firstInvalid}. Keys and unescaped strings are checked by the builder (a key only the first
   * time the builder sees it).
   */
  private boolean string(boolean key) {
    int start = ++pos;
    int p = plainRun(start);
    byte c = p < end ? b[p] : 0;
    if (p >= end || (c >= 0 && c < 0x20)) {
      return false;
    }
    if (c == '"') {
      pos = p + 1;
      if (key) {
        out.keyUtf8(b, start, p - start);
      } else if (trustedUtf8
          || (plainBits & HIGH_BITS) == 0
          || Utf8.firstInvalid(b, start, p) < 0) {
        out.appendStringUtf8Unchecked(b, start, p - start);
      } else {
        return false; // invalid UTF-8: the jackson path says where
      }
      return true;
    }
    int n = unescape(start, p);
    if (n < 0) {
      return false;
    }
    if (key) {
      out.keyUtf8(scratch, 0, n);
    } else if (trustedUtf8) { // escapes decode to valid UTF-8: paired surrogates only
      out.appendStringUtf8Unchecked(scratch, 0, n);
    } else {
      out.appendStringUtf8(scratch, 0, n);
    }
    return true;
  }

  /**
   * The position of the first quote, backslash or control character from {@code p} on, or {@link
   * #end}; leaves the OR of the bytes before it in {@link #plainBits} (bit 7 set in a byte if one
   * is non-ASCII). Words of 8 bytes are scanned and OR-ed together, so an ASCII run (most of real
   * documents' strings) needs no second pass to be known valid UTF-8.
   */
  private int plainRun(int p) {
    long seen = 0;
    while (p + 8 <= end) {
      long word = (long) LONGS.get(b, p);
      long found = special(word);
      if (found != 0) { // the lowest flagged byte is the first special one: no byte loop
        int ahead = Long.numberOfTrailingZeros(found) >>> 3;
        plainBits = seen | word & ~(-1L << (8 * ahead)); // the bytes before it, if any
        return p + ahead;
      }
      seen |= word;
      p += 8;
    }
    while (p < end) {
      byte c = b[p];
      if (c == '"' || c == '\\' || (c >= 0 && c < 0x20)) {
        break;
      }
      seen |= c; // a negative byte sign-extends into bit 7
      p++;
    }
    plainBits = seen;
    return p;
  }

  /**
   * Flags (bit 7 of a byte) the bytes of 8 that are a quote, a backslash or a control character
   * (SWAR: a byte is zero in {@code x ^ '"'} where it is a quote; {@code x - 0x20..} borrows into
   * bit 7 where a byte is below 0x20). Bytes of 0x80 and above are none of these. A borrow only
   * runs upwards, so the lowest flagged byte is exact; later flags may be false alarms.
   */
  private static long special(long x) {
    long quote = x ^ 0x2222222222222222L;
    long backslash = x ^ 0x5C5C5C5C5C5C5C5CL;
    long found =
        ((quote - ONES) & ~quote)
            | ((backslash - ONES) & ~backslash)
            | ((x - 0x2020202020202020L) & ~x);
    return found & 0x8080808080808080L;
  }

  /**
   * Copies the string from {@code start} to its closing quote into {@link #scratch}, decoding
   * escapes; {@code p} is the first backslash. Leaves {@code pos} after the closing quote.
   *
   * @return the byte length, or -1 for a malformed escape, an unpaired surrogate or a control
   *     character
   */
  private int unescape(int start, int p) {
    int n = p - start;
    ensureScratch(n + 16);
    System.arraycopy(b, start, scratch, 0, n);
    while (p < end) {
      byte c = b[p];
      if (c == '"') {
        pos = p + 1;
        return n;
      }
      if (c >= 0 && c < 0x20) {
        return -1;
      }
      if (c != '\\') { // a run of plain bytes up to the next quote, backslash or control byte
        int q = plainRun(p);
        ensureScratch(n + (q - p));
        System.arraycopy(b, p, scratch, n, q - p);
        n += q - p;
        p = q;
        continue;
      }
      ensureScratch(n + 4);
      if (p + 1 >= end) {
        return -1;
      }
      byte e = b[p + 1];
      p += 2;
      switch (e) {
        case '"', '\\', '/' -> scratch[n++] = e;
        case 'b' -> scratch[n++] = '\b';
        case 'f' -> scratch[n++] = '\f';
        case 'n' -> scratch[n++] = '\n';
        case 'r' -> scratch[n++] = '\r';
        case 't' -> scratch[n++] = '\t';
        case 'u' -> {
          int cp = hex4(p);
          if (cp < 0) {
            return -1;
          }
          p += 4;
          if (Character.isHighSurrogate((char) cp)) {
            int low = p + 6 <= end && b[p] == '\\' && b[p + 1] == 'u' ? hex4(p + 2) : -1;
            if (low < 0 || !Character.isLowSurrogate((char) low)) {
              return -1; // unpaired: the jackson path names it
            }
            p += 6;
            cp = Character.toCodePoint((char) cp, (char) low);
          } else if (Character.isLowSurrogate((char) cp)) {
            return -1;
          }
          n = Utf8.encodeCodePoint(cp, scratch, n);
        }
        default -> {
          return -1;
        }
      }
    }
    return -1;
  }

  private int hex4(int p) {
    if (p + 4 > end) {
      return -1;
    }
    int v = 0;
    for (int i = 0; i < 4; i++) {
      int d = Character.digit(b[p + i], 16);
      if (d < 0) {
        return -1;
      }
      v = (v << 4) | d;
    }
    return v;
  }

  private void ensureScratch(int n) {
    if (scratch.length < n) {
      scratch = java.util.Arrays.copyOf(scratch, Math.max(n, scratch.length * 2));
    }
  }

  /**
   * A number: integers as the smallest integer type, fractions without exponent as decimals (a
   * negative zero as the double -0.0), exponents as doubles (digest §C, as {@link JsonToVariant});
   * false for what only the jackson path takes exactly.
   */
  private boolean number() {
    int start = pos;
    int p = pos;
    boolean negative = b[p] == '-';
    if (negative) {
      p++;
    }
    if (p >= end) {
      return false;
    }
    long unscaled = 0;
    int digits;
    if (b[p] == '0') {
      p++;
      digits = 1;
    } else if (b[p] >= '1' && b[p] <= '9') {
      int q = digits(p, 0);
      unscaled = digitsValue;
      digits = q - p;
      p = q;
    } else {
      return false;
    }
    int scale = 0;
    if (p < end && b[p] == '.') {
      p++;
      int q = digits(p, unscaled);
      scale = q - p;
      if (scale == 0) {
        return false;
      }
      unscaled = digitsValue;
      digits += scale;
      p = q;
    }
    if (p < end && (b[p] == 'e' || b[p] == 'E')) {
      return exponent(start, p, negative, unscaled, digits, scale);
    }
    pos = p;
    if (digits > MAX_LONG_DIGITS || (negative && unscaled == 0 && scale > 0)) {
      return longLiteral(start, p, scale == 0); // long, or a negative zero (-0.0)
    }
    long v = negative ? -unscaled : unscaled;
    if (scale == 0) {
      out.appendLong(v);
    } else {
      out.appendDecimal(v, scale);
    }
    return true;
  }

  /**
   * How many of the 8 bytes of {@code w} (first byte lowest) are digits before the first non-digit.
   * A byte is a digit if its high nibble is 3 and adding 6 keeps it 3; a carry out of that addition
   * only reaches later bytes, so the lowest non-digit found is exact.
   */
  static int leadingDigits(long w) {
    long nonDigit =
        ((w & 0xF0F0F0F0F0F0F0F0L) ^ 0x3030303030303030L)
            | (((w + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) ^ 0x3030303030303030L);
    return Long.numberOfTrailingZeros(nonDigit) >>> 3;
  }

  /**
   * Reads the ASCII digits from {@code p} on and returns the position after them, leaving {@code
   * acc} × 10^n plus their value in {@link #digitsValue} (n digits; it wraps around past 18 digits
   * in all, which callers detect by counting digits). One pass, 8 bytes at a time: each word is
   * scanned and converted at once (a scan, then a conversion, took 13% of {@code parse(String)}).
   */
  private int digits(int p, long acc) {
    while (p + 8 <= end) {
      long w = (long) LONGS.get(b, p);
      int n = leadingDigits(w);
      if (n < 8) {
        if (n > 0) {
          // The n digits in the high bytes, zeros (digit 0) below: the same 8-digit conversion. A
          // borrow from the non-digits only runs into the bytes the shift drops.
          acc =
              acc * POWERS_OF_TEN[n] + eightDigitValues((w - 0x3030303030303030L) << (8 * (8 - n)));
        }
        digitsValue = acc;
        return p + n;
      }
      acc = acc * 100_000_000L + eightDigits(w);
      p += 8;
    }
    while (p < end && b[p] >= '0' && b[p] <= '9') {
      acc = acc * 10 + (b[p++] - '0');
    }
    digitsValue = acc;
    return p;
  }

  /** The value of 8 ASCII digits, the first in the lowest byte. */
  static long eightDigits(long w) {
    return eightDigitValues(w - 0x3030303030303030L);
  }

  /** The value of 8 digit values 0-9, one per byte, the most significant in the lowest byte. */
  private static long eightDigitValues(long v) {
    v = v * 10 + (v >>> 8); // pairs of digits, in every other byte
    long pairs = 0x000000FF000000FFL;
    return (((v & pairs) * (100 + (1_000_000L << 32)))
            + (((v >>> 16) & pairs) * (1 + (10_000L << 32))))
        >>> 32;
  }

  /**
   * A literal of more than 18 digits or a negative zero, the rules of {@link JsonToVariant}: an
   * integer that fits int64 is one, a negative zero with a fraction the double -0.0, otherwise a
   * decimal if max(precision, scale) is at most 38, else a double.
   */
  private boolean longLiteral(int start, int p, boolean integer) {
    BigDecimal v = new BigDecimal(new String(b, start, p - start, StandardCharsets.ISO_8859_1));
    if (integer && v.unscaledValue().bitLength() <= 63) {
      out.appendLong(v.longValue());
    } else if (!integer && v.signum() == 0 && b[start] == '-') {
      out.appendDouble(-0.0); // as in number(): a negative zero keeps its sign as a double
    } else if (Math.max(v.precision(), v.scale()) <= MAX_DECIMAL_DIGITS) {
      out.appendDecimal(v);
    } else {
      double d = v.doubleValue();
      if (Double.isInfinite(d) || (d == 0 && v.signum() != 0)) {
        return false; // out of the double range at either end: the jackson path reports it
      }
      out.appendDouble(d);
    }
    return true;
  }

  /**
   * A literal with an exponent, from {@code start}; {@code p} is at the 'e'. Exact without a String
   * where the digits and the power of ten are both exact doubles (at most 15 significant digits,
   * |power| at most 22): one multiplication or division then rounds once, correctly.
   */
  private boolean exponent(
      int start, int p, boolean negative, long unscaled, int digits, int scale) {
    p++;
    boolean negativeExponent = false;
    if (p < end && (b[p] == '+' || b[p] == '-')) {
      negativeExponent = b[p] == '-';
      p++;
    }
    int expStart = p;
    p = digits(p, 0);
    int run = p - expStart;
    if (run == 0) {
      return false;
    }
    double d;
    if (digits <= MAX_EXACT_DIGITS && run <= 3) {
      int e = (int) digitsValue;
      int power = (negativeExponent ? -e : e) - scale;
      if (power >= -MAX_EXACT_POWER && power <= MAX_EXACT_POWER) {
        d =
            power >= 0
                ? unscaled * EXACT_POWERS_OF_TEN[power]
                : unscaled / EXACT_POWERS_OF_TEN[-power];
        pos = p;
        out.appendDouble(negative ? -d : d);
        return true;
      }
    }
    String literal = new String(b, start, p - start, StandardCharsets.ISO_8859_1);
    d = Double.parseDouble(literal);
    if (Double.isInfinite(d) || (d == 0 && JsonToVariant.hasNonZeroDigit(literal))) {
      return false; // out of the double range at either end: the jackson path reports it
    }
    pos = p;
    out.appendDouble(d);
    return true;
  }
}
