// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * JSON documents drawn from a fixed seed, shaped to exercise what engines get wrong: keys written
 * in insertion order (not sorted), unicode keys whose UTF-8 and UTF-16 orders differ, wide objects
 * (more than 32 keys), missing fields, type drift on one path, integers at the int32/float64/int64
 * edges, big decimals, doubles, escapes, nested arrays of objects and a few non-object rows.
 *
 * <p>Integers in [2^63, 2^64) are left out (DuckDB fails a whole COPY on them, see {@link
 * KnownDifference#DUCKDB_UINT64_COPY_FAILS}); {@link #UINT64_ROW} has one for the test that records
 * it.
 */
final class Corpus {
  /**
   * Unicode keys: U+E000 sorts before U+1F600 in UTF-8 byte order, after it in UTF-16 code-unit
   * order.
   */
  static final String[] UNICODE_KEYS = {
    "ключ", "\uD83D\uDE00", "\uFF01", "\uE000", "\u00E9", "a\uD83D\uDE00", "a\uE000", "Z", "_"
  };

  /**
   * Keys every wide object has besides k00..kNN: their UTF-8 order (U+E000, U+FF01, U+1F600) is not
   * their UTF-16 order (U+1F600 first), which matters to engines that binary-search large objects.
   */
  static final String[] WIDE_UNICODE_KEYS = {"\uE000", "\uFF01", "\uD83D\uDE00"};

  static final BigInteger TWO_63 = BigInteger.ONE.shiftLeft(63);

  /** A row with an integer in [2^63, 2^64), which the spec stores as a decimal. */
  static final String UINT64_ROW = "{\"u\": " + TWO_63.add(BigInteger.valueOf(5)) + "}";

  private static final long[] EDGE_INTEGERS = {
    0,
    1,
    -1,
    127,
    -128,
    128,
    32767,
    -32768,
    32768,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE,
    1L + Integer.MAX_VALUE,
    Integer.MIN_VALUE - 1L,
    (1L << 53) - 1,
    1L << 53,
    (1L << 53) + 1,
    -(1L << 53) - 1,
    Long.MAX_VALUE,
    Long.MIN_VALUE,
    Long.MAX_VALUE - 1,
    Long.MIN_VALUE + 1
  };

  private static final String[] BIG_DECIMALS = {
    "12345678901234567890.123456789012345678",
    "-99999999999999999999999999999999999999",
    "0.00000000000000000000000000000000000001",
    "3.14",
    "-0.5",
    "1.000",
    "99999999.99",
    "-123456789012345678.9",
    "0.00035259763517903053",
    "18446744073709551615.5"
  };

  private static final String[] DOUBLES = {
    "1.2345678901234567E-50",
    "-9.87654321E-45",
    "1.7976931348623157E308",
    "4.9E-324",
    "2.5E-39",
    "-1.0E-40"
  };

  private final Random rnd;
  private final boolean emptyKeys;

  private Corpus(long seed, boolean emptyKeys) {
    this.rnd = new Random(seed);
    this.emptyKeys = emptyKeys;
  }

  /**
   * {@code n} JSON documents from {@code seed}; {@code emptyKeys} adds rows with an empty key
   * {@code ""}.
   */
  static List<String> json(long seed, int n, boolean emptyKeys) {
    Corpus c = new Corpus(seed, emptyKeys);
    List<String> rows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      rows.add(c.row(i));
    }
    return rows;
  }

  private String row(int i) {
    if (rnd.nextInt(50) == 0) {
      return drift(0); // a non-object row now and then
    }
    List<String> fields = new ArrayList<>();
    fields.add(field("id", Integer.toString(i)));
    maybe(fields, 90, "name", this::string);
    maybe(fields, 80, "active", () -> Boolean.toString(rnd.nextBoolean()));
    maybe(fields, 70, "score", () -> rnd.nextInt(4) == 0 ? pick(DOUBLES) : decimal2());
    maybe(fields, 30, "n", () -> "null");
    maybe(fields, 60, "tags", this::tags);
    maybe(fields, 70, "user", this::user);
    maybe(fields, 60, "drift", () -> drift(1));
    maybe(fields, 50, "big", () -> Long.toString(EDGE_INTEGERS[rnd.nextInt(EDGE_INTEGERS.length)]));
    maybe(fields, 40, "dec", () -> pick(BIG_DECIMALS));
    maybe(fields, 20, "dbl", () -> pick(DOUBLES));
    maybe(fields, 25, "items", this::items);
    maybe(fields, 15, "wide", this::wide);
    for (String k : UNICODE_KEYS) {
      maybe(fields, 20, k, () -> Integer.toString(rnd.nextInt(1000)));
    }
    if (emptyKeys && rnd.nextInt(10) == 0) {
      fields.add(field("", "\"empty key\""));
    }
    return object(fields);
  }

  /**
   * {@link #json} with {@code emptyKeys}, then the document {@code null} (a top-level Variant null)
   * and, if {@code uint64}, {@link #UINT64_ROW} (which DuckDB cannot write).
   */
  static List<String> documents(long seed, int n, boolean uint64) {
    List<String> rows = new ArrayList<>(json(seed, n, true));
    rows.add("null");
    if (uint64) {
      rows.add(UINT64_ROW);
    }
    return rows;
  }

  private void maybe(
      List<String> fields, int percent, String key, java.util.function.Supplier<String> value) {
    if (rnd.nextInt(100) < percent) {
      fields.add(field(key, value.get()));
    }
  }

  /**
   * Fields in a shuffled (insertion) order, so that writers which keep it store objects out of key
   * order.
   */
  private String object(List<String> fields) {
    Collections.shuffle(fields, rnd);
    return "{" + String.join(", ", fields) + "}";
  }

  private static String field(String key, String json) {
    return quote(key) + ": " + json;
  }

  private String pick(String[] values) {
    return values[rnd.nextInt(values.length)];
  }

  private String decimal2() {
    return BigDecimal.valueOf(rnd.nextInt(2_000_000) - 1_000_000, 2).toPlainString();
  }

  private String string() {
    String[] parts = {
      "ann",
      "Bob",
      "\u00E9t\u00E9",
      "\u65E5\u672C",
      "\uD83D\uDE00",
      "quote\"s",
      "back\\slash",
      "tab\t",
      "ctl\u0001",
      ""
    };
    StringBuilder s = new StringBuilder();
    for (int i = rnd.nextInt(3); i >= 0; i--) {
      s.append(pick(parts));
    }
    if (rnd.nextInt(20) == 0) {
      s.append("x".repeat(70 + rnd.nextInt(200))); // long string form
    }
    return quote(s.toString());
  }

  private String tags() {
    List<String> elems = new ArrayList<>();
    for (int i = rnd.nextInt(5); i > 0; i--) {
      elems.add(string());
    }
    return "[" + String.join(", ", elems) + "]";
  }

  private String user() {
    List<String> fields = new ArrayList<>();
    maybe(fields, 90, "id", () -> Long.toString(rnd.nextInt(100_000)));
    maybe(fields, 80, "name", this::string);
    maybe(
        fields,
        50,
        "address",
        () -> {
          List<String> a = new ArrayList<>();
          maybe(a, 90, "city", this::string);
          maybe(a, 70, "zip", () -> quote(String.format("%05d", rnd.nextInt(100_000))));
          return object(a);
        });
    return object(fields);
  }

  private String items() {
    List<String> elems = new ArrayList<>();
    for (int i = rnd.nextInt(4); i > 0; i--) {
      List<String> f = new ArrayList<>();
      f.add(field("sku", quote("S" + rnd.nextInt(1000))));
      maybe(f, 90, "qty", () -> Integer.toString(rnd.nextInt(10)));
      maybe(f, 90, "price", this::decimal2);
      elems.add(object(f));
    }
    return "[" + String.join(", ", elems) + "]";
  }

  private String wide() {
    List<String> fields = new ArrayList<>();
    int n = 33 + rnd.nextInt(8);
    for (int i = 0; i < n; i++) {
      fields.add(field(String.format("k%02d", i), Integer.toString(rnd.nextInt(100))));
    }
    for (String k : WIDE_UNICODE_KEYS) {
      fields.add(field(k, Integer.toString(rnd.nextInt(100))));
    }
    return object(fields);
  }

  /** A value whose type depends on the draw: the same path holds integers, strings, objects, ... */
  private String drift(int depth) {
    switch (rnd.nextInt(depth == 0 ? 5 : 7)) {
      case 0:
        return Integer.toString(rnd.nextInt(1000));
      case 1:
        return string();
      case 2:
        return tags();
      case 3:
        return rnd.nextBoolean() ? "true" : "false";
      case 4:
        return decimal2();
      case 5:
        return user();
      default:
        return "null";
    }
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
