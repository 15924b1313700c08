// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static java.time.temporal.ChronoField.NANO_OF_SECOND;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.NumberOutput;
import io.variant.core.KeyOrder;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantLimitException;
import io.variant.core.WalkBudget;
import java.io.IOException;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;

/**
 * Renders one Variant through a {@link JsonGenerator}: the Variant to JSON direction. The walk is
 * iterative with an explicit stack, so neither a deep value nor a forged one overflows the thread's
 * stack.
 *
 * <p><b>Limits:</b> nesting deeper than {@link Limits#maxDepth()}, a walk that visits more than
 * {@link Limits#maxExpansion()} times the value's encoded bytes ({@link WalkBudget}) and output
 * longer than {@link Limits#maxValueBytes()} characters throw {@link VariantLimitException}. The
 * spec lets offsets share sub-values: an array of 2 elements pointing at one array of 2 elements,
 * and so on 40 levels deep, is under 200 bytes yet would render 2^40 leaves. The walk budget stops
 * such a value after a few times its own size, before the output grows; the output bound covers
 * what the budget does not count (keys, which live in the metadata and may repeat in every object).
 * Characters are counted here, as rendered before JSON escaping, rather than by wrapping the
 * output, so the bound also holds for a caller's generator; for compact output without escapes the
 * count is exact.
 */
final class VariantToJson {
  // Timestamps print as Instant.toString() does: the fraction in groups of three digits, as few as
  // the value needs (ISO_INSTANT's rule), UTC as 'Z'; without a zone, the same less the 'Z'.
  private static final DateTimeFormatter TIMESTAMP_UTC = DateTimeFormatter.ISO_INSTANT;
  private static final DateTimeFormatter TIME_MICROS = time(6).toFormatter(Locale.ROOT);

  private final JsonGenerator gen;
  private final Limits limits;
  private final WalkBudget budget;
  private long chars;
  // The open containers, innermost last: the value, how many children it has, which child is next.
  private Variant[] open = new Variant[16];
  private int[] sizes = new int[16];
  private int[] next = new int[16];
  // per open object: its fields in key order, null if stored so
  private int[][] keyOrders = new int[16][];
  private int depth;

  private VariantToJson(JsonGenerator gen, Limits limits, long encodedBytes) {
    this.gen = gen;
    this.limits = limits;
    this.budget = new WalkBudget("render", encodedBytes, limits);
  }

  static void write(Variant value, JsonGenerator gen, Limits limits) throws IOException {
    new VariantToJson(gen, limits, value.valueSize()).walk(value);
  }

  private void walk(Variant root) throws IOException {
    enter(root);
    while (depth > 0) {
      int top = depth - 1;
      Variant container = open[top];
      int i = next[top];
      if (i == sizes[top]) {
        if (container.isObject()) {
          gen.writeEndObject();
        } else {
          gen.writeEndArray();
        }
        open[top] = null;
        depth--;
        continue;
      }
      next[top] = i + 1;
      if (i > 0) {
        charge(1); // the comma
      }
      if (container.isObject()) {
        int f =
            keyOrders[top] == null
                ? i
                : keyOrders[top][i]; // key order, whatever order another writer stored
        String name = container.fieldName(f);
        charge(name.length() + 3); // quotes and colon
        gen.writeFieldName(name);
        enter(container.fieldValue(f));
      } else {
        enter(container.element(i));
      }
    }
  }

  /** Writes a scalar, or opens a container whose children the walk then visits. */
  private void enter(Variant v) throws IOException {
    budget.charge(v);
    boolean object = v.isObject();
    if (!object && !v.isArray()) {
      JsonScalar s = scalar(v);
      charge(s.text.length() + (s.quoted ? 2 : 0));
      if (s.quoted) {
        gen.writeString(s.text);
      } else {
        gen.writeRawValue(s.text);
      }
      return;
    }
    if (depth == limits.maxDepth()) {
      throw new VariantLimitException(
          "Cannot render JSON nested deeper than "
              + limits.maxDepth()
              + " levels (raise Limits.maxDepth)");
    }
    if (depth == open.length) {
      open = Arrays.copyOf(open, depth * 2);
      sizes = Arrays.copyOf(sizes, depth * 2);
      next = Arrays.copyOf(next, depth * 2);
      keyOrders = Arrays.copyOf(keyOrders, depth * 2);
    }
    open[depth] = v;
    sizes[depth] = object ? v.fieldCount() : v.size();
    keyOrders[depth] = object ? KeyOrder.fieldsInKeyOrder(v) : null;
    next[depth] = 0;
    depth++;
    charge(2); // both brackets
    if (object) {
      gen.writeStartObject();
    } else {
      gen.writeStartArray();
    }
  }

