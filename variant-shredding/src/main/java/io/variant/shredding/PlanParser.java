// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.Limits;
import io.variant.shredding.ShreddingPlan.ArrayPlan;
import io.variant.shredding.ShreddingPlan.Field;
import io.variant.shredding.ShreddingPlan.ObjectPlan;
import io.variant.shredding.ShreddingPlan.ScalarPlan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the plan text form by recursive descent over the grammar in {@link PlanText}; one instance
 * per {@link PlanText#parse} call. Every error is a {@link PlanSyntaxException} at the offending
 * position.
 */
final class PlanParser {
  private static final int MAX_DEPTH = Limits.defaults().maxDepth();
  private static final Map<String, ShreddedType> SCALARS = scalarsByName();
  private static final int EXCERPT_WIDTH = 72; // chars of a long line shown around the error

  private final String text;
  private int pos;
  private int depth;

  PlanParser(String text) {
    this.text = text;
  }

  ShreddingPlan plan() {
    ShreddingPlan plan = node();
    skipSpace();
    if (pos < text.length()) {
      throw error(pos, "expected end of input after the plan, found " + found(pos));
    }
    return plan;
  }

  private ShreddingPlan node() {
    skipSpace();
    if (pos < text.length() && text.charAt(pos) == '{') {
      return object();
    }
    if (pos < text.length() && text.charAt(pos) == '[') {
      return array();
    }
    return named();
  }

  private ShreddingPlan object() {
    enter();
    List<Field> fields = new ArrayList<>();
    Set<String> names = new HashSet<>();
    while (true) {
      skipSpace();
      if (!at('"')) {
        String why =
            fields.isEmpty() && at('}')
                ? ": an object needs at least one field, as Parquet groups cannot be empty"
                : "";
        throw error(pos, "expected a field name (a JSON string), found " + found(pos) + why);
      }
      int nameAt = pos;
      String name = string();
      if (!names.add(name)) {
        throw error(nameAt, "duplicate field name " + PlanText.quoteKey(name));
      }
      skipSpace();
      expect(':', "':' after the field name");
      fields.add(new Field(name, node()));
      skipSpace();
      if (at('}')) {
        pos++;
        depth--;
        return new ObjectPlan(fields);
      }
      if (!at(',')) {
        throw error(pos, "expected ',' or '}' after a field, found " + found(pos));
      }
      pos++;
    }
  }

  private ShreddingPlan array() {
    enter();
    ShreddingPlan element = node();
    skipSpace();
    expect(']', "']': an array has exactly one element type");
    depth--;
    return new ArrayPlan(element);
  }

  /** Consumes the opening bracket and counts the nesting level. */
  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw error(pos, "objects and arrays nested deeper than " + MAX_DEPTH + " levels");
    }
    pos++;
  }

  private ShreddingPlan named() {
    int start = pos;
    while (pos < text.length() && isNameChar(text.charAt(pos))) {
      pos++;
    }
    if (pos == start) {
      throw error(start, "expected a type name, found " + found(start));
    }
    String name = text.substring(start, pos);
    if (name.equals(PlanText.RESIDUAL)) {
      return ShreddingPlan.residual();
    }
    if (name.equals(ShreddedType.Kind.DECIMAL.text())) {
      return decimal();
    }
    ShreddedType type = SCALARS.get(name);
    if (type == null) {
      throw error(start, unknownName(name));
    }
    return new ScalarPlan(type);
  }

  private ShreddingPlan decimal() {
    skipSpace();
    expect('(', "'(' after decimal, as in decimal(9,2)");
    skipSpace();
    int precisionAt = pos;
    int precision = number("the decimal precision");
    skipSpace();
    expect(',', "',' between the decimal precision and scale");
    skipSpace();
    int scaleAt = pos;
    int scale = number("the decimal scale");
    skipSpace();
    expect(')', "')' after the decimal scale");
    try {
      return new ScalarPlan(ShreddedType.decimal(precision, scale));
    } catch (IllegalArgumentException e) {
      // ShreddedType owns the bounds; asking it about the precision alone tells which number to
      // point at.
      throw error(isValidPrecision(precision) ? scaleAt : precisionAt, e.getMessage());
    }
  }

  private static boolean isValidPrecision(int precision) {
    try {
      ShreddedType.decimal(precision, 0);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** Unsigned decimal digits, at most 9 of them so that the value fits an int. */
  private int number(String what) {
    int start = pos;
    while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
      pos++;
    }
    if (pos == start) {
      throw error(start, "expected " + what + " (digits), found " + found(start));
    }
    if (pos - start > 9) {
      throw error(start, what + " " + text.substring(start, pos) + " is out of range");
    }
    return Integer.parseInt(text, start, pos, 10);
  }

  /** A JSON string literal starting at the current '"'. */
  private String string() {
    int open = pos++;
    StringBuilder sb = new StringBuilder();
    int highAt = -1; // position of a high surrogate still waiting for its low half
    while (true) {
      if (pos >= text.length()) {
        throw error(
            pos,
            "expected '\"' to close the field name opened at position "
                + open
                + ", found end of input");
      }
      int at = pos;
      char c = text.charAt(pos);
      if (c == '"') {
        pos++;
        break;
      }
      if (c == '\\') {
        c = escape();
      } else if (c < 0x20) {
        throw error(at, "control character " + codePoint(c) + " in a field name must be escaped");
      } else {
        pos++;
      }
      if (Character.isLowSurrogate(c) && highAt >= 0) {
        highAt = -1;
      } else if (highAt >= 0 || Character.isLowSurrogate(c)) {
        int bad = highAt >= 0 ? highAt : at;
        throw error(
            bad, "unpaired UTF-16 surrogate in a field name: Variant keys must be valid Unicode");
      } else if (Character.isHighSurrogate(c)) {
        highAt = at;
      }
      sb.append(c);
    }
    if (highAt >= 0) {
      throw error(
          highAt, "unpaired UTF-16 surrogate in a field name: Variant keys must be valid Unicode");
    }
    return sb.toString();
  }

  /** One escape sequence at the current backslash; returns the char it stands for. */
  private char escape() {
    int at = pos;
    if (pos + 1 >= text.length()) {
      throw error(pos + 1, "expected an escape character after '\\', found end of input");
    }
    char c = text.charAt(pos + 1);
    pos += 2;
    switch (c) {
      case '"', '\\', '/':
        return c;
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'u':
        int value = 0;
        for (int i = 0; i < 4; i++) {
          int digit = pos < text.length() ? Character.digit(text.charAt(pos), 16) : -1;
          if (digit < 0) {
            throw error(
                pos,
                "expected 4 hex digits in the \\u escape at position "
                    + at
                    + ", found "
                    + found(pos));
          }
          value = value * 16 + digit;
          pos++;
        }
        return (char) value;
      default:
        throw error(
            at,
            "invalid escape '\\"
                + c
                + "' in a field name; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX");
    }
  }

  private boolean at(char c) {
    return pos < text.length() && text.charAt(pos) == c;
  }

  private void expect(char c, String what) {
    if (!at(c)) {
      throw error(pos, "expected " + what + ", found " + found(pos));
    }
    pos++;
  }

  private void skipSpace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      pos++;
    }
  }

  /** How an error message shows what it found at {@code at}. */
  private String found(int at) {
    if (at >= text.length()) {
      return "end of input";
    }
    int cp = text.codePointAt(at);
    boolean invisible =
        Character.isISOControl(cp)
            || Character.isWhitespace(cp)
            || Character.isSpaceChar(cp)
            || Character.getType(cp) == Character.SURROGATE
            || Character.getType(cp) == Character.FORMAT;
    return invisible ? codePoint(cp) : "'" + new String(Character.toChars(cp)) + "'";
  }

  private PlanSyntaxException error(int at, String reason) {
    return new PlanSyntaxException(at, reason, excerpt(text, at));
  }

  private static Map<String, ShreddedType> scalarsByName() {
    Map<String, ShreddedType> m = new LinkedHashMap<>();
    for (ShreddedType.Kind k : ShreddedType.Kind.values()) {
      if (k != ShreddedType.Kind.DECIMAL) {
        m.put(k.text(), ShreddedType.of(k, 0, 0));
      }
    }
    return m;
  }

  private static boolean isNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }

  private static String codePoint(int cp) {
    return String.format(Locale.ROOT, "U+%04X", cp);
  }

  private static String unknownName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (!lower.equals(name)
        && (SCALARS.containsKey(lower)
            || lower.equals(PlanText.RESIDUAL)
            || lower.equals(ShreddedType.Kind.DECIMAL.text()))) {
      return "unknown type name '"
          + name
          + "': type names are lowercase, did you mean '"
          + lower
          + "'?";
    }
    return "unknown type name '"
        + name
        + "'; expected "
        + PlanText.RESIDUAL
        + ", "
        + String.join(", ", SCALARS.keySet())
        + ", decimal(P,S), an object {...} or an array [...]";
  }

  /**
   * The line holding {@code position} (a window of it, if long) and a caret under the position,
   * each indented by two spaces. Control characters show as spaces so that the caret lines up.
   */
  private static String excerpt(String text, int position) {
    int lineStart = text.lastIndexOf('\n', position - 1) + 1;
    int lineEnd = text.indexOf('\n', position);
    if (lineEnd < 0) {
      lineEnd = text.length();
    }
    int start = Math.max(lineStart, position - EXCERPT_WIDTH / 2);
    int end = Math.min(lineEnd, start + EXCERPT_WIDTH);
    StringBuilder sb = new StringBuilder("\n  ");
    if (start > lineStart) {
      sb.append("...");
    }
    int caretColumn = sb.length() - 3 + text.codePointCount(start, position);
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      sb.append(c < 0x20 || c == 0x7F ? ' ' : c);
    }
    if (end < lineEnd) {
      sb.append("...");
    }
    return sb.append("\n  ").append(" ".repeat(caretColumn)).append('^').toString();
  }
}
