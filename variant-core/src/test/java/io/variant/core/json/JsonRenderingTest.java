// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * How each Variant type renders as JSON, as {@link VariantJson}'s class comment states (the spec
 * defines no JSON form).
 */
class JsonRenderingTest {
  /** 2025-04-16T16:34:56.78Z in microseconds since the epoch. */
  private static final long MICROS = 1_744_821_296_780_000L;

  private static String render(Consumer<VariantBuilder> append) {
    VariantBuilder b = new VariantBuilder();
    append.accept(b);
    return VariantJson.toJson(b.build());
  }

  @Test
  void rendersEveryPrimitiveType() {
    Set<VariantType> covered = EnumSet.noneOf(VariantType.class);
    check(covered, VariantType.NULL, "null", b -> b.appendNull());
    check(covered, VariantType.BOOLEAN_TRUE, "true", b -> b.appendBoolean(true));
    check(covered, VariantType.BOOLEAN_FALSE, "false", b -> b.appendBoolean(false));
    check(covered, VariantType.INT8, "-5", b -> b.appendInteger(VariantType.INT8, -5));
    check(covered, VariantType.INT16, "300", b -> b.appendInteger(VariantType.INT16, 300));
    check(
        covered,
        VariantType.INT32,
        "7",
        b -> b.appendInteger(VariantType.INT32, 7)); // wide type, same text
    check(covered, VariantType.INT64, "-9223372036854775808", b -> b.appendLong(Long.MIN_VALUE));
    check(covered, VariantType.DOUBLE, "1.0", b -> b.appendDouble(1.0));
    check(covered, VariantType.DECIMAL4, "34.00", b -> b.appendDecimal(new BigDecimal("34.00")));
    check(
        covered,
        VariantType.DECIMAL8,
        "-12345678901.5",
        b -> b.appendDecimal(new BigDecimal("-12345678901.5")));
    check(
        covered,
        VariantType.DECIMAL16,
        "0.00000000000000000000000000000000000001",
        b -> b.appendDecimal(new BigDecimal("1E-38")));
    check(
        covered, VariantType.DATE, "\"2017-11-16\"", b -> b.appendDate(LocalDate.of(2017, 11, 16)));
    check(
        covered,
        VariantType.TIMESTAMP_MICROS,
        "\"2025-04-16T16:34:56.780Z\"",
        b -> b.appendTimestampMicros(MICROS));
    check(
        covered,
        VariantType.TIMESTAMP_NTZ_MICROS,
        "\"2025-04-16T16:34:56.780\"",
        b -> b.appendTimestampNtzMicros(MICROS));
    check(covered, VariantType.FLOAT, "1.5", b -> b.appendFloat(1.5f));
    check(
        covered,
        VariantType.BINARY,
        "\"AAEC/w==\"",
        b -> b.appendBinary(new byte[] {0, 1, 2, (byte) 0xFF}));
    check(covered, VariantType.STRING, "\"x\"", b -> b.appendString("x"));
    check(
        covered,
        VariantType.TIME_NTZ_MICROS,
        "\"12:33:54.123456\"",
        b -> b.appendTimeMicros(45_234_123_456L));
    check(
        covered,
        VariantType.TIMESTAMP_NANOS,
        "\"2025-04-16T16:34:56.780000001Z\"",
        b -> b.appendTimestampNanos(MICROS * 1000 + 1));
    check(
        covered,
        VariantType.TIMESTAMP_NTZ_NANOS,
        "\"2025-04-16T16:34:56.780000001\"",
        b -> b.appendTimestampNtzNanos(MICROS * 1000 + 1));
    check(
        covered,
        VariantType.UUID,
        "\"f24f9b64-81fa-49d1-b74e-8c09a6e31c56\"",
        b -> b.appendUuid(UUID.fromString("F24F9B64-81FA-49D1-B74E-8C09A6E31C56")));
    check(covered, VariantType.OBJECT, "{}", b -> b.startObject().endObject());
    check(covered, VariantType.ARRAY, "[]", b -> b.startArray().endArray());

    assertEquals(
        EnumSet.allOf(VariantType.class), covered, "a VariantType without a rendering case here");
  }

  private static void check(
      Set<VariantType> covered, VariantType type, String json, Consumer<VariantBuilder> append) {
    VariantBuilder b = new VariantBuilder();
    append.accept(b);
    Variant v = b.build();
    assertEquals(type, v.type());
    assertEquals(json, VariantJson.toJson(v), type.name());
    covered.add(type);
  }

