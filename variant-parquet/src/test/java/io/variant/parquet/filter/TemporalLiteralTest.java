// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import java.time.LocalDate;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A string literal naming a date or timestamp compares with Variant timestamps and dates by the
 * time it names, as SQL compares a TIMESTAMP column with a string: the instant for a timestamp with
 * a zone, the wall time for one without, midnight for a date; text that names no time compares with
 * strings only.
 */
class TemporalLiteralTest {
  private static final long NOON = 1_709_294_400_000_000L; // 2024-03-01T12:00:00Z

  private static Variant value(Consumer<VariantBuilder> append) {
    VariantBuilder b = new VariantBuilder();
    append.accept(b);
    return b.build();
  }

  /** The sign of {@code v - literal}, or {@code null} where they do not compare. */
  private static Integer compare(Variant v, String literal) {
    OptionalInt c = Literal.of(literal).compare(v);
    return c.isPresent() ? c.getAsInt() : null;
  }

  @Test
  void aTimestampWithAZoneComparesByInstant() {
    Variant noon = value(b -> b.appendTimestampMicros(NOON));
    assertEquals(0, compare(noon, "2024-03-01T12:00:00Z"));
    assertEquals(0, compare(noon, "2024-03-01 13:00:00+01:00"));
    assertEquals(0, compare(noon, "2024-03-01T12:00"), "no zone: UTC");
    assertEquals(1, compare(noon, "2024-03-01"), "a date: its midnight");
    assertEquals(-1, compare(noon, "2024-03-01T12:00:00.000001Z"));
  }

  @Test
  void aTimestampWithoutZoneComparesByWallTime() {
    Variant noon = value(b -> b.appendTimestampNtzMicros(NOON));
    assertEquals(0, compare(noon, "2024-03-01T12:00:00+05:00"));
    assertEquals(1, compare(noon, "2024-03-01T11:59:59.999999"));
  }

  @Test
  void nanosecondsCompareBeyondTheLiteralsMicroseconds() {
    assertEquals(0, compare(value(b -> b.appendTimestampNanos(NOON * 1000)), "2024-03-01T12:00Z"));
    assertEquals(
        1, compare(value(b -> b.appendTimestampNanos(NOON * 1000 + 1)), "2024-03-01T12:00Z"));
    assertEquals(
        -1, compare(value(b -> b.appendTimestampNtzNanos(NOON * 1000 - 1)), "2024-03-01T12:00:00"));
  }

  @Test
  void digitsBelowTheMicrosecondCompareExactly() {
    String literal = "2024-03-01T12:00:00.000001001Z";
    Variant nanos = value(b -> b.appendTimestampNanos(NOON * 1000 + 1001));
    assertEquals(0, compare(nanos, literal));
    assertEquals(0, compare(nanos, "2024-03-01 14:00:00.000001001+02:00"));
    assertEquals(-1, compare(nanos, "2024-03-01T12:00:00.000001002Z"));
    assertEquals(1, compare(nanos, "2024-03-01T12:00:00.000001000Z"));
    assertEquals(
        0, compare(value(b -> b.appendTimestampNtzNanos(NOON * 1000 + 1001)), literal), "wall");
    // a timestamp of microseconds lies before the literal, not on it
    Variant micros = value(b -> b.appendTimestampMicros(NOON + 1));
    assertEquals(-1, compare(micros, literal));
    assertEquals(1, compare(micros, "2024-03-01T12:00:00.000000999Z"));
    assertEquals(0, compare(micros, "2024-03-01T12:00:00.000001000Z"));
    assertEquals(-1, compare(value(b -> b.appendTimestampNtzMicros(NOON + 1)), literal));
    Variant day = value(b -> b.appendDate(LocalDate.of(2024, 3, 1)));
    assertEquals(-1, compare(day, "2024-03-01T00:00:00.000000001"));
    assertEquals(1, compare(day, "2024-02-29T23:59:59.999999999"));
  }

  @Test
  void aDateComparesAsItsMidnight() {
    Variant day = value(b -> b.appendDate(LocalDate.of(2024, 3, 1)));
    assertEquals(0, compare(day, "2024-03-01"));
    assertEquals(0, compare(day, "2024-3-1 00:00:00"));
    assertEquals(-1, compare(day, "2024-03-01T00:00:01Z"));
    assertEquals(1, compare(day, "2024-02-29T23:59"));
    assertEquals(1, compare(value(b -> b.appendDate(Integer.MAX_VALUE)), "2024-03-01"));
    assertEquals(-1, compare(value(b -> b.appendDate(Integer.MIN_VALUE)), "2024-03-01"));
  }

  @Test
  void textThatNamesNoTimeComparesWithStringsOnly() {
    Variant noon = value(b -> b.appendTimestampMicros(NOON));
    assertEquals(null, compare(noon, "noon"));
    assertEquals(null, compare(noon, "2024-02-30"));
    assertEquals(null, compare(value(b -> b.appendLong(5)), "2024-03-01"));
    Variant text = value(b -> b.appendString("2024-03-01T12:00:00Z"));
    assertEquals(1, compare(text, "2024"), "text compares as text");
    assertEquals(-1, compare(text, "noon"));
  }

  @Test
  void aStringThatInferTemporalWouldStoreComparesByTheTimeItNames() {
    Variant whole = value(b -> b.appendString("2024-03-01T12:00:00Z"));
    assertEquals(0, compare(whole, "2024-03-01 14:00:00+02:00"));
    assertEquals(-1, compare(whole, "2024-03-01T12:00:00.250Z"), "as text, 'Z' > '.'");
    assertEquals(
        1, compare(value(b -> b.appendString("2024-03-01T12:00:00.250Z")), "2024-03-01T12:00Z"));
    Variant nanos = value(b -> b.appendString("2024-03-01T12:00:00.123456789Z"));
    assertEquals(0, compare(nanos, "2024-03-01T13:00:00.123456789+01:00"));
    assertEquals(1, compare(nanos, "2024-03-01T12:00:00.123456Z"), "as text, '7' < 'Z'");
    Variant wall = value(b -> b.appendString("2024-03-01T12:00:00.250"));
    assertEquals(-1, compare(wall, "2024-03-01T13:00:00+05:00"), "no zone: by wall time");
    Variant day = value(b -> b.appendString("2024-03-01"));
    assertEquals(0, compare(day, "2024-03-01T00:00:00Z"), "a date: its midnight");
    assertEquals(-1, compare(day, "2024-03-01T00:00:00.000000001Z"));
  }

  @Test
  void otherStringsCompareAsText() {
    // --infer-temporal keeps these as strings: they would not print back alike
    Variant zeros = value(b -> b.appendString("2024-03-01T12:00:00.000Z"));
    assertEquals(-1, compare(zeros, "2024-03-01T12:00:00Z"));
    assertEquals(0, compare(zeros, "2024-03-01T12:00:00.000Z"));
    assertEquals(-1, compare(value(b -> b.appendString("2024-03-01 12:00:00Z")), "2024-03-01T11Z"));
    assertEquals(
        -1,
        compare(value(b -> b.appendString("2024-03-01T12:00:00+00:00")), "2024-03-01T12:00:00Z"));
    assertEquals(
        1,
        compare(
            value(b -> b.appendString("2024-03-01T12:00:00.5Z")), "2024-03-01T12:00:00.50001Z"));
  }
}
