// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import io.variant.core.internal.IsoFields;
import java.nio.ByteBuffer;
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
  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final long MICROS_PER_DAY = 86_400 * MICROS_PER_SECOND;
  private static final long NONE_NAMED = Long.MIN_VALUE; // a bound that begins with no date

  /** No time: the strings between the bounds name none. */
  private static final TextTimeRange NONE = new TextTimeRange(Long.MAX_VALUE, Long.MIN_VALUE);

  /** The times the strings from {@code min} to {@code max} (UTF-8, in byte order) can name. */
  static TextTimeRange between(ByteBuffer min, ByteBuffer max) {
    if ((min.hasRemaining() && Byte.toUnsignedInt(min.get(min.position())) > '9')
        || !max.hasRemaining()
        || Byte.toUnsignedInt(max.get(max.position())) < '0') {
      return NONE; // each string between begins with something other than a digit, as "k1"
    }
    long fromSecond = second(min);
    long fromDay = day(min);
    long toSecond = second(max);
    long toDay = day(max);
    long from =
        fromSecond != NONE_NAMED ? fromSecond : fromDay != NONE_NAMED ? fromDay : Long.MIN_VALUE;
    long to =
        toSecond != NONE_NAMED
            ? toSecond + MICROS_PER_SECOND
            : toDay != NONE_NAMED ? toDay + MICROS_PER_DAY : Long.MAX_VALUE;
    return new TextTimeRange(from, to);
  }

  /**
   * Whether a time in the range may compare with the literals as {@code op} asks ({@link
   * VariantPredicate#matches}); literals that name no time are left to the text order, except in
   * {@code between}, where the range then may match. A date literal names its midnight.
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
          !l.namesTime()
              || !literals.get(1).namesTime()
              || (to(l, zoned) > 0 && from(literals.get(1), zoned) <= 0);
      case IN ->
          literals.stream().anyMatch(x -> x.namesTime() && from(x, zoned) <= 0 && to(x, zoned) > 0);
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

  /**
   * The second that {@code text} begins with as {@code yyyy-MM-ddTHH:mm:ss}, in microseconds since
   * the epoch of the wall time, or {@link #NONE_NAMED}.
   */
  private static long second(ByteBuffer text) {
    long day = day(text);
    if (day == NONE_NAMED || text.remaining() < SECOND_LENGTH) {
      return NONE_NAMED;
    }
    int second = IsoFields.secondOfDay(text, text.position() + DATE_LENGTH);
    return second < 0 ? NONE_NAMED : day + second * MICROS_PER_SECOND;
  }

  /**
   * Midnight of the date that {@code text} begins with as {@code yyyy-MM-dd}, in microseconds since
   * the epoch, or {@link #NONE_NAMED}.
   */
  private static long day(ByteBuffer text) {
    if (text.remaining() < DATE_LENGTH) {
      return NONE_NAMED;
    }
    long epochDay = IsoFields.epochDay(text, text.position());
    return epochDay == IsoFields.NO_DAY ? NONE_NAMED : epochDay * MICROS_PER_DAY;
  }
}