  @Test
  void doublesAlwaysShowAFractionOrExponent() {
    assertEquals("1.0E10", render(b -> b.appendDouble(1e10)));
    assertEquals("1.0E-5", render(b -> b.appendDouble(1e-5)));
    assertEquals("0.001", render(b -> b.appendDouble(0.001)));
    assertEquals("100.0", render(b -> b.appendDouble(100)));
    assertEquals("9999999.0", render(b -> b.appendDouble(9_999_999)));
    assertEquals("1.0E7", render(b -> b.appendDouble(10_000_000)));
    assertEquals(
        "1.0E23",
        render(b -> b.appendDouble(1e23))); // shortest digits, not JDK 17's 9.999999999999999E22
    assertEquals("4.9E-324", render(b -> b.appendDouble(Double.MIN_VALUE)));
    assertEquals("1.7976931348623157E308", render(b -> b.appendDouble(Double.MAX_VALUE)));
    assertEquals("0.0", render(b -> b.appendDouble(0.0)));
  }

  @Test
  void negativeZeroRendersAsMinusZeroAndReadsBackAsADouble() {
    assertEquals("-0.0", render(b -> b.appendDouble(-0.0)));
    assertEquals("-0.0", render(b -> b.appendFloat(-0.0f)));

    Variant back = VariantJson.parse("-0.0");
    assertEquals(VariantType.DOUBLE, back.type());
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(back.doubleValue()));
  }

  @Test
  void nonFiniteNumbersRenderAsStrings() {
    assertEquals("\"NaN\"", render(b -> b.appendDouble(Double.NaN)));
    assertEquals("\"Infinity\"", render(b -> b.appendDouble(Double.POSITIVE_INFINITY)));
    assertEquals("\"-Infinity\"", render(b -> b.appendDouble(Double.NEGATIVE_INFINITY)));
    assertEquals("\"NaN\"", render(b -> b.appendFloat(Float.NaN)));
    assertEquals("\"-Infinity\"", render(b -> b.appendFloat(Float.NEGATIVE_INFINITY)));
  }

  @Test
  void floatsUseTheirOwnShortestDigits() {
    assertEquals("0.1", render(b -> b.appendFloat(0.1f))); // not 0.10000000149011612
    assertEquals("1.1E10", render(b -> b.appendFloat(1.1e10f)));
    assertEquals("3.4028235E38", render(b -> b.appendFloat(Float.MAX_VALUE)));
  }

  @Test
  void floatTextReadsBackAsADoubleWithTheSameText() {
    // JDK 17's Double.toString prints these doubles with extra digits (1.2096952999999999E20,
    // 9.999999999999999E22)
    for (float f : new float[] {1.2096953E20f, 1.0E23f, -6.4144453E19f}) {
      String json = render(b -> b.appendFloat(f));

      Variant back = VariantJson.parse(json);

      assertEquals(VariantType.DOUBLE, back.type());
      assertEquals(json, VariantJson.toJson(back));
    }
  }

  @Test
  void decimalsKeepTheirScaleWithoutExponent() {
    assertEquals("0", render(b -> b.appendDecimal(VariantType.DECIMAL16, BigDecimal.ZERO)));
    assertEquals("0.000", render(b -> b.appendDecimal(new BigDecimal("0.000"))));
    assertEquals("-1.10", render(b -> b.appendDecimal(new BigDecimal("-1.10"))));
    assertEquals(
        "99999999999999999999999999999999999999",
        render(b -> b.appendDecimal(new BigDecimal("99999999999999999999999999999999999999"))));
  }

  /**
   * Timestamps print as {@code Instant.toString()} does: UTC as {@code Z}, the fraction in groups
   * of three digits, as many as the value needs (none for whole seconds), whatever the unit; times
   * of day keep every digit of their unit.
   */
  @Test
  void timestampsPrintTheirShortestIsoForm() {
    assertEquals("\"1970-01-01T00:00:00Z\"", render(b -> b.appendTimestampMicros(0)));
    assertEquals("\"1970-01-01T00:00:00.001Z\"", render(b -> b.appendTimestampMicros(1000)));
    assertEquals("\"1970-01-01T00:00:00.000001Z\"", render(b -> b.appendTimestampMicros(1)));
    assertEquals("\"1970-01-01T00:00:00.100Z\"", render(b -> b.appendTimestampNanos(100_000_000)));
    assertEquals("\"1970-01-01T00:00:00.000000100Z\"", render(b -> b.appendTimestampNanos(100)));
    assertEquals("\"1969-12-31T23:59:59.999999Z\"", render(b -> b.appendTimestampMicros(-1)));
    assertEquals("\"1969-12-31T23:59:59.999999999\"", render(b -> b.appendTimestampNtzNanos(-1)));
    assertEquals("\"1970-01-01T00:00:00\"", render(b -> b.appendTimestampNtzMicros(0)));
    assertEquals(
        "\"1970-01-01T00:01:00.500\"", render(b -> b.appendTimestampNtzNanos(60_500_000_000L)));
    assertEquals("\"00:00:00.000000\"", render(b -> b.appendTimeMicros(0)));
    assertEquals("\"23:59:59.999999\"", render(b -> b.appendTimeMicros(86_399_999_999L)));
    assertEquals("\"1969-12-31\"", render(b -> b.appendDate(-1)));
    assertEquals("\"+10000-01-01\"", render(b -> b.appendDate(LocalDate.of(10000, 1, 1))));
    assertEquals(
        "\"-0001-01-01T00:00:00Z\"",
        render(
            b -> b.appendTimestampMicros(LocalDate.of(-1, 1, 1).toEpochDay() * 86_400_000_000L)));
  }

  /** Every timestamp with a zone prints as the {@link Instant} it is prints itself. */
  @Test
  void timestampsWithZonePrintAsInstantToString() {
    Trials.run(
        "timestamps print as Instant.toString",
        r -> {
          long nanos = r.nextLong() / (r.nextBoolean() ? 1 : 1_000_000);
          long micros = Math.floorDiv(nanos, 1000);
          for (int digits : new int[] {0, 3, 6}) {
            long unit = (long) Math.pow(10, 6 - digits);
            long m = Math.floorDiv(micros, unit) * unit;
            Instant instant =
                Instant.ofEpochSecond(
                    Math.floorDiv(m, 1_000_000L), Math.floorMod(m, 1_000_000L) * 1000);
            assertEquals(
                "\"" + instant + "\"", render(b -> b.appendTimestampMicros(m)), Long.toString(m));
          }
          Instant instant =
              Instant.ofEpochSecond(
                  Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
          assertEquals(
              "\"" + instant + "\"",
              render(b -> b.appendTimestampNanos(nanos)),
              Long.toString(nanos));
        });
  }

  @Test
  void stringsAreEscapedAndUnicodeKept() {
    assertEquals("\"q\\\"b\\\\s/\"", render(b -> b.appendString("q\"b\\s/")));
    assertEquals(
        "\"\\n\\t\\r\\b\\f\\u0001\\u001F\"", render(b -> b.appendString("\n\t\r\b\f\u0001\u001f")));
    assertEquals("\"é😀\u2028\uFFFF\"", render(b -> b.appendString("é\uD83D\uDE00\u2028\uFFFF")));
    String longString = "é".repeat(40); // 80 UTF-8 bytes: the long form
    assertEquals("\"" + longString + "\"", render(b -> b.appendString(longString)));
  }

  @Test
  void objectsRenderInStoredKeyOrder() {
    String json =
        render(
            b -> {
              b.startObject();
              b.key("b").appendLong(1);
              b.key("\uD83D\uDE00")
                  .appendLong(2); // U+1F600 sorts after U+E000 in UTF-8 order (not in UTF-16)
              b.key("\uE000").appendLong(3);
              b.key("A")
                  .startArray()
                  .appendNull()
                  .startObject()
                  .endObject()
                  .startArray()
                  .endArray()
                  .endArray();
              b.key("esc\"aped").appendString("v");
              b.endObject();
            });

    assertEquals(
        "{\"A\":[null,{},[]],\"b\":1,\"esc\\\"aped\":\"v\",\"\uE000\":3,\"\uD83D\uDE00\":2}", json);
  }

  @Test
  void everyOutputFormGivesTheSameText() throws IOException {
    Variant v = VariantJson.parse("{\"a\":[1,2.50,\"x\",{\"b\":null}],\"c\":1.0E10}");
    String expected = "{\"a\":[1,2.50,\"x\",{\"b\":null}],\"c\":1.0E10}";

    StringBuilder sb = new StringBuilder("prefix:");
    VariantJson.writeJson(v, sb);
    StringWriter w = new StringWriter();
    try (JsonGenerator gen = new JsonFactory().createGenerator(w)) {
      gen.writeStartArray();
      VariantJson.writeJson(v, gen);
      VariantJson.writeJson(v, gen, io.variant.core.Limits.defaults());
      gen.writeEndArray();
    }

    assertEquals(expected, VariantJson.toJson(v));
    assertEquals("prefix:" + expected, sb.toString());
    assertEquals("[" + expected + "," + expected + "]", w.toString());
    assertEquals(expected, v.toString());
  }

  @Test
  void writerIsNeitherFlushedNorClosed() throws IOException {
    StringWriter target = new StringWriter();
    java.io.BufferedWriter out = new java.io.BufferedWriter(target);

    VariantJson.writeJson(VariantJson.parse("[1]"), out);
    assertEquals(
        "", target.toString()); // still in the BufferedWriter: the caller decides when to flush

    out.write("!"); // still open
    out.flush();
    assertEquals("[1]!", target.toString());
  }
}
