// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.testkit.Trials;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The one-pass reader of printed dates and timestamps finds what the general rule finds: parse with
 * {@code java.time}, build, print, and keep the value only if it prints as the text was.
 */
class CanonicalTimeTextTest {
  @Test
  void readsWhatParsingAndPrintingBackFinds() {
    Trials.run(
        "canonical time text equals the general rule",
        r -> {
          for (int i = 0; i < 50; i++) {
            String s = r.nextBoolean() ? TemporalStringsPropertyTest.dateLike(r) : edgeLike(r);
            assertSame(general(s), s);
          }
        });
  }

  @Test
  void edgesOfTheCalendarAndOfTheNanosecondRange() {
    String[] texts = {
      "0000-01-01",
      "0000-02-29",
      "0001-02-29",
      "1900-02-29",
      "2000-02-29",
      "9999-12-31",
      "2024-00-10",
      "2024-13-01",
      "2024-04-31",
      "2024-04-30",
      "2024-01-00",
      "0000-01-01T00:00:00Z",
      "9999-12-31T23:59:59.999999Z",
      "9999-12-31T23:59:59.999999999Z",
      "1677-09-21T00:12:43.145224192Z",
      "1677-09-21T00:12:43.145224191Z",
      "1677-09-21T00:12:44.145224193",
      "2262-04-11T23:47:16.854775807Z",
      "2262-04-11T23:47:16.854775808Z",
      "1969-12-31T23:59:59.999999999Z",
      "1969-12-31T23:59:59.000000001",
      "1970-01-01T00:00:00.000000001Z",
      "2024-03-01T00:00:26.Z",
      "2024-03-01T00:00:26.",
      "2024-03-01T00:00:26.1Z",
      "2024-03-01T00:00:26.100Z",
      "2024-03-01T00:00:26.100000Z",
      "2024-03-01T00:00:26.000100Z",
      "2024-03-01T00:00:26.000000100Z",
      "2024-03-01T00:00:26.000000000Z",
      "2024-03-01T23:59:60Z",
      "2024-03-01T24:00:00",
      "2024-03-01T12:60:00",
      "2024-03-01T1a:00:00Z",
      "2024-03-01t12:00:00Z",
      "2024-03-01T12:00:00z",
      "２０２４-03-01",
      "2024-03-01T12:00:00Zé",
      "-2024-03-01",
      "+2024-03-01",
      "2024-3-1",
      "20240-03-01",
      "2024-03-01T12:00:00+00:00",
      "2024-03-01T12:00",
      ""
    };
    for (String s : texts) {
      assertSame(general(s), s);
    }
    assertNull(TemporalStrings.time(utf8("2262-04-11T23:47:16.854775808Z")));
    assertEquals(
        new TemporalStrings.Time(VariantType.TIMESTAMP_NANOS, Long.MIN_VALUE),
        TemporalStrings.time(utf8("1677-09-21T00:12:43.145224192Z")));
  }

  @Test
  void readsTheBytesBetweenPositionAndLimitAndLeavesThem() {
    ByteBuffer b = utf8("x\"2024-03-01\"y");
    b.position(2).limit(12);
    assertEquals(
        new TemporalStrings.Time(VariantType.DATE, LocalDate.of(2024, 3, 1).toEpochDay()),
        TemporalStrings.time(b));
    assertEquals(2, b.position());
    assertEquals(12, b.limit());
  }

  private static void assertSame(Variant expected, String s) {
    TemporalStrings.Time t = TemporalStrings.time(utf8(s));
    Variant viaString = TemporalStrings.temporal(s);
    if (expected == null) {
      assertNull(t, s);
      assertNull(viaString, s);
      return;
    }
    assertEquals(expected.type(), t.type(), s);
    long value =
        expected.type() == VariantType.DATE ? expected.epochDay() : expected.temporalValue();
    assertEquals(value, t.value(), s);
    assertEquals(VariantJson.toJson(expected), VariantJson.toJson(viaString), s);
    assertEquals(expected.type(), viaString.type(), s);
  }

