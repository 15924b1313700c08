// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.corpus;

/**
 * {@link MixedRowGenerator}'s JSON text builder: commas and quotes placed for the caller; strings
 * escape only quotes and backslashes (the generator's words hold no control characters), and {@link
 * #raw} writes literal JSON as it is. The mixed corpus's bytes are this writer's, so it is kept
 * apart from {@link JsonText}'s jackson writer: another writer could change them (and every
 * benchmark result on the corpus).
 */
final class PlainJsonWriter {
  private final StringBuilder sb = new StringBuilder(2048);
  private boolean first = true;

  void reset() {
    sb.setLength(0);
    first = true;
  }

  String text() {
    return sb.toString();
  }

  private void comma() {
    if (!first) {
      sb.append(',');
    }
    first = false;
  }

  PlainJsonWriter open() {
    comma();
    sb.append('{');
    first = true;
    return this;
  }

  PlainJsonWriter close() {
    sb.append('}');
    first = false;
    return this;
  }

  PlainJsonWriter arr() {
    comma();
    sb.append('[');
    first = true;
    return this;
  }

  PlainJsonWriter closeArr() {
    sb.append(']');
    first = false;
    return this;
  }

  PlainJsonWriter key(String k) {
    comma();
    quote(k);
    sb.append(':');
    first = true; // the value follows without a comma
    return this;
  }

  PlainJsonWriter str(String s) {
    comma();
    quote(s);
    return this;
  }

  PlainJsonWriter num(long n) {
    comma();
    sb.append(n);
    return this;
  }

  PlainJsonWriter bool(boolean b) {
    comma();
    sb.append(b);
    return this;
  }

  PlainJsonWriter raw(String json) {
    comma();
    sb.append(json);
    return this;
  }

  private void quote(String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\');
      }
      sb.append(c);
    }
    sb.append('"');
  }
}
