// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.VariantType;
import io.variant.core.internal.IsoFields;
import java.nio.ByteBuffer;

/**
 * Reads the date or timestamp that ISO text names only where the text is exactly what {@link
 * VariantToJson} prints for it, in one pass over its bytes with no {@code java.time} parse and no
 * Variant built: {@code --where} compares every string of a column with a time literal this way,
 * and parsing, building and printing each one cost more than the rest of the read.
 *
 * <p>The printed forms: {@code yyyy-MM-dd} for a date; {@code yyyy-MM-ddTHH:mm:ss}, then a fraction
 * of 3, 6 or 9 digits (as few groups of three as the value needs, none for a whole second), then
 * {@code Z} for UTC or nothing for a timestamp without time zone. Years are 4 digits (0000 to
 * 9999). Six or fewer fraction digits are microseconds; nine are nanoseconds, whose range (1677 to
 * 2262) a long holds.
 */
final class CanonicalTimeText {
  private static final long MICROS_PER_DAY = 86_400_000_000L;
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private CanonicalTimeText() {}

  /**
   * The time {@code s[from, to)} names, or null where the bytes are not one of the printed forms
   * (or name no real day or time, or a nanosecond outside a long).
   */
  static TemporalStrings.Time read(ByteBuffer s, int from, int to) {
    int n = to - from;
    long epochDay = n < 10 ? IsoFields.NO_DAY : IsoFields.epochDay(s, from);
    if (epochDay == IsoFields.NO_DAY) {
      return null;
    }
    if (n == 10) {
      return new TemporalStrings.Time(VariantType.DATE, epochDay);
    }
    boolean utc = s.get(to - 1) == 'Z';
    int end = utc ? to - 1 : to; // past the seconds and the fraction
    int secondOfDay = end - from < 19 ? -1 : IsoFields.secondOfDay(s, from + 10);
    if (secondOfDay < 0) {
      return null;
    }
    int fractionDigits = end - from - 20; // -1: none
    int nano = 0;
    if (fractionDigits >= 0) {
      if (s.get(from + 19) != '.' || !printedFraction(s, from + 20, fractionDigits)) {
        return null;
      }
      nano = IsoFields.digits(s, from + 20, fractionDigits);
      if (nano < 0) {
        return null;
      }
      for (int i = fractionDigits; i < 9; i++) {
        nano *= 10;
      }
    }
    long nanoOfDay = secondOfDay * 1_000_000_000L + nano;
    if (fractionDigits == 9) {
      // as java.time counts nanoseconds from the epoch: overflow only where the result is no long
      long days = epochDay;
      long time = nanoOfDay;
      if (days < 0 && time > 0) {
        days++;
        time -= NANOS_PER_DAY;
      }
      try {
        long value = Math.addExact(Math.multiplyExact(days, NANOS_PER_DAY), time);
        return new TemporalStrings.Time(
            utc ? VariantType.TIMESTAMP_NANOS : VariantType.TIMESTAMP_NTZ_NANOS, value);
      } catch (ArithmeticException e) {
        return null;
      }
    }
    long value = epochDay * MICROS_PER_DAY + nanoOfDay / 1000; // years 0000-9999: no overflow
    return new TemporalStrings.Time(
        utc ? VariantType.TIMESTAMP_MICROS : VariantType.TIMESTAMP_NTZ_MICROS, value);
  }

  /**
   * Whether {@code count} fraction digits at {@code at} are as many as the printer shows: 3, 6 or
   * 9, the last group of three not all zeros (it would have been left out).
   */
  private static boolean printedFraction(ByteBuffer s, int at, int count) {
    if (count != 3 && count != 6 && count != 9) {
      return false;
    }
    int last = at + count - 3;
    return s.get(last) != '0' || s.get(last + 1) != '0' || s.get(last + 2) != '0';
  }
}
