// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

/**
 * Seeded generator of JSON texts that exercise the number rules (boundaries of every integer width,
 * big integers, fractions with trailing zeros and long scales, exponents), string escapes and
 * unicode (BMP, surrogate pairs raw and escaped, strings across the 63-byte short-string limit),
 * keys whose UTF-8 and UTF-16 orders differ, nesting, and random whitespace between tokens.
 */
final class RandomJson {
  private static final String[] WHITESPACE = {"", "", "", " ", "\n", "\t", "\r\n", "  "};
  private static final long[] INTEGER_EDGES = {
    0, 1, 127, 128, 255, 32767, 32768, 65535, 2147483647L, 2147483648L, 4294967295L, Long.MAX_VALUE
  };

  /** An int8, a decimal and two doubles: decimals have no negative zero, doubles do. */
  private static final String[] NEGATIVE_ZEROS = {"-0", "-0.0", "-0e0", "-0.000E-3"};

  private static final String[] TRICKY_TEXT = {
    "\\\"",
    "\\\\",
    "\\/",
    "\\b",
    "\\f",
    "\\n",
    "\\r",
    "\\t",
    "\\u0000",
    "\\u001f",
    "\\u00e9",
    "\\uFFFF",
    "\\ud83d\\ude00",
    "\uD83D\uDE00",
    "\uE000",
    "é",
    "中",
    "\u2028",
    "a",
    "A",
    " ",
    "'"
  };

  private final Random r;
  private final int maxDepth;

  RandomJson(Random r, int maxDepth) {
    this.r = r;
    this.maxDepth = maxDepth;
  }

  /** One JSON document. */
  String document() {
    StringBuilder sb = new StringBuilder();
    ws(sb);
    value(sb, 0);
    ws(sb);
    return sb.toString();
  }

  private void ws(StringBuilder sb) {
    sb.append(WHITESPACE[r.nextInt(WHITESPACE.length)]);
  }

  private void value(StringBuilder sb, int depth) {
    int kind = r.nextInt(depth < maxDepth ? 10 : 7);
    switch (kind) {
      case 0 -> sb.append(r.nextBoolean() ? "true" : r.nextBoolean() ? "false" : "null");
      case 1, 2 -> string(sb);
      case 3 -> integer(sb);
      case 4 -> fraction(sb);
      case 5 -> exponent(sb);
      case 6 -> sb.append(NEGATIVE_ZEROS[r.nextInt(NEGATIVE_ZEROS.length)]);
      case 7, 8 -> object(sb, depth);
      default -> array(sb, depth);
    }
  }

  private void object(StringBuilder sb, int depth) {
    sb.append('{');
    int n = r.nextInt(6);
    Set<String> keys = new HashSet<>();
    for (int i = 0; i < n; i++) {
      String key = text(r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(8));
      if (!keys.add(unescaped(key))) {
        continue; // keys must be unique: duplicates are an error by default
      }
      if (keys.size() > 1) {
        sb.append(',');
      }
      ws(sb);
      sb.append('"').append(key).append('"');
      ws(sb);
      sb.append(':');
      ws(sb);
      value(sb, depth + 1);
      ws(sb);
    }
    sb.append('}');
  }

  private void array(StringBuilder sb, int depth) {
    sb.append('[');
    int n = r.nextInt(6);
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(',');
      }
      ws(sb);
      value(sb, depth + 1);
      ws(sb);
    }
    sb.append(']');
  }

  private void string(StringBuilder sb) {
    // up to 40 pieces, several bytes each: crosses the 63-byte short-string limit often
    sb.append('"').append(text(r.nextInt(4) == 0 ? 0 : r.nextInt(40))).append('"');
  }

  /** The body of a JSON string: printable ASCII mixed with escapes and non-ASCII text. */
  private String text(int pieces) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < pieces; i++) {
      if (r.nextInt(3) == 0) {
        sb.append(TRICKY_TEXT[r.nextInt(TRICKY_TEXT.length)]);
      } else {
        char c = (char) (' ' + r.nextInt(95));
        sb.append(c == '"' || c == '\\' ? "x" : String.valueOf(c));
      }
    }
    return sb.toString();
  }

  /** What a key means once its escapes are read, to keep keys unique. */
  private static String unescaped(String key) {
    return VariantJson.parse("\"" + key + "\"").stringValue();
  }

  private void integer(StringBuilder sb) {
    if (r.nextBoolean()) {
      sb.append('-');
    }
    switch (r.nextInt(3)) {
      case 0 -> sb.append(r.nextInt(1000));
      case 1 -> { // a width boundary, give or take one
        long edge = INTEGER_EDGES[r.nextInt(INTEGER_EDGES.length)];
        long v = edge + (r.nextInt(3) - 1);
        sb.append(
            v < 0 && edge == Long.MAX_VALUE
                ? "9223372036854775808"
                : Long.toUnsignedString(Math.abs(v)));
      }
      default ->
          sb.append(1 + r.nextInt(9))
              .append(digits(r.nextInt(45))); // up to 46 digits: decimals and doubles
    }
  }

  private void fraction(StringBuilder sb) {
    if (r.nextBoolean()) {
      sb.append('-');
    }
    sb.append(r.nextInt(3) == 0 ? "0" : (1 + r.nextInt(9)) + digits(r.nextInt(20)));
    sb.append('.')
        .append(r.nextInt(3) == 0 ? "000000".substring(r.nextInt(6)) : "")
        .append(digits(1 + r.nextInt(40)));
  }

  private void exponent(StringBuilder sb) {
    if (r.nextBoolean()) {
      sb.append('-');
    }
    sb.append(1 + r.nextInt(9));
    if (r.nextBoolean()) {
      sb.append('.').append(digits(1 + r.nextInt(12)));
    }
    sb.append(r.nextBoolean() ? 'e' : 'E');
    int exp =
        r.nextBoolean()
            ? r.nextInt(308)
            : -r.nextInt(324); // 9.99e307 and 1e-323 fit a double; below 4.9e-324 is refused
    sb.append(exp >= 0 && r.nextBoolean() ? "+" : "").append(exp);
  }

  private String digits(int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    return sb.toString();
  }
}
