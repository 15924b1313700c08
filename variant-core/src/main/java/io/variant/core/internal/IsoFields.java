// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import java.nio.ByteBuffer;
import java.time.LocalDate;

/**
 * The fixed-width fields of ISO dates and times as printed ({@code yyyy-MM-dd}, {@code THH:mm:ss}),
 * read from UTF-8 bytes at absolute positions with no {@code java.time} parse: for reading printed
 * dates and timestamps back ({@code io.variant.core.json.TemporalStrings}) and for bounding the
 * times a column's text statistics can name. Fields that are not ASCII digits, or name no real day
 * or time of day, read as none. The caller checks that the bytes exist.
 */
public final class IsoFields {
  /** The epoch day that names no day. */
  public static final long NO_DAY = Long.MIN_VALUE;

  private IsoFields() {}

  /** The epoch day of {@code yyyy-MM-dd} at {@code s[at, at + 10)}, or {@link #NO_DAY}. */
  public static long epochDay(ByteBuffer s, int at) {
    if (s.get(at + 4) != '-' || s.get(at + 7) != '-') {
      return NO_DAY;
    }
    int year = digits(s, at, 4);
    int month = digits(s, at + 5, 2);
    int day = digits(s, at + 8, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > lengthOfMonth(year, month)) {
      return NO_DAY;
    }
    return LocalDate.of(year, month, day).toEpochDay();
  }

  /** The second of the day of {@code THH:mm:ss} at {@code s[at, at + 9)}, or -1. */
  public static int secondOfDay(ByteBuffer s, int at) {
    if (s.get(at) != 'T' || s.get(at + 3) != ':' || s.get(at + 6) != ':') {
      return -1;
    }
    int hour = digits(s, at + 1, 2);
    int minute = digits(s, at + 4, 2);
    int second = digits(s, at + 7, 2);
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
      return -1;
    }
    return (hour * 60 + minute) * 60 + second;
  }

  /** The value of {@code count} ASCII digits at {@code at} (at most 9), or -1 if one is not. */
  public static int digits(ByteBuffer s, int at, int count) {
    int value = 0;
    for (int i = at; i < at + count; i++) {
      int d = s.get(i) - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      value = value * 10 + d;
    }
    return value;
  }

  private static int lengthOfMonth(int year, int month) {
    return switch (month) {
      case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
  }
}
