// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words of a {@code --where} clause: paths ({@code $.a}, {@code $['any name']}), operators
 * ({@code =}, {@code ==}, {@code !=}, {@code <>}, {@code <}, {@code <=}, {@code >}, {@code >=}),
 * parentheses and commas, quoted text kept whole with its quotes (a quote doubled inside stands for
 * one), and bare words (keywords, numbers, dates). A word is split off at spaces and at operator
 * characters, so {@code $.a>=5} reads as three words.
 */
final class WhereTokens {
  private static final String OPERATOR_CHARS = "=<>!";
  private static final String PUNCTUATION = "(),";

  private final List<String> words;
  private int next;

  private WhereTokens(List<String> words) {
    this.words = words;
  }

  /**
   * @throws IllegalArgumentException if a quote or a path's bracket is not closed
   */
  static WhereTokens of(String text) {
    List<String> words = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      int end;
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      } else if (c == '\'' || c == '"') {
        end = quotedEnd(text, i);
      } else if (PUNCTUATION.indexOf(c) >= 0) {
        end = i + 1;
      } else if (OPERATOR_CHARS.indexOf(c) >= 0) {
        end = i + 1;
        if (end < text.length() && isOperatorPair(c, text.charAt(end))) {
          end++;
        }
      } else {
        end = wordEnd(text, i);
      }
      words.add(text.substring(i, end));
      i = end;
    }
    return new WhereTokens(words);
  }

  /**
   * The end of the text quoted at {@code open}: past the quote that closes it. Inside, the quote
   * written twice is one quote of the text, as in SQL ({@code 'it''s'}).
   */
  private static int quotedEnd(String text, int open) {
    char quote = text.charAt(open);
    int from = open + 1;
    while (true) {
      int close = text.indexOf(quote, from);
      if (close < 0) {
        throw new IllegalArgumentException(
            "the quote " + quote + " at " + (open + 1) + " is not closed");
      }
      if (close + 1 < text.length() && text.charAt(close + 1) == quote) {
        from = close + 2; // a doubled quote
      } else {
        return close + 1;
      }
    }
  }

  private static boolean isOperatorPair(char first, char second) {
    return second == '=' || (first == '<' && second == '>');
  }

  /** The end of a bare word or path; brackets of a path hold anything, quoted. */
  private static int wordEnd(String text, int start) {
    int i = start;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '[') {
        i = bracketEnd(text, i);
      } else if (Character.isWhitespace(c)
          || OPERATOR_CHARS.indexOf(c) >= 0
          || PUNCTUATION.indexOf(c) >= 0) {
        break;
      } else {
        i++;
      }
    }
    return i;
  }

  private static int bracketEnd(String text, int open) {
    int i = open + 1;
    while (i < text.length() && text.charAt(i) != ']') {
      char c = text.charAt(i);
      if (c == '\'' || c == '"') {
        int close = text.indexOf(c, i + 1);
        if (close < 0) {
          throw new IllegalArgumentException(
              "the quote " + c + " at " + (i + 1) + " is not closed");
        }
        i = close;
      }
      i++;
    }
    if (i >= text.length()) {
      throw new IllegalArgumentException("the bracket at " + (open + 1) + " is not closed");
    }
    return i + 1;
  }

  /** The next word, not consumed; null at the end. */
  String peek() {
    return next < words.size() ? words.get(next) : null;
  }

  /** True, consuming it, if the next word is the keyword (any case) or symbol {@code word}. */
  boolean accept(String word) {
    String w = peek();
    if (w != null && w.toLowerCase(Locale.ROOT).equals(word)) {
      next++;
      return true;
    }
    return false;
  }

  /** The next word, consumed. */
  String take(String what) {
    String w = peek();
    if (w == null) {
      throw new IllegalArgumentException("it ends where " + what + " should follow");
    }
    next++;
    return w;
  }

  /**
   * Consumes the keyword or symbol {@code word}.
   *
   * @throws IllegalArgumentException if the next word is another one
   */
  void expect(String word) {
    if (!accept(word)) {
      String w = peek();
      throw new IllegalArgumentException(
          w == null
              ? "'" + word + "' is missing at the end"
              : "'" + word + "' expected before '" + w + "'");
    }
  }

  boolean atEnd() {
    return next >= words.size();
  }
}
