// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * How the values of one typed Parquet column compare with literals: each physical value is read as
 * the Variant value a row rebuilds from it (VariantShredding §Shredded Value Types), then compared
 * as {@link Literal} compares Variant values. Every reading is monotone in the column's own order
 * (signed integers, signed big-endian decimals, IEEE floats, unsigned bytes for strings), so what
 * lies between a chunk's min and max reads between their readings; save strings that compare with a
 * literal by the time they name, which {@link TextTimeRange} bounds instead.
 *
 * @param kind how a physical value is read
 * @param scale the decimal scale, else 0
 */
record TypedColumn(Kind kind, int scale) implements Serializable {
  /** How a physical value is read. */
  enum Kind {
    /** INT32 or INT64, plain or signed INT(bits): the integer. */
    INTEGER,
    /** INT32 or INT64 DECIMAL: the unscaled value. */
    DECIMAL,
    /** BINARY or FIXED_LEN_BYTE_ARRAY DECIMAL: the big-endian two's complement unscaled value. */
    DECIMAL_BYTES,
    /** FLOAT or DOUBLE. */
    FLOATING,
    STRING,
    BOOLEAN,
    /** INT32 DATE: days since the epoch. */
    DATE,
    /** INT64 TIMESTAMP(MICROS or NANOS, adjusted to UTC): the instant. */
    TIMESTAMP_MICROS,
    TIMESTAMP_NANOS,
    /** INT64 TIMESTAMP(MICROS or NANOS, not adjusted to UTC): the wall time. */
    TIMESTAMP_NTZ_MICROS,
    TIMESTAMP_NTZ_NANOS,
    /**
     * A residual {@code value} column read as Variant short strings (spec: VariantEncoding §Value
     * encoding: a header byte of basic type 1 holding the length, then the UTF-8 bytes). Values
     * whose header bytes are equal are strings of one length, so their bytes sort as their text;
     * any other value is unreadable and kept.
     */
    VARIANT_SHORT_STRING
  }

  /** The reading of a residual {@code value} column, whose strings compare with literals. */
  static TypedColumn residual() {
    return new TypedColumn(Kind.VARIANT_SHORT_STRING, 0);
  }

  /** The reading of a typed column of this type; empty for types no literal compares with. */
  static Optional<TypedColumn> of(PrimitiveType type) {
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    int scale = a instanceof DecimalLogicalTypeAnnotation d ? d.getScale() : 0;
    Kind kind =
        switch (type.getPrimitiveTypeName()) {
          case INT32 -> a instanceof DateLogicalTypeAnnotation ? Kind.DATE : number(a);
          case INT64 -> number(a);
          case FLOAT, DOUBLE -> Kind.FLOATING;
          case BINARY -> a instanceof StringLogicalTypeAnnotation ? Kind.STRING : decimalBytes(a);
          case FIXED_LEN_BYTE_ARRAY -> decimalBytes(a);
          case BOOLEAN -> Kind.BOOLEAN;
          case INT96 -> null; // never a shredded type
        };
    return Optional.ofNullable(kind).map(k -> new TypedColumn(k, scale));
  }

  /** Integers, decimals and timestamps of micro- or nanoseconds; null for the other types. */
  private static Kind number(LogicalTypeAnnotation a) {
    if (a == null || (a instanceof IntLogicalTypeAnnotation i && i.isSigned())) {
      return Kind.INTEGER;
    }
    if (a instanceof TimestampLogicalTypeAnnotation t) {
      return switch (t.getUnit()) {
        case MICROS -> t.isAdjustedToUTC() ? Kind.TIMESTAMP_MICROS : Kind.TIMESTAMP_NTZ_MICROS;
        case NANOS -> t.isAdjustedToUTC() ? Kind.TIMESTAMP_NANOS : Kind.TIMESTAMP_NTZ_NANOS;
        case MILLIS -> null; // never a shredded type
      };
    }
    return a instanceof DecimalLogicalTypeAnnotation ? Kind.DECIMAL : null;
  }

  private static Kind decimalBytes(LogicalTypeAnnotation a) {
    return a instanceof DecimalLogicalTypeAnnotation ? Kind.DECIMAL_BYTES : null;
  }

  /** True if the literal is of the class this column's values belong to. */
  boolean takes(Literal l) {
    return switch (kind) {
      case INTEGER, DECIMAL, DECIMAL_BYTES, FLOATING -> l.isNumber();
      case STRING -> l.kind() == Literal.Kind.STRING || l.namesTime();
      case BOOLEAN -> l.kind() == Literal.Kind.BOOLEAN;
      case DATE -> l.kind() == Literal.Kind.DATE || l.namesTime();
      case TIMESTAMP_MICROS, TIMESTAMP_NANOS, TIMESTAMP_NTZ_MICROS, TIMESTAMP_NTZ_NANOS ->
          l.namesTime();
      case VARIANT_SHORT_STRING -> true; // a string matches a string literal only, and no other
    };
  }

