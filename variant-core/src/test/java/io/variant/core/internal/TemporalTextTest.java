// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * Dates and times as text: a cast refuses digits below the microsecond that are not zero, and a
 * comparison keeps them.
 */
class TemporalTextTest {
  private static final long AT_0930 = 1_709_285_400_000_000L; // 2024-03-01T09:30:00Z

  @Test
  void aCastRefusesDigitsBelowTheMicrosecondThatAComparisonKeeps() {
    assertNull(TemporalText.parse("2024-03-01T09:30:00.123456789Z"));
    TemporalText.Parsed p = TemporalText.parseNanos("2024-03-01T09:30:00.123456789Z");
    assertEquals(AT_0930 + 123_456, p.utcMicros());
    assertEquals(789, p.nanosOfMicro());
    assertEquals(0, TemporalText.parse("2024-03-01T09:30:00.123456000Z").nanosOfMicro());
  }

  @Test
  void theMicrosecondsAreRoundedDownAndTheZoneApplied() {
    TemporalText.Parsed p = TemporalText.parseNanos("2024-03-01 11:30:00.000000001+02:00");
    assertEquals(AT_0930, p.utcMicros());
    assertEquals(AT_0930 + 2 * 3_600_000_000L, p.localMicros());
    assertEquals(1, p.nanosOfMicro());
    TemporalText.Parsed before = TemporalText.parseNanos("1969-12-31T23:59:59.999999999Z");
    assertEquals(-1, before.utcMicros());
    assertEquals(999, before.nanosOfMicro());
  }

  @Test
  void otherTextIsNoTimeEitherWay() {
    assertNull(TemporalText.parseNanos("2024-03-01T09:30:00.1234567891Z")); // ten digits
    assertNull(TemporalText.parseNanos("2024-02-30"));
    assertNull(TemporalText.parseNanos("noon"));
    assertNotNull(TemporalText.parseNanos("2024-3-1"));
  }
}
