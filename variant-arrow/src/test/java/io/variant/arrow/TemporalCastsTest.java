// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/**
 * Dates, timestamps and their text through {@link VariantGet}, as Spark's {@code variant_get} casts
 * them (checked against Spark 4 with the session zone UTC): text in ISO-8601 forms becomes a date
 * or timestamp, timestamps convert between the two kinds through UTC, and a date, timestamp, UUID
 * or binary as a string is its text, not its quoted JSON. Each case on an unshredded column and on
 * one shredded by a plan that types the value.
 */
class TemporalCastsTest {
  private static final ArrowType DATE = new ArrowType.Date(DateUnit.DAY);
  private static final ArrowType TIMESTAMP = new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
  private static final ArrowType TIMESTAMP_NTZ =
      new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);

  /** {@code {"a": value}}, the value appended by {@code value}. */
  private static Variant row(Consumer<VariantBuilder> value) {
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("a");
    value.accept(b);
    return b.endObject().build();
  }

  private static Variant text(String s) {
    return row(b -> b.appendString(s));
  }

  /**
   * {@code $.a} of each row cast to {@code type}, leniently, as text; shredded by {@code plan} too.
   */
  private static List<Object> get(ArrowType type, String plan, Variant... rows) {
    return VariantGetTest.get(type, CastMode.LENIENT, plan, Arrays.asList(rows));
  }

  @Test
  void textBecomesADateAsSparkCastsIt() {
    assertEquals(
        Arrays.asList("19782", "19783", "19783", "19783", "19783", null, null, null, null, null),
        get(
            DATE,
            "{\"a\": string}",
            text("2024-02-29"),
            text("2024-03-01T12:00:00Z"), // the date written, whatever the time and zone
            text("2024-03-01 23:30:00-05:00"),
            text(" 2024-3-1 "),
            text("2024-03-01T12:00"),
            text("2024-02-30"),
            text("20240301"),
            text("2024-03-01T25:00:00"),
            text("yesterday"),
            text("")));
  }

  @Test
  void textBecomesATimestampItsZoneAppliedOrUtc() {
    assertEquals(
        Arrays.asList(
            "1709294400000000", // 2024-03-01T12:00:00Z
            "1709290800000000", // +01:00 applied
            "1709294400000000", // no zone: UTC
            "1709294400123456",
            "1709251200000000", // a date: midnight
            null, // below the microsecond: never truncated
            "1709294400123456"), // zeros below the microsecond are fine
        get(
            TIMESTAMP,
            "{\"a\": string}",
            text("2024-03-01T12:00:00Z"),
            text("2024-03-01T12:00:00+01:00"),
            text("2024-03-01 12:00:00"),
            text("2024-03-01T12:00:00.123456+0000"),
            text("2024-03-01"),
            text("2024-03-01T12:00:00.123456789Z"),
            text("2024-03-01T12:00:00.123456000Z")));
  }

  @Test
  void textBecomesATimestampWithoutZoneAsItsWallTime() {
    assertEquals(
        Arrays.asList("2024-03-01T12:00", "2024-03-01T12:00", "2024-03-01T00:00"),
        get(
            TIMESTAMP_NTZ,
            "{\"a\": string}",
            text("2024-03-01T12:00:00Z"),
            text("2024-03-01T12:00:00+01:00"), // Spark keeps the wall time written
            text("2024-03-01")));
  }

  @Test
  void timestampsConvertBetweenKindsThroughUtcAndToTheirDate() {
    long noon = 1709294400000000L; // 2024-03-01T12:00:00Z
    Variant zoned = row(b -> b.appendTimestampMicros(noon));
    Variant local = row(b -> b.appendTimestampNtzMicros(noon));
    Variant nanos = row(b -> b.appendTimestampNanos(noon * 1000 + 1));
    Variant day = row(b -> b.appendDate(LocalDate.of(2024, 3, 1)));
    assertEquals(
        Arrays.asList("1709294400000000", "1709294400000000", null, "1709251200000000"),
        get(TIMESTAMP, "{\"a\": timestamp}", zoned, local, nanos, day));
    assertEquals(
        Arrays.asList("2024-03-01T12:00", "2024-03-01T12:00", "2024-03-01T00:00"),
        get(TIMESTAMP_NTZ, "{\"a\": timestamp_ntz}", zoned, local, day));
    assertEquals(
        Arrays.asList("19783", "19783", "19783"), get(DATE, "{\"a\": date}", zoned, local, day));
    // a nanosecond timestamp's date is exact whatever its digits below the microsecond, which
    // keep it from the microsecond types; before 1970 too (its date is the day before midnight)
    Variant localNanos = row(b -> b.appendTimestampNtzNanos(noon * 1000 + 1));
    Variant early = row(b -> b.appendTimestampNanos(-1));
    assertEquals(
        Arrays.asList("19783", "19783", "-1"),
        get(DATE, "{\"a\": date}", nanos, localNanos, early));
  }

  @Test
  void aTemporalUuidOrBinaryValueAsAStringIsItsText() {
    assertEquals(
        Arrays.asList(
            "2024-03-01",
            "2024-03-01T12:00:00Z",
            "2024-03-01T12:00:00",
            "12:00:00.000000",
            "00112233-4455-6677-8899-aabbccddeeff",
            "AQID",
            "1.50",
            "true"),
        get(
            ArrowType.Utf8.INSTANCE,
            "{\"a\": string}",
            row(b -> b.appendDate(LocalDate.of(2024, 3, 1))),
            row(b -> b.appendTimestampMicros(1709294400000000L)),
            row(b -> b.appendTimestampNtzMicros(1709294400000000L)),
            row(b -> b.appendTimeMicros(12L * 3600 * 1_000_000)),
            row(b -> b.appendUuid(UUID.fromString("00112233-4455-6677-8899-aabbccddeeff"))),
            row(b -> b.appendBinary(new byte[] {1, 2, 3})),
            row(b -> b.appendDecimal(new java.math.BigDecimal("1.50"))),
            row(b -> b.appendBoolean(true))));
  }
}