  private void charge(int n) {
    chars += n;
    if (chars > limits.maxValueBytes()) {
      throw new VariantLimitException(
          "Cannot render JSON longer than "
              + limits.maxValueBytes()
              + " characters (raise Limits.maxValueBytes); offsets that share sub-values can make a small value"
              + " render without bound");
    }
  }

  /**
   * The only place that decides how a scalar looks in JSON. There is no {@code default}, so adding
   * a {@code VariantType} constant stops the build here until someone decides how the new type
   * renders.
   */
  static JsonScalar scalar(Variant v) {
    return switch (v.type()) {
      case NULL -> JsonScalar.raw("null");
      case BOOLEAN_TRUE -> JsonScalar.raw("true");
      case BOOLEAN_FALSE -> JsonScalar.raw("false");
      case INT8, INT16, INT32, INT64 -> JsonScalar.raw(Long.toString(v.longValue()));
      case DECIMAL4, DECIMAL8, DECIMAL16 ->
          JsonScalar.raw(v.decimalValue().toPlainString()); // keeps the scale
      case FLOAT -> floating(v.floatValue(), NumberOutput.toString(v.floatValue(), true));
      case DOUBLE -> floating(v.doubleValue(), NumberOutput.toString(v.doubleValue(), true));
      case DATE -> JsonScalar.string(v.dateValue().toString());
      case TIMESTAMP_MICROS, TIMESTAMP_NANOS ->
          JsonScalar.string(TIMESTAMP_UTC.format(v.instantValue()));
      case TIMESTAMP_NTZ_MICROS, TIMESTAMP_NTZ_NANOS -> JsonScalar.string(wallClock(v));
      case TIME_NTZ_MICROS -> JsonScalar.string(TIME_MICROS.format(v.timeValue()));
      case BINARY -> JsonScalar.string(Base64.getEncoder().encodeToString(v.binaryValue()));
      case STRING -> JsonScalar.string(v.stringValue());
      case UUID -> JsonScalar.string(v.uuidValue().toString()); // lower case, 8-4-4-4-12
      case OBJECT, ARRAY ->
          throw new IllegalArgumentException("Cannot render a " + v.type() + " as a scalar");
    };
  }

  /**
   * Float and double text: shortest round-trip digits (jackson's Schubfach, the JDK 19+ algorithm)
   * that always show a fraction or an exponent. Shortest digits matter for the fixed point: JDK
   * 17's {@code Double.toString(1e23)} prints {@code 9.999999999999999E22}, so a float {@code
   * 1.0E23} read back as a double would print differently.
   */
  private static JsonScalar floating(double value, String shortest) {
    if (Double.isNaN(value)) {
      return JsonScalar.string("NaN");
    }
    if (Double.isInfinite(value)) {
      return JsonScalar.string(value > 0 ? "Infinity" : "-Infinity");
    }
    return JsonScalar.raw(shortest); // -0.0 too: it reads back as the double -0.0
  }

  /**
   * A timestamp without time zone as its UTC counterpart prints less the 'Z': the date, the time
   * and the fraction follow one rule for both.
   */
  private static String wallClock(Variant v) {
    String utc = TIMESTAMP_UTC.format(v.localDateTimeValue().toInstant(ZoneOffset.UTC));
    return utc.substring(0, utc.length() - 1);
  }

  /**
   * HH:mm:ss and exactly {@code fractionDigits} digits: the unit shows even when they are zeros.
   */
  private static DateTimeFormatterBuilder time(int fractionDigits) {
    return new DateTimeFormatterBuilder()
        .appendPattern("HH:mm:ss")
        .appendFraction(NANO_OF_SECOND, fractionDigits, fractionDigits, true);
  }

  /**
   * A rendered scalar: JSON text written as is ({@code null}, numbers), or a string the generator
   * escapes.
   */
  static final class JsonScalar {
    final String text;
    final boolean quoted;

    private JsonScalar(String text, boolean quoted) {
      this.text = text;
      this.quoted = quoted;
    }

    static JsonScalar raw(String text) {
      return new JsonScalar(text, false);
    }

    static JsonScalar string(String text) {
      return new JsonScalar(text, true);
    }
  }
}
