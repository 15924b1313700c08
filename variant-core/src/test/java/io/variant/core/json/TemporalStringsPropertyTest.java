// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.core.BuilderOptions;
import io.variant.core.Limits;
import io.variant.core.MetadataBuilder;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantLimitException;
import io.variant.core.VariantMetadata;
import io.variant.core.VariantType;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Strings become dates and timestamps only when the JSON they print is the text they were. */
class TemporalStringsPropertyTest {
  @Test
  void everyConvertedValueRendersBackToItsText() {
    Trials.run(
        "temporal strings render back",
        r -> {
          String[] texts = new String[6];
          StringBuilder json = new StringBuilder("{\"e\": [");
          for (int i = 0; i < texts.length; i++) {
            texts[i] = dateLike(r);
            json.append(i == 0 ? "" : ", ").append(VariantJson.toJson(string(texts[i])));
          }
          Variant row =
              VariantJson.parse(
                  json.append("], \"s\": ")
                      .append(VariantJson.toJson(string(texts[0])))
                      .append('}')
                      .toString());
          TemporalStrings temporal = new TemporalStrings(BuilderOptions.defaults());

          Variant converted = temporal.convert(row);

          assertEquals(VariantJson.toJson(row), VariantJson.toJson(converted), texts[0]);
          long expected = 0;
          for (int i = 0; i < texts.length; i++) {
            Variant element = converted.field("e").element(i);
            if (element.type() != VariantType.STRING) {
              expected += i == 0 ? 2 : 1; // texts[0] is in "s" too
            }
            assertEquals(VariantJson.toJson(string(texts[i])), VariantJson.toJson(element));
          }
          assertEquals(expected, temporal.converted());
          if (expected == 0) {
            assertSame(row, converted);
          }
        });
  }

  @Test
  void convertsOnlyTheRenderersOwnForms() {
    assertEquals(VariantType.DATE, TemporalStrings.temporal("2024-03-01").type());
    assertEquals(
        VariantType.TIMESTAMP_NTZ_MICROS,
        TemporalStrings.temporal("2024-03-01T00:00:26.791").type());
    assertEquals(
        VariantType.TIMESTAMP_NTZ_MICROS, TemporalStrings.temporal("2024-03-01T00:00:26").type());
    assertEquals(
        VariantType.TIMESTAMP_MICROS, TemporalStrings.temporal("2024-03-01T00:00:26.791Z").type());
    assertEquals(
        VariantType.TIMESTAMP_MICROS,
        TemporalStrings.temporal("2024-03-01T00:00:26.791001Z").type());
    assertEquals(
        VariantType.TIMESTAMP_MICROS, TemporalStrings.temporal("2024-03-01T00:00:26Z").type());
    assertEquals(
        VariantType.TIMESTAMP_NANOS,
        TemporalStrings.temporal("2024-03-01T00:00:26.791000001Z").type());
    assertEquals(
        1_709_251_226_791_000L,
        TemporalStrings.temporal("2024-03-01T00:00:26.791Z").temporalValue());
    assertNotNull(TemporalStrings.temporal("2024-02-29"));
    assertNull(TemporalStrings.temporal("2023-02-29")); // no such day
    assertNull(TemporalStrings.temporal("2024-03-01T00:00:26.791000Z")); // prints as ...26.791Z
    assertNull(TemporalStrings.temporal("2024-03-01T00:00:26.000Z")); // prints as ...26Z
    assertNull(TemporalStrings.temporal("2024-03-01T00:00:26.79Z"));
    assertNull(TemporalStrings.temporal("2024-03-01T00:00:26.791+00:00"));
    assertNull(TemporalStrings.temporal("2024-03-01T00:00Z"));
    assertNull(TemporalStrings.temporal("2024-03-01T24:00:00Z"));
    assertNull(TemporalStrings.temporal("2024-03-01 00:00:26Z"));
    assertNull(TemporalStrings.temporal("2024-3-01"));
  }

  @Test
  void convertReachesStringsInsideObjectsAndArraysAfterOtherValues() {
    Variant row =
        VariantJson.parse(
            "{\"a\": 1, \"b\": \"2024-03-01\", \"c\": [\"x\", 2,"
                + " [\"2024-03-01T00:00:26.791\"]], \"d\": {\"e\": null}}");
    TemporalStrings temporal = new TemporalStrings(BuilderOptions.defaults());
    Variant converted = temporal.convert(row);
    assertEquals(VariantType.DATE, converted.field("b").type());
    assertEquals(
        VariantType.TIMESTAMP_NTZ_MICROS, converted.field("c").element(2).element(0).type());
    assertEquals(VariantType.STRING, converted.field("c").element(0).type());
    assertEquals(2, temporal.converted());
    assertEquals(VariantJson.toJson(row), VariantJson.toJson(converted));

    Variant onlyInArray = VariantJson.parse("[1, \"2024-03-01\"]");
    assertEquals(VariantType.DATE, temporal.convert(onlyInArray).element(1).type());
    assertEquals(3, temporal.converted());
  }