  /**
   * The sign of {@code value - l} for a {@link #readable} physical value of this column; empty if
   * either is NaN.
   */
  OptionalInt compare(Object value, Literal l) {
    return switch (kind) {
      case INTEGER -> NumberOrder.compare(((Number) value).longValue(), l);
      case DECIMAL ->
          NumberOrder.compare(BigDecimal.valueOf(((Number) value).longValue(), scale), l);
      case DECIMAL_BYTES ->
          NumberOrder.compare(
              new BigDecimal(new BigInteger(((Binary) value).getBytes()), scale), l);
      case FLOATING ->
          value instanceof Float f
              ? NumberOrder.compare(f.floatValue(), l)
              : NumberOrder.compare(((Number) value).doubleValue(), l);
      case STRING -> l.compareString(text(value));
      case BOOLEAN -> OptionalInt.of(Boolean.compare((Boolean) value, l.booleanValue()));
      case DATE ->
          OptionalInt.of(
              l.kind() == Literal.Kind.DATE
                  ? Integer.compare((Integer) value, l.epochDay())
                  : l.compareDay((Integer) value));
      case TIMESTAMP_MICROS -> OptionalInt.of(l.compareTime((Long) value, false, true));
      case TIMESTAMP_NANOS -> OptionalInt.of(l.compareTime((Long) value, true, true));
      case TIMESTAMP_NTZ_MICROS -> OptionalInt.of(l.compareTime((Long) value, false, false));
      case TIMESTAMP_NTZ_NANOS -> OptionalInt.of(l.compareTime((Long) value, true, false));
      case VARIANT_SHORT_STRING -> l.compareString(text(value)); // never a number or boolean
    };
  }

  /**
   * The sign of {@code bound - l} in the order of the column's statistics, for a {@link #readable}
   * min or max: strings as text, whatever time they name, and empty for a literal other than a
   * string (a date, which compares with no text as text); every other value as {@link #compare}.
   */
  OptionalInt compareBound(Object bound, Literal l) {
    return switch (kind) {
      case STRING, VARIANT_SHORT_STRING ->
          l.kind() == Literal.Kind.STRING
              ? OptionalInt.of(Literal.compareUtf8(text(bound), l.utf8()))
              : OptionalInt.empty();
      default -> compare(bound, l);
    };
  }

  /** True for columns of strings: {@link #text} reads their values. */
  boolean holdsText() {
    return kind == Kind.STRING || kind == Kind.VARIANT_SHORT_STRING;
  }

  /**
   * False for a decimal of no bytes, which no row can rebuild, and for a residual value that is not
   * a whole Variant short string.
   */
  boolean readable(Object value) {
    return switch (kind) {
      case DECIMAL_BYTES -> ((Binary) value).length() > 0;
      case VARIANT_SHORT_STRING -> shortStringHeader((Binary) value) >= 0;
      default -> true;
    };
  }

  /**
   * The UTF-8 bytes of a {@link #readable} value of a {@link #holdsText} column: a string's, or a
   * whole Variant short string's after its header byte.
   */
  ByteBuffer text(Object value) {
    ByteBuffer bytes = ((Binary) value).toByteBuffer();
    return kind == Kind.STRING ? bytes : bytes.position(bytes.position() + 1);
  }

  /** The header byte of a whole Variant short string, else -1. */
  private static int shortStringHeader(Binary value) {
    if (value.length() == 0) {
      return -1;
    }
    ByteBuffer bytes = value.toByteBuffer();
    int header = bytes.get(bytes.position()) & 0xFF;
    return (header & 0b11) == 1 && value.length() == 1 + (header >>> 2) ? header : -1;
  }

  /** What makes a chunk's min and max unfit to bound its values. */
  enum Flaw {
    NO_BOUND,
    NAN_BOUND,
    /** A decimal of no bytes. */
    UNREADABLE_BOUND,
    MIN_ABOVE_MAX
  }

  /**
   * What makes min and max from a chunk's statistics unfit to bound its values, or empty if they
   * are fit.
   */
  <T> Optional<Flaw> flaw(T min, T max, Comparator<T> order) {
    if (min == null || max == null) {
      return Optional.of(Flaw.NO_BOUND);
    }
    if (kind == Kind.FLOATING
        && (Double.isNaN(((Number) min).doubleValue())
            || Double.isNaN(((Number) max).doubleValue()))) {
      return Optional.of(Flaw.NAN_BOUND);
    }
    if (!readable(min) || !readable(max)) {
      return Optional.of(Flaw.UNREADABLE_BOUND);
    }
    if (kind == Kind.VARIANT_SHORT_STRING
        && shortStringHeader((Binary) min) != shortStringHeader((Binary) max)) {
      return Optional.of(Flaw.UNREADABLE_BOUND); // strings of several lengths: bytes sort otherwise
    }
    return order.compare(min, max) > 0 ? Optional.of(Flaw.MIN_ABOVE_MAX) : Optional.empty();
  }
}
