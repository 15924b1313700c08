// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.core.internal.TemporalText;
import io.variant.core.json.TemporalStrings;
import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A constant that a {@link VariantPredicate} compares Variant values with.
 *
 * <p><b>Numbers</b> (long, decimal and double literals) compare with every numeric Variant type —
 * int8 to int64, decimal4 to decimal16 of any scale, float and double — by value: {@code 5}, {@code
 * 5.00}, {@code 5e0} and the double {@code 5.0} are equal. Integers and decimals compare exactly. A
 * float or double compares with the literal rounded to its own type, as SQL engines cast a DECIMAL
 * to DOUBLE to compare it with a DOUBLE: the double nearest 0.1 equals the literal {@code 0.1}. So
 * a stored double and a literal of at most 15 significant digits each compare as their texts do; a
 * literal of more digits compares with doubles to double precision only. {@code -0.0} equals 0; an
 * infinity lies beyond every finite number; NaN, as a value or as a literal, matches no comparison.
 *
 * <p><b>Other classes</b> compare with their own class only: a string with strings in unsigned
 * UTF-8 byte order (save strings that name a time, below), a boolean with booleans ({@code false <
 * true}), a date with dates (and the times below). A number never matches a string, boolean or
 * date, nor these a number; times of day, binary and UUIDs match no literal. An incomparable value
 * does not match the predicate.
 *
 * <p><b>Dates and timestamps written as text.</b> A string literal in an ISO-8601 form ({@code
 * 2024-03-01}, {@code 2024-03-01T12:00:00.123Z}, a space for the {@code T}, a zone {@code Z},
 * {@code ±hh}, {@code ±hhmm} or {@code ±hh:mm}; as casts from text read it, with a fraction of up
 * to nine digits) also compares with Variant timestamps and dates, as SQL compares a TIMESTAMP
 * column with a string literal: with a timestamp by the instant it names (its zone applied, none
 * meaning UTC), with a timestamp without zone by the wall time written, with a date as that date's
 * midnight. Every digit counts: a timestamp of microseconds equals a literal only if the literal's
 * digits below the microsecond are zero.
 *
 * <p>A Variant string compares with such a literal by the time it names too, where {@code convert
 * --infer-temporal} would store it as a date or timestamp: where it is written exactly as that date
 * or timestamp prints ({@link TemporalStrings}: {@code 2024-03-01}, {@code 2024-03-01T09:30:00Z},
 * {@code 2024-03-01T09:30:00.250Z}, {@code 2024-03-01T09:30:00.250}), and so compares as what
 * {@code --infer-temporal} would have stored. Other strings ({@code 2024-03-01T09:30:00.000Z},
 * {@code +00:00}, a space for the {@code T}) compare as text. So a file whose times are text and
 * the same file converted with {@code --infer-temporal} match the same rows for every literal that
 * names a time, in any of the forms above; a string literal that names no time compares with
 * strings only, as text, and with no date or timestamp.
 *
 * <p><b>Date literals</b> ({@link #of(LocalDate)}, the command line's unquoted {@code 2024-03-01})
 * compare by the same rule as the string literal of their date: with dates by day, with timestamps
 * as their midnight, and with the strings {@code --infer-temporal} would store as dates or
 * timestamps by the time they name; so they too match the same rows in both files. Other strings
 * they never match, not even as text. (A date whose midnight lies beyond what a long holds in
 * microseconds, some 290,000 years from 1970, compares with dates alone.)
 *
 * <p><b>Thread safety:</b> immutable.
 */
public final class Literal implements Serializable {
  private static final long serialVersionUID = 1L;

  /** What a literal holds, as it was given. */
  public enum Kind {
    /** An integer; compares as a number. */
    LONG,
    /** A decimal of any size and scale; compares as a number. */
    DECIMAL,
    /** A double; compares as a number, by the exact value of its binary form with exact values. */
    DOUBLE,
    STRING,
    BOOLEAN,
    DATE
  }

  /** Decimals printed longer than this are printed with an exponent. */
  private static final int PLAIN_DIGITS = 40;

  private final Kind kind;
  // BigDecimal (LONG, DECIMAL), Double, byte[] UTF-8, Boolean, Integer epoch day
  private final Object value;
  private final BigDecimal exact; // numbers: the exact value, null for NaN and infinities
  private final double nearest; // numbers: the double nearest the value; else 0
  private final float nearestFloat; // numbers: the float nearest the value; else 0
  // strings in an ISO-8601 form: microseconds since the epoch of the instant (zone applied, none:
  // UTC) and of the wall time written, rounded down; dates: their midnight; else null
  private final Long utcMicros;
  private final Long localMicros;
  private final int nanosOfMicro; // what the microseconds above leave out, 0 to 999

  private Literal(Kind kind, Object value, BigDecimal exact, double nearest) {
    this.kind = kind;
    this.value = value;
    this.exact = exact;
    this.nearest = nearest;
    // BigDecimal.floatValue rounds once, correctly; (float) nearest could round twice
    this.nearestFloat = exact != null ? exact.floatValue() : (float) nearest;
    TemporalText.Parsed time =
        kind == Kind.STRING
            ? TemporalText.parseNanos(new String((byte[]) value, StandardCharsets.UTF_8))
            : null;
    if (time != null) {
      this.utcMicros = time.utcMicros();
      this.localMicros = time.localMicros();
      this.nanosOfMicro = time.nanosOfMicro();
    } else {
      Long midnight = kind == Kind.DATE ? midnight((Integer) value) : null;
      this.utcMicros = midnight;
      this.localMicros = midnight;
      this.nanosOfMicro = 0;
    }
  }

  /** Midnight of {@code epochDay} in microseconds since the epoch, or null beyond a long. */
  private static Long midnight(int epochDay) {
    try {
      return TemporalText.midnightMicros(epochDay);
    } catch (ArithmeticException beyond) {
      return null;
    }
  }

  private Literal(Kind kind, Object value) {
    this(kind, value, null, 0);
  }

  /** An integer, compared with every number by value. */
  public static Literal of(long value) {
    BigDecimal exact = BigDecimal.valueOf(value);
    return new Literal(Kind.LONG, exact, exact, exact.doubleValue());
  }

  /**
   * A decimal of any size, compared with every number by value (its scale does not matter: 5.0
   * equals 5). Literals beyond int64 and in exponent notation ({@code new BigDecimal("1e-3")}) are
   * decimals too.
   *
   * @throws NullPointerException if {@code value} is null
   */
  public static Literal of(BigDecimal value) {
    Objects.requireNonNull(value, "value");
    return new Literal(Kind.DECIMAL, value, value, value.doubleValue()); // correctly rounded
  }

  /**
   * A double, compared with integers and decimals by the exact value of its binary form, with
   * doubles as a double and with floats rounded to float; a NaN literal matches nothing.
   */
  public static Literal of(double value) {
    return new Literal(
        Kind.DOUBLE, value, Double.isFinite(value) ? new BigDecimal(value) : null, value);
  }

  /**
   * A string, compared with Variant strings in unsigned UTF-8 byte order (Parquet's order for
   * STRING), and, if it is a date or timestamp in an ISO-8601 form, with Variant dates and
   * timestamps, and strings that {@code convert --infer-temporal} would store as such, by the time
   * it names (see the class comment).
   *
   * @throws NullPointerException if {@code value} is null
   */
  public static Literal of(String value) {
    return new Literal(
        Kind.STRING, Objects.requireNonNull(value, "value").getBytes(StandardCharsets.UTF_8));
  }

  /** A boolean; {@code false < true}. */
  public static Literal of(boolean value) {
    return new Literal(Kind.BOOLEAN, value);
  }

  /**
   * A date, compared with Variant dates by day, and with timestamps and the strings that {@code
   * convert --infer-temporal} would store as dates or timestamps as its midnight (see the class
   * comment).
   *
   * @throws NullPointerException if {@code value} is null
   * @throws ArithmeticException if the date is beyond the int range of days that Variant dates hold
   */
  public static Literal of(LocalDate value) {
    return new Literal(
        Kind.DATE, Math.toIntExact(Objects.requireNonNull(value, "value").toEpochDay()));
  }

  /** What the literal holds. */
  public Kind kind() {
    return kind;
  }

  /** True for long, decimal and double literals, which compare with every number by value. */
  public boolean isNumber() {
    return kind == Kind.LONG || kind == Kind.DECIMAL || kind == Kind.DOUBLE;
  }

  /** True if both literals compare with the same values (for the bounds of {@code between}). */
  boolean sameClass(Literal other) {
    return isNumber() ? other.isNumber() : kind == other.kind;
  }

  /** A number's exact value; null for a NaN or infinite double. */
  BigDecimal exactValue() {
    return exact;
  }

  /** A number's nearest float (an infinity beyond the range). */
  float nearestFloat() {
    return nearestFloat;
  }

  /** A number's nearest double (itself for a double literal; an infinity beyond the range). */
  double nearestDouble() {
    return nearest;
  }

  byte[] utf8() {
    return (byte[]) value;
  }

  boolean booleanValue() {
    return (Boolean) value;
  }

  int epochDay() {
    return (Integer) value;
  }

  /** True for a string literal that names a date or timestamp (see the class comment). */
  boolean isTemporalText() {
    return kind == Kind.STRING && utcMicros != null;
  }

  /**
   * True for a literal that compares with timestamps and with strings by the time it names: a
   * string that names a date or timestamp, or a date (see the class comment).
   */
  boolean namesTime() {
    return utcMicros != null;
  }

  /**
   * The sign of {@code value - this} for a timestamp or date {@code value} and a {@link #namesTime}
   * literal.
   *
   * @param value microseconds (or nanoseconds if {@code nanos}) since the epoch
   * @param zoned a timestamp with a zone, compared by instant; else by wall time
   */
  int compareTime(long value, boolean nanos, boolean zoned) {
    long micros = zoned ? utcMicros : localMicros;
    if (!nanos) {
      int c = Long.compare(value, micros);
      // exact, not rounded: the literal lies past a value of its whole microsecond
      return c != 0 || nanosOfMicro == 0 ? c : -1;
    }
    int c = Long.compare(Math.floorDiv(value, 1000L), micros);
    return c != 0 ? c : Long.signum(Math.floorMod(value, 1000L) - nanosOfMicro);
  }

  /**
   * The sign of {@code v - this}, or empty if {@code v} is not comparable with this literal.
   *
   * @throws io.variant.core.VariantFormatException if {@code v} is malformed
   */
  OptionalInt compare(Variant v) {
    VariantType t = v.type();
    return switch (kind) {
      case LONG, DECIMAL, DOUBLE -> compareNumber(v, t);
      case STRING ->
          t == VariantType.STRING
              ? compareString(v.stringUtf8())
              : namesTime() ? compareTemporal(v, t) : OptionalInt.empty();
      case BOOLEAN ->
          t == VariantType.BOOLEAN_TRUE || t == VariantType.BOOLEAN_FALSE
              ? OptionalInt.of(Boolean.compare(v.booleanValue(), booleanValue()))
              : OptionalInt.empty();
      case DATE ->
          t == VariantType.DATE
              ? OptionalInt.of(Integer.compare(v.epochDay(), epochDay()))
              : t == VariantType.STRING
                  ? compareString(v.stringUtf8())
                  : namesTime() ? compareTemporal(v, t) : OptionalInt.empty();
    };
  }

  private OptionalInt compareTemporal(Variant v, VariantType t) {
    return switch (t) {
      case TIMESTAMP_MICROS, TIMESTAMP_NANOS, TIMESTAMP_NTZ_MICROS, TIMESTAMP_NTZ_NANOS ->
          OptionalInt.of(compareTemporal(t, v.temporalValue()));
      case DATE -> OptionalInt.of(compareDay(v.epochDay()));
      default -> OptionalInt.empty();
    };
  }

  /** The sign of {@code value - this} for a date (epoch day) or timestamp of type {@code t}. */
  private int compareTemporal(VariantType t, long value) {
    return switch (t) {
      case TIMESTAMP_MICROS -> compareTime(value, false, true);
      case TIMESTAMP_NANOS -> compareTime(value, true, true);
      case TIMESTAMP_NTZ_MICROS -> compareTime(value, false, false);
      case TIMESTAMP_NTZ_NANOS -> compareTime(value, true, false);
      case DATE -> compareDay(Math.toIntExact(value));
      default -> throw new IllegalArgumentException("not a date or timestamp: " + t);
    };
  }

  /**
   * The sign of {@code s - this} for a Variant string {@code s} (its UTF-8 bytes from position to
   * limit): by the time {@code s} names where it is a date or timestamp as {@code --infer-temporal}
   * would store it and this literal names a time (see the class comment), else as text for a string
   * literal; empty for a date literal and a string that names no such time, and for the other
   * literals.
   */
  OptionalInt compareString(ByteBuffer s) {
    if (namesTime()) {
      TemporalStrings.Time time = TemporalStrings.time(s);
      if (time != null) {
        return OptionalInt.of(compareTemporal(time.type(), time.value())); // a date or timestamp
      }
    }
    return kind == Kind.STRING ? OptionalInt.of(compareUtf8(s, utf8())) : OptionalInt.empty();
  }

  /** The sign of {@code midnight of epochDay - this}, for a {@link #namesTime} literal. */
  int compareDay(int epochDay) {
    long day = TemporalText.epochDay(localMicros);
    if (epochDay != day) {
      return Long.compare(epochDay, day); // also for days whose midnight no long can hold
    }
    return localMicros == TemporalText.midnightMicros(epochDay) && nanosOfMicro == 0 ? 0 : -1;
  }

  private OptionalInt compareNumber(Variant v, VariantType t) {
    if (t.isInteger()) {
      return NumberOrder.compare(v.longValue(), this);
    }
    if (t.isDecimal()) {
      return NumberOrder.compare(v.decimalValue(), this);
    }
    if (t == VariantType.DOUBLE) {
      return NumberOrder.compare(v.doubleValue(), this);
    }
    if (t == VariantType.FLOAT) {
      return NumberOrder.compare(v.floatValue(), this);
    }
    return OptionalInt.empty();
  }

  /** The sign of {@code a - b} in unsigned byte order (Parquet's order for STRING). */
  static int compareUtf8(ByteBuffer a, byte[] b) {
    int at = a.position();
    int n = Math.min(a.remaining(), b.length);
    for (int i = 0; i < n; i++) {
      int c = Integer.compare(a.get(at + i) & 0xFF, b[i] & 0xFF);
      if (c != 0) {
        return Integer.signum(c);
      }
    }
    return Integer.signum(Integer.compare(a.remaining(), b.length));
  }

  @Override
  public String toString() {
    return switch (kind) {
      case LONG -> ((BigDecimal) value).toPlainString();
      case DECIMAL -> decimalText((BigDecimal) value);
      case DOUBLE -> Double.toString((Double) value);
      case STRING -> '"' + new String(utf8(), StandardCharsets.UTF_8) + '"';
      case BOOLEAN -> Boolean.toString(booleanValue());
      case DATE -> "date '" + LocalDate.ofEpochDay(epochDay()) + "'";
    };
  }

  /** Plain digits ({@code 0.001}), or with an exponent when they would be long ({@code 1E-300}). */
  private static String decimalText(BigDecimal d) {
    String plain = d.toPlainString();
    return plain.length() <= PLAIN_DIGITS ? plain : d.toString();
  }
}
