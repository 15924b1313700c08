// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Epoch-unit conversions that never overflow silently. */
final class Temporals {
  private Temporals() {}

  static Instant instantOfMicros(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
  }

  static Instant instantOfNanos(long nanos) {
    return Instant.ofEpochSecond(
        Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
  }

  /** How many {@code unit}s make one day: the bound of a time of day in that unit. */
  static long perDay(ChronoUnit unit) {
    return ChronoUnit.DAYS.getDuration().toNanos() / unit.getDuration().toNanos();
  }

  /** The unit as error messages name it: {@code microseconds} or {@code nanoseconds}. */
  static String unitName(ChronoUnit unit) {
    return unit == ChronoUnit.NANOS ? "nanoseconds" : "microseconds";
  }
}
