// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.corpus;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * Chainable JSON writing for the generators over a jackson {@link JsonGenerator}, which places
 * commas and escapes strings, so that every generated document is valid JSON by construction.
 */
final class JsonText {
  private static final JsonFactory FACTORY = new JsonFactory();

  /** One step of writing; jackson declares IOException, which a StringWriter never throws. */
  private interface Step {
    void run(JsonGenerator g) throws IOException;
  }

  private StringWriter buffer;
  private JsonGenerator gen;

  JsonText() {
    restart();
  }

  private void restart() {
    buffer = new StringWriter(1024);
    try {
      gen = FACTORY.createGenerator(buffer);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private JsonText write(Step step) {
    try {
      step.run(gen);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  JsonText startObject() {
    return write(JsonGenerator::writeStartObject);
  }

  JsonText endObject() {
    return write(JsonGenerator::writeEndObject);
  }

  JsonText startArray() {
    return write(JsonGenerator::writeStartArray);
  }

  JsonText endArray() {
    return write(JsonGenerator::writeEndArray);
  }

  /** A key; the next call writes its value. */
  JsonText key(String name) {
    return write(g -> g.writeFieldName(name));
  }

  JsonText string(String s) {
    return write(g -> g.writeString(s));
  }

  JsonText number(long n) {
    return write(g -> g.writeNumber(n));
  }

  /**
   * A double in Java's shortest form, which JSON readers take as a number with an exponent or
   * fraction.
   */
  JsonText number(double d) {
    return write(g -> g.writeNumber(d));
  }

  /**
   * A decimal literal with exactly {@code scale} fraction digits, such as a price: {@code 12.50}.
   */
  JsonText decimal(long unscaled, int scale) {
    return write(g -> g.writeNumber(java.math.BigDecimal.valueOf(unscaled, scale).toPlainString()));
  }

  JsonText bool(boolean b) {
    return write(g -> g.writeBoolean(b));
  }

  JsonText nul() {
    return write(JsonGenerator::writeNull);
  }

  /** The document written so far; starts the next one. */
  String take() {
    write(JsonGenerator::flush);
    String s = buffer.toString();
    restart();
    return s;
  }
}
