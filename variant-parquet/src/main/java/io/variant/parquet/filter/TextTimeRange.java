// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import java.nio.ByteBuffer;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The wall times that the strings between two texts (a chunk's min and max) can name, where they
 * are strings that compare with a literal by the time they name: those {@code convert
 * --infer-temporal} would store as dates or timestamps ({@link Literal}). Their text order is not
 * the order of their times ({@code ...:00Z} sorts after {@code ...:00.250Z}), but each of them
 * begins with its date, {@code yyyy-MM-dd}, and a timestamp then with its second, {@code
 * THH:mm:ss}: fixed-width digits, whose text order is time order (as {@link
 * io.variant.core.json.TemporalStrings} requires them to print back exactly). So one at or above a
 * min that begins with such a second (or date) names a time at or after it, and one at or below a
 * max that begins with one names a time before the next second (or day); a bound that begins with
 * neither bounds nothing. A timestamp with {@code Z} compares with a literal by instant, one
 * without and a date by wall time: a range that may match either way may match.
 *
 * @param fromMicros no time named is earlier, in microseconds since the epoch of the wall time
 * @param toMicros every time named is earlier
 */
record TextTimeRange(long fromMicros, long toMicros) {
  private static final int DATE_LENGTH = "yyyy-MM-dd".length();
  private static final int SECOND_LENGTH = "yyyy-MM-ddTHH:mm:ss".length();

  /** No time: the strings between the bounds name none. */
  private static final TextTimeRange NONE = new TextTimeRange(Long.MAX_VALUE, Long.MIN_VALUE);

  /** The times the strings from {@code min} to {@code max} (UTF-8, in byte order) can name. */
  static TextTimeRange between(ByteBuffer min, ByteBuffer max) {
    if ((min.hasRemaining() && Byte.toUnsignedInt(min.get(min.position())) > '9')
        || !max.hasRemaining()
        || Byte.toUnsignedInt(max.get(max.position())) < '0') {
      return NONE; // each string between begins with something other than a digit, as "k1"
    }
    LocalDateTime fromSecond = second(min);
    LocalDate fromDay = day(min);
    LocalDateTime toSecond = second(max);
    LocalDate toDay = day(max);
    long from =
        fromSecond != null
            ? micros(fromSecond)
            : fromDay != null ? micros(fromDay.atStartOfDay()) : Long.MIN_VALUE;
    long to =
        toSecond != null
            ? micros(toSecond.plusSeconds(1))
            : toDay != null ? micros(toDay.plusDays(1).atStartOfDay()) : Long.MAX_VALUE;
    return new TextTimeRange(from, to);
  }

  /**
   * Whether a time in the range may compare with the literals as {@code op} asks ({@link
   * VariantPredicate#matches}); literals that name no time are left to the text order, except in
   * {@code between}, where the range then may match.
   */
  boolean mayMatch(VariantPredicate.Op op, List<Literal> literals) {
    if (fromMicros >= toMicros) {
      return false;
    }
    return mayMatch(op, literals, true) || mayMatch(op, literals, false);
  }

  private boolean mayMatch(VariantPredicate.Op op, List<Literal> literals, boolean zoned) {
    Literal l = literals.get(0);
    return switch (op) {
      case EQ -> from(l, zoned) <= 0 && to(l, zoned) > 0;
      case NE, IS_NULL -> true;
      case LT -> from(l, zoned) < 0;
      case LE -> from(l, zoned) <= 0;
      case GT, GE -> to(l, zoned) > 0;
      case BETWEEN ->
          !l.isTemporalText()
              || !literals.get(1).isTemporalText()
              || (to(l, zoned) > 0 && from(literals.get(1), zoned) <= 0);
      case IN ->
          literals.stream()
              .anyMatch(x -> x.isTemporalText() && from(x, zoned) <= 0 && to(x, zoned) > 0);
    };
  }

  /** The sign of {@code fromMicros - l}. */
  private int from(Literal l, boolean zoned) {
    return l.compareTime(fromMicros, false, zoned);
  }

  /** The sign of {@code toMicros - l}. */
  private int to(Literal l, boolean zoned) {
    return l.compareTime(toMicros, false, zoned);
  }

  /** The second that {@code text} begins with as {@code yyyy-MM-ddTHH:mm:ss}, or null. */
  private static LocalDateTime second(ByteBuffer text) {
    LocalDate day = day(text);
    if (day == null || text.remaining() < SECOND_LENGTH) {
      return null;
    }
    int at = text.position() + DATE_LENGTH;
    if (text.get(at) != 'T' || text.get(at + 3) != ':' || text.get(at + 6) != ':') {
      return null;
    }
    int hour = digits(text, at + 1, 2);
    int minute = digits(text, at + 4, 2);
    int second = digits(text, at + 7, 2);
    try {
      return hour < 0 || minute < 0 || second < 0
          ? null
          : LocalDateTime.of(day, LocalTime.of(hour, minute, second));
    } catch (DateTimeException e) {
      return null;
    }
  }

  /** The date that {@code text} begins with as {@code yyyy-MM-dd}, or null. */
  private static LocalDate day(ByteBuffer text) {
    if (text.remaining() < DATE_LENGTH) {
      return null;
    }
    int at = text.position();
    if (text.get(at + 4) != '-' || text.get(at + 7) != '-') {
      return null;
    }
    int year = digits(text, at, 4);
    int month = digits(text, at + 5, 2);
    int day = digits(text, at + 8, 2);
    try {
      return year < 0 || month < 0 || day < 0 ? null : LocalDate.of(year, month, day);
    } catch (DateTimeException e) {
      return null;
    }
  }

  /** The number that {@code count} ASCII digits from {@code at} write, or -1. */
  private static int digits(ByteBuffer text, int at, int count) {
    int n = 0;
    for (int i = at; i < at + count; i++) {
      int d = text.get(i) - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      n = n * 10 + d;
    }
    return n;
  }

  private static long micros(LocalDateTime wall) {
    return ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), wall);
  }
}
