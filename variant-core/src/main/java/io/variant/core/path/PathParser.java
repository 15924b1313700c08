// SPDX-License-Identifier: Apache-2.0
package io.variant.core.path;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Parses the path grammar of {@link VariantPath#parse}, a subset of JSONPath (RFC 9535): {@code $},
 * then {@code .name} or {@code ['name']} / {@code ["name"]} or {@code [index]} steps, without
 * whitespace.
 */
final class PathParser {
  private final String text;
  private int pos;

  private PathParser(String text) {
    this.text = text;
  }

  static List<Segment> parse(String text) {
    return new PathParser(text).path();
  }

  /** RFC 9535 name-first: ALPHA, "_" or any non-ASCII code point but a surrogate. */
  static boolean isNameStart(int cp) {
    return (cp >= 'a' && cp <= 'z')
        || (cp >= 'A' && cp <= 'Z')
        || cp == '_'
        || (cp >= 0x80 && !isSurrogate(cp));
  }

  private static boolean isSurrogate(int cp) {
    return cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE;
  }

  /** RFC 9535 name-char: name-first or DIGIT. */
  static boolean isNameChar(int cp) {
    return isNameStart(cp) || (cp >= '0' && cp <= '9');
  }

  private List<Segment> path() {
    if (!text.startsWith("$")) {
      throw error(0, "expected '$' at the start");
    }
    pos = 1;
    List<Segment> segments = new ArrayList<>();
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '.') {
        pos++;
        segments.add(new Segment.Key(dotName()));
      } else if (c == '[') {
        pos++;
        segments.add(bracket());
      } else {
        throw error(pos, "expected '.' or '['");
      }
    }
    return segments;
  }

  private String dotName() {
    int start = pos;
    if (pos >= text.length() || !isNameStart(text.codePointAt(pos))) {
      throw error(
          pos,
          "expected a name after '.' (a letter, '_' or a non-ASCII character; quote others as ['name'])");
    }
    while (pos < text.length() && isNameChar(text.codePointAt(pos))) {
      pos += Character.charCount(text.codePointAt(pos));
    }
    return text.substring(start, pos);
  }

  private Segment bracket() {
    if (pos >= text.length()) {
      throw error(pos, "expected a quoted name or an index after '['");
    }
    char c = text.charAt(pos);
    Segment s;
    if (c == '\'' || c == '"') {
      s = new Segment.Key(quoted(c));
    } else if (c >= '0' && c <= '9') {
      s = new Segment.Index(index());
    } else if (c == '-') {
      throw error(pos, "negative indices are not supported");
    } else {
      throw error(pos, "expected a quoted name or an index after '['");
    }
    if (pos >= text.length() || text.charAt(pos) != ']') {
      throw error(pos, "expected ']'");
    }
    pos++;
    return s;
  }

  private int index() {
    int start = pos;
    long value = 0;
    while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
      value = value * 10 + (text.charAt(pos) - '0');
      if (value > Integer.MAX_VALUE) {
        throw error(start, "index is larger than " + Integer.MAX_VALUE);
      }
      pos++;
    }
    if (pos - start > 1 && text.charAt(start) == '0') {
      throw error(start, "index has a leading zero");
    }
    return (int) value;
  }

  /** A string literal in {@code quote}s with JSON's escapes (and \' in either quote style). */
  private String quoted(char quote) {
    int start = pos++;
    StringBuilder sb = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw error(pos, "unterminated name starting at position " + start);
      }
      char c = text.charAt(pos);
      if (c == quote) {
        pos++;
        break;
      }
      if (c < 0x20) {
        throw error(
            pos, String.format(Locale.ROOT, "control character U+%04X must be escaped", (int) c));
      }
      if (c == '\\') {
        sb.append(escape());
      } else {
        sb.append(c);
        pos++;
      }
    }
    String name = sb.toString();
    if (name.codePoints()
        .anyMatch(PathParser::isSurrogate)) { // String.codePoints() yields pairs joined
      throw error(
          start, "a name holds an unpaired surrogate, which no Variant key (UTF-8) can hold");
    }
    return name;
  }

  private char escape() {
    int at = pos;
    if (pos + 1 >= text.length()) {
      throw error(pos, "unterminated escape");
    }
    char e = text.charAt(pos + 1);
    pos += 2;
    return switch (e) {
      case '\\', '/', '\'', '"' -> e;
      case 'b' -> '\b';
      case 'f' -> '\f';
      case 'n' -> '\n';
      case 'r' -> '\r';
      case 't' -> '\t';
      case 'u' -> hex4(at);
      default -> throw error(at, "unknown escape \\" + e);
    };
  }

  /** The four hex digits of a \\u escape (a surrogate pair is two escapes). */
  private char hex4(int escapeAt) {
    if (pos + 4 > text.length()) {
      throw error(escapeAt, "\\u needs four hex digits");
    }
    int unit = 0;
    for (int i = 0; i < 4; i++) {
      char c = text.charAt(pos + i);
      // ASCII digits only, as JSON's: Character.digit also takes other scripts' digits
      if (!HexFormat.isHexDigit(c)) {
        throw error(pos + i, "\\u needs four hex digits");
      }
      unit = unit * 16 + HexFormat.fromHexDigit(c);
    }
    pos += 4;
    return (char) unit;
  }

  private VariantPathException error(int at, String expected) {
    String found =
        at < text.length()
            ? "'" + new String(Character.toChars(text.codePointAt(at))) + "'"
            : "the end";
    return new VariantPathException(at, expected + ", found " + found);
  }
}