  private static ByteBuffer utf8(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
  }

  /** Dates and timestamps near the ends of the ranges and of months, in printed forms or nearly. */
  private static String edgeLike(Random r) {
    int year =
        switch (r.nextInt(5)) {
          case 0 -> r.nextInt(10_000);
          case 1 -> 1677 + r.nextInt(2);
          case 2 -> 2261 + r.nextInt(2);
          case 3 -> 1969 + r.nextInt(2);
          default -> 1600 + r.nextInt(801);
        };
    int month = 1 + r.nextInt(12);
    int day = 28 + r.nextInt(4);
    String date = String.format(Locale.ROOT, "%04d-%02d-%02d", year, month, day);
    if (r.nextInt(4) == 0) {
      return date;
    }
    StringBuilder s =
        new StringBuilder(date)
            .append('T')
            .append(
                String.format(
                    Locale.ROOT,
                    "%02d:%02d:%02d",
                    r.nextBoolean() ? 23 : r.nextInt(24),
                    r.nextBoolean() ? 59 : r.nextInt(60),
                    r.nextBoolean() ? 59 : r.nextInt(60)));
    int digits = new int[] {0, 1, 3, 6, 9, 9, 9}[r.nextInt(7)];
    if (digits > 0 || r.nextInt(10) == 0) {
      s.append('.');
    }
    for (int i = 0; i < digits; i++) {
      s.append(r.nextInt(3) == 0 ? '0' : r.nextBoolean() ? '9' : (char) ('0' + r.nextInt(10)));
    }
    return r.nextBoolean() ? s.append('Z').toString() : s.toString();
  }

  /** The general rule: parse, build, print back, keep only an exact match. */
  private static Variant general(String s) {
    VariantType type = shape(s);
    if (type == null) {
      return null;
    }
    Variant v;
    try {
      VariantBuilder b = new VariantBuilder();
      if (type == VariantType.DATE) {
        v = b.appendDate(LocalDate.parse(s)).build();
      } else {
        boolean utc = type == VariantType.TIMESTAMP_MICROS || type == VariantType.TIMESTAMP_NANOS;
        LocalDateTime t = LocalDateTime.parse(utc ? s.substring(0, s.length() - 1) : s);
        ChronoUnit unit =
            type == VariantType.TIMESTAMP_MICROS || type == VariantType.TIMESTAMP_NTZ_MICROS
                ? ChronoUnit.MICROS
                : ChronoUnit.NANOS;
        long value = unit.between(LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC), t);
        v = b.appendTemporal(type, value).build();
      }
    } catch (DateTimeParseException | ArithmeticException e) {
      return null;
    }
    return VariantToJson.scalar(v).text.equals(s) ? v : null;
  }

  /** The length and separators of a printed date or timestamp, and the type they name. */
  private static VariantType shape(String s) {
    int n = s.length();
    if (n < 10 || s.charAt(4) != '-' || s.charAt(7) != '-') {
      return null;
    }
    if (n == 10) {
      return VariantType.DATE;
    }
    boolean utc = s.charAt(n - 1) == 'Z';
    int end = utc ? n - 1 : n;
    if (end < 19 || s.charAt(10) != 'T' || s.charAt(13) != ':' || s.charAt(16) != ':') {
      return null;
    }
    int fraction = end == 19 ? 0 : s.charAt(19) == '.' ? end - 20 : -1;
    return switch (fraction) {
      case 0, 3, 6 -> utc ? VariantType.TIMESTAMP_MICROS : VariantType.TIMESTAMP_NTZ_MICROS;
      case 9 -> utc ? VariantType.TIMESTAMP_NANOS : VariantType.TIMESTAMP_NTZ_NANOS;
      default -> null;
    };
  }
}
