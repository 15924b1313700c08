// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dates and timestamps written as text, as casts from a Variant string to a date or timestamp and
 * comparisons of dates and timestamps with text read them: the forms Spark's and DuckDB's casts
 * from strings both take. {@code yyyy-m-d} (one- or two-digit month and day), then optionally
 * {@code T} or a space and {@code h:mm}, {@code :ss} and a fraction of up to nine digits, then
 * optionally a zone {@code Z}, {@code ±hh}, {@code ±hhmm} or {@code ±hh:mm}; spaces around are
 * ignored. Anything else, or an impossible date or time, is no time. A cast ({@link #parse}) also
 * refuses digits below the microsecond that are not zero (Spark would truncate them; a cast here
 * never drops digits); a comparison ({@link #parseNanos}) keeps them.
 */
public final class TemporalText {
  private static final Pattern FORM =
      Pattern.compile(
          "([+-]?\\d{4,6})-(\\d{1,2})-(\\d{1,2})"
              + "(?:[T ](\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?"
              + "\\s*(Z|[+-]\\d{2}(?::?\\d{2})?)?)?");

  private static final long MICROS_PER_DAY = ChronoUnit.DAYS.getDuration().toNanos() / 1000;

  /**
   * A parsed text: its date and time of day, and its zone or {@code null}. The microseconds below
   * are rounded down; {@link #nanosOfMicro} holds the rest.
   */
  public record Parsed(LocalDateTime local, ZoneOffset zone) {
    /** The nanoseconds past the last whole microsecond, 0 to 999. */
    public int nanosOfMicro() {
      return local.getNano() % 1000;
    }

    /** Microseconds since the epoch, the zone applied (none: UTC). */
    public long utcMicros() {
      long seconds = local.toEpochSecond(zone == null ? ZoneOffset.UTC : zone);
      return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), local.getNano() / 1000);
    }

    /** Microseconds since the epoch of the wall time, the zone ignored. */
    public long localMicros() {
      return Math.addExact(
          Math.multiplyExact(local.toEpochSecond(ZoneOffset.UTC), 1_000_000L),
          local.getNano() / 1000);
    }
  }

  private TemporalText() {}

  /**
   * {@code text} parsed as a cast reads it, or {@code null} if it is not one of the forms, not a
   * real instant, or has digits below the microsecond that are not zero (a timestamp cast to holds
   * microseconds).
   */
  public static Parsed parse(String text) {
    Parsed p = parseNanos(text);
    return p == null || p.nanosOfMicro() != 0 ? null : p;
  }

  /**
   * {@code text} parsed with all its fraction digits, as a comparison with timestamps of
   * nanoseconds needs them, or {@code null} if it is not one of the forms or not a real instant.
   */
  public static Parsed parseNanos(String text) {
    Matcher m = FORM.matcher(text.strip());
    if (!m.matches()) {
      return null;
    }
    try {
      LocalDate date =
          LocalDate.of(
              Integer.parseInt(m.group(1)),
              Integer.parseInt(m.group(2)),
              Integer.parseInt(m.group(3)));
      LocalTime time = LocalTime.MIDNIGHT;
      if (m.group(4) != null) {
        int nanos = 0;
        String fraction = m.group(7);
        if (fraction != null) {
          nanos = Integer.parseInt((fraction + "00000000").substring(0, 9));
        }
        time =
            LocalTime.of(
                Integer.parseInt(m.group(4)),
                Integer.parseInt(m.group(5)),
                m.group(6) == null ? 0 : Integer.parseInt(m.group(6)),
                nanos);
      }
      ZoneOffset zone = m.group(8) == null ? null : ZoneOffset.of(m.group(8));
      Parsed p = new Parsed(LocalDateTime.of(date, time), zone);
      p.utcMicros(); // in range of a long
      return p;
    } catch (DateTimeException | ArithmeticException | NumberFormatException e) {
      return null;
    }
  }

  /** The date of a timestamp's microseconds since the epoch. */
  public static int epochDay(long micros) {
    return Math.toIntExact(Math.floorDiv(micros, MICROS_PER_DAY));
  }

  /** Midnight of {@code epochDay}, in microseconds since the epoch. */
  public static long midnightMicros(int epochDay) {
    return Math.multiplyExact((long) epochDay, MICROS_PER_DAY);
  }
}
