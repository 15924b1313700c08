package io.variant.bench.corpus;

import java.util.Locale;

/**
 * Appends JSON text for the generators: a thin wrapper over a {@link StringBuilder} that places commas and
 * escapes strings, so that every generated document is valid JSON by construction.
 */
final class JsonText {
  private final StringBuilder out = new StringBuilder(1024);
  private boolean needComma;

  JsonText startObject() {
    comma();
    out.append('{');
    needComma = false;
    return this;
  }

  JsonText endObject() {
    out.append('}');
    needComma = true;
    return this;
  }

  JsonText startArray() {
    comma();
    out.append('[');
    needComma = false;
    return this;
  }

  JsonText endArray() {
    out.append(']');
    needComma = true;
    return this;
  }

  /** A key; the next call writes its value. */
  JsonText key(String name) {
    comma();
    quote(name);
    out.append(':');
    needComma = false;
    return this;
  }

  JsonText string(String s) {
    comma();
    quote(s);
    needComma = true;
    return this;
  }

  JsonText number(long n) {
    return raw(Long.toString(n));
  }

  /** A double in Java's shortest form, which JSON readers take as a number with an exponent or fraction. */
  JsonText number(double d) {
    return raw(Double.toString(d));
  }

  /** A decimal literal with exactly {@code scale} fraction digits, such as a price: {@code 12.50}. */
  JsonText decimal(long unscaled, int scale) {
    String digits = Long.toString(Math.abs(unscaled));
    while (digits.length() <= scale) {
      digits = "0" + digits;
    }
    String text = digits.substring(0, digits.length() - scale) + "." + digits.substring(digits.length() - scale);
    return raw(unscaled < 0 ? "-" + text : text);
  }

  JsonText bool(boolean b) {
    return raw(b ? "true" : "false");
  }

  JsonText nul() {
    return raw("null");
  }

  private JsonText raw(String literal) {
    comma();
    out.append(literal);
    needComma = true;
    return this;
  }

  private void comma() {
    if (needComma) {
      out.append(',');
    }
  }

  private void quote(String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** The text so far; starts the next document. */
  String take() {
    String s = out.toString();
    out.setLength(0);
    needComma = false;
    return s;
  }
}
