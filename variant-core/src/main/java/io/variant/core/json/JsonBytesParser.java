// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.VariantBuilder;
import io.variant.core.VariantException;

/**
 * The byte-level front end of JSON parsing: one pass from UTF-8 bytes straight into a {@link
 * VariantBuilder}, for the common case. It handles every JSON value, escapes included, with the
 * number rules of {@link JsonToVariant}; keys go to the builder as bytes ({@link
 * VariantBuilder#keyUtf8}), whose key cache finds a repeated key without making a String; strings
 * and keys are checked as strict UTF-8 by the builder as they are copied. Anything else, and every
 * error, is left to the jackson path ({@link #parse} returns false and the caller starts over),
 * which reports errors with line and column: a BOM, a number out of the double range, nesting past
 * {@link #MAX_FAST_DEPTH}, a duplicate key under REJECT, an oversized value, bad JSON or UTF-8. The
 * grammar lives here; strings are scanned by {@link JsonStringScanner} and numbers by {@link
 * JsonNumberScanner}, both 8 bytes at a time.
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

  private byte[] b;
  private int pos;
  private int end;
  private VariantBuilder out;
  private int maxDepth;
  private boolean trustedUtf8; // the input is known to be valid UTF-8 (parse(String) encoded it)
  private final JsonStringScanner strings = new JsonStringScanner();
  private final JsonNumberScanner numbers = new JsonNumberScanner();

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

  /** A string value or key at the opening quote: {@link JsonStringScanner}. */
  private boolean string(boolean key) {
    int after = strings.scan(b, pos, end, key, trustedUtf8, out);
    if (after < 0) {
      return false;
    }
    pos = after;
    return true;
  }

  /** A number: {@link JsonNumberScanner}. */
  private boolean number() {
    int after = numbers.scan(b, pos, end, out);
    if (after < 0) {
      return false;
    }
    pos = after;
    return true;
  }
}
