package io.variant.parquet.filter;

import io.variant.core.EquivalenceClass;
import io.variant.core.Variant;
import io.variant.core.VariantType;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A constant that a {@link VariantPredicate} compares Variant values with. A literal only compares
 * with values of its equivalence class (VariantEncoding §Encoding types): numbers (long and decimal
 * literals) with every exact numeric by value, a double with doubles (IEEE comparison: NaN compares
 * with nothing, {@code -0.0 == 0.0}), a string with strings in unsigned UTF-8 byte order, a boolean
 * with booleans ({@code false < true}), a date with dates. Anything else is incomparable, so the
 * predicate does not match.
 *
 * <p><b>Thread safety:</b> immutable.
 */
public final class Literal {
  /** What a literal holds. */
  public enum Kind {
    /** An integer; compares as an exact numeric. */
    LONG,
    DECIMAL,
    DOUBLE,
    STRING,
    BOOLEAN,
    DATE
  }

  private final Kind kind;
  private final Object
      value; // BigDecimal (LONG, DECIMAL), Double, byte[] UTF-8, Boolean, Integer epoch day

  private Literal(Kind kind, Object value) {
    this.kind = kind;
    this.value = value;
  }

  /** An integer, compared with every exact numeric by value. */
  public static Literal of(long value) {
    return new Literal(Kind.LONG, BigDecimal.valueOf(value));
  }

  /**
   * A decimal, compared with every exact numeric by value (its scale does not matter: 5.0 equals
   * 5).
   *
   * @throws NullPointerException if {@code value} is null
   */
  public static Literal of(BigDecimal value) {
    return new Literal(Kind.DECIMAL, Objects.requireNonNull(value, "value"));
  }

  /** A double, compared with Variant doubles only (not floats), by IEEE comparison. */
  public static Literal of(double value) {
    return new Literal(Kind.DOUBLE, value);
  }

  /**
   * A string, compared with Variant strings in unsigned UTF-8 byte order (Parquet's order for
   * STRING).
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
   * A date, compared with Variant dates by day.
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

  /** True for long and decimal literals, which compare with every exact numeric. */
  public boolean isExactNumeric() {
    return kind == Kind.LONG || kind == Kind.DECIMAL;
  }

  /** True if both literals compare with the same values (for the bounds of {@code between}). */
  boolean sameClass(Literal other) {
    return isExactNumeric() ? other.isExactNumeric() : kind == other.kind;
  }

  /** The exact numeric value of a long or decimal literal. */
  BigDecimal decimal() {
    return (BigDecimal) value;
  }

  double doubleValue() {
    return (Double) value;
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

  /**
   * The sign of {@code v - this}, or empty if {@code v} is not comparable with this literal.
   *
   * @throws io.variant.core.VariantFormatException if {@code v} is malformed
   */
  OptionalInt compare(Variant v) {
    VariantType t = v.type();
    return switch (kind) {
      case LONG, DECIMAL ->
          t.equivalenceClass() == EquivalenceClass.EXACT_NUMERIC
              ? OptionalInt.of(Integer.signum(exact(v, t).compareTo(decimal())))
              : OptionalInt.empty();
      case DOUBLE ->
          t == VariantType.DOUBLE ? ieee(v.doubleValue(), doubleValue()) : OptionalInt.empty();
      case STRING ->
          t == VariantType.STRING
              ? OptionalInt.of(Integer.signum(utf8Compare(v.stringUtf8(), utf8())))
              : OptionalInt.empty();
      case BOOLEAN ->
          t == VariantType.BOOLEAN_TRUE || t == VariantType.BOOLEAN_FALSE
              ? OptionalInt.of(Boolean.compare(v.booleanValue(), booleanValue()))
              : OptionalInt.empty();
      case DATE ->
          t == VariantType.DATE
              ? OptionalInt.of(Integer.compare(v.epochDay(), epochDay()))
              : OptionalInt.empty();
    };
  }

  private static BigDecimal exact(Variant v, VariantType t) {
    return t.isInteger() ? BigDecimal.valueOf(v.longValue()) : v.decimalValue();
  }

  private static OptionalInt ieee(double a, double b) {
    if (a < b) {
      return OptionalInt.of(-1);
    }
    if (a > b) {
      return OptionalInt.of(1);
    }
    return a == b ? OptionalInt.of(0) : OptionalInt.empty(); // NaN is unordered
  }

  private static int utf8Compare(ByteBuffer a, byte[] b) {
    ByteBuffer x = a.duplicate();
    int n = Math.min(x.remaining(), b.length);
    for (int i = 0; i < n; i++) {
      int c = Integer.compare(x.get(x.position() + i) & 0xFF, b[i] & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(x.remaining(), b.length);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case LONG, DECIMAL -> decimal().toPlainString();
      case DOUBLE -> Double.toString(doubleValue());
      case STRING -> '"' + new String(utf8(), StandardCharsets.UTF_8) + '"';
      case BOOLEAN -> Boolean.toString(booleanValue());
      case DATE -> "date '" + LocalDate.ofEpochDay(epochDay()) + "'";
    };
  }
}