  /**
   * A converted row keeps the dictionary it was parsed onto, even one holding keys it does not use:
   * rows of a writer's dictionary go on sharing one metadata value.
   */
  @Test
  void aConvertedRowKeepsItsDictionary() {
    VariantMetadata writers = new MetadataBuilder().addAll(List.of("a", "ts", "unused")).build();
    Variant row =
        VariantJson.rowParser(JsonOptions.defaults(), writers)
            .parse("{\"ts\": \"2024-03-01T00:00:26.791Z\", \"a\": [\"2024-03-01\"]}");
    assertSame(writers, row.metadata());
    Variant converted = new TemporalStrings(BuilderOptions.defaults()).convert(row);
    assertEquals(VariantType.TIMESTAMP_MICROS, converted.field("ts").type());
    assertEquals(VariantType.DATE, converted.field("a").element(0).type());
    assertSame(writers, converted.metadata());
    assertEquals(VariantJson.toJson(row), VariantJson.toJson(converted));
  }

  @Test
  void aRowWithNothingToConvertIsReturnedAsItIs() {
    TemporalStrings temporal = new TemporalStrings(BuilderOptions.defaults());
    for (String json :
        new String[] {"{\"a\": [1, \"x\"], \"b\": {}}", "[\"2024-02-30\"]", "\"2024-3-01\"", "7"}) {
      Variant row = VariantJson.parse(json);
      assertSame(row, temporal.convert(row), json);
    }
    assertEquals(0, temporal.converted());
  }

  /**
   * A value without a date-like string is handed back without a walk that builds it again: so a
   * converter whose limits are lower than the ones the value was built under leaves it alone
   * instead of refusing it, whatever its containers hold and in whichever order.
   */
  @Test
  void aValueWithNothingToConvertIsNotBuiltAgainUnderTheConvertersLimits() {
    TemporalStrings shallow =
        new TemporalStrings(
            BuilderOptions.defaults().withLimits(Limits.defaults().withMaxDepth(1)));
    for (String json :
        new String[] {
          "{\"a\": [1, \"x\", {\"b\": true}]}",
          "[[\"x\"], {\"a\": 1}, 2.5]",
          "{\"a\": {\"b\": \"2024-3-01\"}, \"c\": [null]}"
        }) {
      Variant row = VariantJson.parse(json);
      assertSame(row, shallow.convert(row), json);
    }
    assertEquals(0, shallow.converted());
    // the limits are the converter's own: a row that converts is built under them
    Variant deep = VariantJson.parse("{\"a\": [\"2024-03-01\"]}");
    assertThrows(VariantLimitException.class, () -> shallow.convert(deep));
  }

  private static Variant string(String s) {
    return new VariantBuilder().appendString(s).build();
  }

  /**
   * Text shaped like a date or timestamp: valid, invalid, or in a form the renderer never prints.
   */
  static String dateLike(Random r) {
    if (r.nextInt(10) == 0) {
      return Gen.string(r, 0, 40);
    }
    String date =
        String.format(
            Locale.ROOT,
            r.nextInt(20) == 0 ? "%d-%d-%d" : "%04d-%02d-%02d",
            r.nextInt(10) == 0 ? r.nextInt(10_000) : 1900 + r.nextInt(200),
            1 + r.nextInt(r.nextInt(10) == 0 ? 13 : 12),
            1 + r.nextInt(r.nextInt(5) == 0 ? 31 : 28));
    if (r.nextInt(4) == 0) {
      return date;
    }
    int digits = new int[] {0, 0, 2, 3, 3, 6, 6, 9, 9}[r.nextInt(9)];
    StringBuilder s =
        new StringBuilder(date)
            .append(r.nextInt(10) == 0 ? ' ' : 'T')
            .append(
                String.format(
                    Locale.ROOT,
                    "%02d:%02d:%02d",
                    r.nextInt(r.nextInt(10) == 0 ? 25 : 24),
                    r.nextInt(60),
                    r.nextInt(r.nextInt(10) == 0 ? 61 : 60)));
    if (digits > 0) {
      s.append('.');
      for (int i = 0; i < digits; i++) {
        s.append((char) ('0' + r.nextInt(10)));
      }
    }
    String[] zones = {"", "", "Z", "Z", "Z", "+00:00", "+01:00", "-00:00", "z"};
    return s.append(zones[r.nextInt(zones.length)]).toString();
  }
}
