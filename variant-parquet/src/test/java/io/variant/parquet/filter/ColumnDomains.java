// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.shredding.testkit.PlanGen;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The typed columns a path can be shredded to, and a residual {@code value} column, as the values a
 * chunk of each holds (parquet-java's physical Java values), the Variant a row rebuilds from each
 * (VariantShredding §Shredded Value Types), and literals drawn near a value with the values of the
 * column that equal them or lie next to them.
 */
final class ColumnDomains {
  private ColumnDomains() {}

  /** Nanoseconds of 2024-03-01T00:00:00Z. */
  private static final long BASE_NANOS = 1_709_251_200_000_000_000L;

  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final String[] LETTERS = {"a", "b", "k", "z", "é", "\uE000", "\uD83D\uDE00", " "};
  private static final byte[] EMPTY_METADATA = build(b -> b.appendNull()).metadataBytes();

  /**
   * A literal, the column's values that equal it (or, if none does, the two around it), and whether
   * one does or it lies beyond every value (then min and max decide any comparison).
   */
  record Drawn(Literal literal, List<Object> witnesses, boolean representable) {
    static Drawn exact(Literal l, Object... witnesses) {
      return new Drawn(l, List.of(witnesses), true);
    }

    static Drawn between(Literal l, Object below, Object above) {
      return new Drawn(l, List.of(below, above), false);
    }
  }

  /** One kind of column. */
  interface Domain {
    PrimitiveType type();

    /** How the filter reads the column. */
    default TypedColumn reading() {
      return TypedColumn.of(type()).orElseThrow();
    }

    /** A value near {@code near}, or anywhere in the domain's ranges when it is null. */
    Object draw(Random rnd, Object near);

    /** The Variant a row rebuilds from the value. */
    Variant rebuild(Object value);

    /** A literal near {@code value} (a value of this column). */
    Drawn literal(Random rnd, Object value);

    /** Values a writer could put in the column but no row can rebuild. */
    default List<Object> unreadable() {
      return List.of();
    }

    /**
     * Whether the filter reads the value (else it keeps it: a residual value other than a short
     * string, which its statistics do not order).
     */
    default boolean readable(Object value) {
      return true;
    }

    /** Whether min and max of these values bound them in the order the filter compares them. */
    default boolean fit(Object min, Object max) {
      return true;
    }
  }

  static Domain pick(Random rnd) {
    return PlanGen.pick(rnd, ALL);
  }

  private static final Domain[] ALL = {
    new Integers(
        Types.optional(PrimitiveTypeName.INT32).named("typed_value"),
        Integer.MIN_VALUE,
        Integer.MAX_VALUE),
    new Integers(
        Types.optional(PrimitiveTypeName.INT32)
            .as(LogicalTypeAnnotation.intType(8, true))
            .named("typed_value"),
        Byte.MIN_VALUE,
        Byte.MAX_VALUE),
    new Integers(
        Types.optional(PrimitiveTypeName.INT64)
            .as(LogicalTypeAnnotation.intType(64, true))
            .named("typed_value"),
        Long.MIN_VALUE,
        Long.MAX_VALUE),
    new Decimals(decimal(PrimitiveTypeName.INT32, 9, 2), 2, 999_999_999L),
    new Decimals(decimal(PrimitiveTypeName.INT64, 18, 4), 4, 999_999_999_999_999_999L),
    new Decimals(decimal(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 38, 3), 3, Long.MAX_VALUE / 2),
    new Decimals(decimal(PrimitiveTypeName.BINARY, 20, 1), 1, Long.MAX_VALUE / 2),
    new Floats(Types.optional(PrimitiveTypeName.FLOAT).named("typed_value")),
    new Floats(Types.optional(PrimitiveTypeName.DOUBLE).named("typed_value")),
    new Strings(),
    new Booleans(),
    new Dates(),
    new Timestamps(false, true),
    new Timestamps(true, true),
    new Timestamps(false, false),
    new Timestamps(true, false),
    new Residual()
  };

  private static PrimitiveType decimal(PrimitiveTypeName physical, int precision, int scale) {
    var b = Types.optional(physical);
    if (physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
      b = b.length(16);
    }
    return b.as(LogicalTypeAnnotation.decimalType(scale, precision)).named("typed_value");
  }

  /** {@code a + d}, held at the long range. */
  private static long plus(long a, long d) {
    long r = a + d;
    return ((a ^ r) & (d ^ r)) < 0 ? (d > 0 ? Long.MAX_VALUE : Long.MIN_VALUE) : r;
  }

  /** {@code op} on {@code $} of column "e" with these literals (two for between). */
  static VariantPredicate comparison(VariantPredicate.Op op, List<Literal> literals) {
    Literal a = literals.get(0);
    return switch (op) {
      case EQ -> VariantPredicate.eq("e", "$", a);
      case NE -> VariantPredicate.ne("e", "$", a);
      case LT -> VariantPredicate.lt("e", "$", a);
      case LE -> VariantPredicate.le("e", "$", a);
      case GT -> VariantPredicate.gt("e", "$", a);
      case GE -> VariantPredicate.ge("e", "$", a);
      case BETWEEN -> VariantPredicate.between("e", "$", a, literals.get(1));
      case IN -> VariantPredicate.in("e", "$", literals);
      case IS_NULL -> VariantPredicate.isNull("e", "$");
    };
  }

  static Variant build(Consumer<VariantBuilder> append) {
    VariantBuilder b = new VariantBuilder();
    append.accept(b);
    return b.build();
  }

  /** Plain and signed INT32 and INT64 columns. */
  private record Integers(PrimitiveType type, long lowest, long highest) implements Domain {
    @Override
    public Object draw(Random rnd, Object near) {
      long v =
          near == null
              ? PlanGen.pick(
                  rnd,
                  0L,
                  -1L,
                  lowest,
                  highest,
                  rnd.nextInt(2001) - 1000L,
                  rnd.nextLong(lowest, highest))
              : plus(number(near), rnd.nextInt(7) - 3);
      return physical(Math.max(lowest, Math.min(highest, v)));
    }

    private Object physical(long v) {
      return type.getPrimitiveTypeName() == PrimitiveTypeName.INT32 ? (Object) (int) v : (Object) v;
    }

    private static long number(Object value) {
      return ((Number) value).longValue();
    }

    @Override
    public Variant rebuild(Object value) {
      return build(b -> b.appendLong(number(value)));
    }

    @Override
    public Drawn literal(Random rnd, Object value) {
      BigDecimal w = BigDecimal.valueOf(number(value)).add(BigDecimal.valueOf(rnd.nextInt(5) - 2));
      boolean inRange =
          w.compareTo(BigDecimal.valueOf(lowest)) >= 0
              && w.compareTo(BigDecimal.valueOf(highest)) <= 0;
      Object[] itself = inRange ? new Object[] {physical(w.longValueExact())} : new Object[0];
      return switch (rnd.nextInt(7)) {
        case 0 -> Drawn.exact(Literal.of(w.setScale(2)), itself);
        case 1 ->
            w.abs().compareTo(BigDecimal.valueOf(1L << 53)) < 0
                ? Drawn.exact(Literal.of(w.doubleValue()), itself)
                : Drawn.exact(Literal.of(w), itself);
        case 2 -> {
          BigDecimal half = w.add(new BigDecimal("0.5"));
          yield inRange && w.longValueExact() < highest
              ? Drawn.between(
                  Literal.of(half), physical(w.longValueExact()), physical(w.longValueExact() + 1))
              : Drawn.exact(Literal.of(half));
        }
        case 3 -> specialNumber(rnd);
        default -> Drawn.exact(Literal.of(w), itself);
      };
    }

    @Override
    public String toString() {
      return type.toString();
    }
  }

  /** NaN, infinities and numbers beyond every column's range: min and max decide them. */
  private static Drawn specialNumber(Random rnd) {
    return Drawn.exact(
        PlanGen.pick(
            rnd,
            Literal.of(Double.NaN),
            Literal.of(Double.POSITIVE_INFINITY),
            Literal.of(Double.NEGATIVE_INFINITY),
            Literal.of(new BigDecimal("1e40")),
            Literal.of(new BigDecimal("-1e40"))));
  }

  /** DECIMAL columns on INT32, INT64, FIXED_LEN_BYTE_ARRAY(16) and BINARY. */
  private record Decimals(PrimitiveType type, int scale, long largest) implements Domain {
    @Override
    public Object draw(Random rnd, Object near) {
      long u =
          near == null
              ? PlanGen.pick(
                  rnd,
                  0L,
                  -1L,
                  largest,
                  -largest,
                  rnd.nextInt(20001) - 10000L,
                  rnd.nextLong(-largest, largest))
              : Math.max(-largest, Math.min(largest, unscaled(near) + rnd.nextInt(7) - 3));
      return physical(u);
    }

    private Object physical(long u) {
      return switch (type.getPrimitiveTypeName()) {
        case INT32 -> (int) u;
        case INT64 -> u;
        case FIXED_LEN_BYTE_ARRAY -> {
          byte[] minimal = BigInteger.valueOf(u).toByteArray();
          byte[] b = new byte[16];
          Arrays.fill(b, u < 0 ? (byte) -1 : 0);
          System.arraycopy(minimal, 0, b, 16 - minimal.length, minimal.length);
          yield Binary.fromConstantByteArray(b);
        }
        default -> Binary.fromConstantByteArray(BigInteger.valueOf(u).toByteArray());
      };
    }

    private static long unscaled(Object value) {
      return value instanceof Binary b
          ? new BigInteger(b.getBytes()).longValueExact()
          : ((Number) value).longValue();
    }

    @Override
    public Variant rebuild(Object value) {
      return build(b -> b.appendDecimal(BigDecimal.valueOf(unscaled(value), scale)));
    }

    @Override
    public Drawn literal(Random rnd, Object value) {
      long w = unscaled(value) + rnd.nextInt(5) - 2;
      boolean inRange = Math.abs(w) <= largest;
      Object[] itself = inRange ? new Object[] {physical(w)} : new Object[0];
      BigDecimal d = BigDecimal.valueOf(w, scale);
      return switch (rnd.nextInt(7)) {
        case 0 -> Drawn.exact(Literal.of(d.stripTrailingZeros()), itself);
        case 1 ->
            new BigDecimal(d.doubleValue()).compareTo(d) == 0
                ? Drawn.exact(Literal.of(d.doubleValue()), itself)
                : Drawn.exact(Literal.of(d), itself);
        case 2 ->
            d.stripTrailingZeros().scale() <= 0
                ? Drawn.exact(Literal.of(d.longValue()), itself)
                : Drawn.exact(Literal.of(d), itself);
        case 3 -> {
          Literal half = Literal.of(d.add(BigDecimal.valueOf(5, scale + 1)));
          yield inRange && w < largest
              ? Drawn.between(half, physical(w), physical(w + 1))
              : Drawn.exact(half);
        }
        case 4 -> specialNumber(rnd);
        default -> Drawn.exact(Literal.of(d), itself);
      };
    }

    @Override
    public List<Object> unreadable() {
      return type.getPrimitiveTypeName() == PrimitiveTypeName.BINARY
          ? List.of(Binary.fromConstantByteArray(new byte[0]))
          : List.of();
    }

    @Override
    public String toString() {
      return type.toString();
    }
  }

  /** FLOAT and DOUBLE columns, zeros of both signs and infinities included (NaN is no bound). */
  private record Floats(PrimitiveType type) implements Domain {
    private boolean single() {
      return type.getPrimitiveTypeName() == PrimitiveTypeName.FLOAT;
    }

    @Override
    public Object draw(Random rnd, Object near) {
      double v =
          near == null
              ? PlanGen.pick(
                  rnd,
                  0.0,
                  -0.0,
                  Double.POSITIVE_INFINITY,
                  Double.NEGATIVE_INFINITY,
                  Double.MIN_VALUE,
                  0.1,
                  -1e30,
                  rnd.nextGaussian() * Math.pow(10, rnd.nextInt(12) - 4))
              : PlanGen.pick(
                  rnd,
                  number(near),
                  Math.nextUp(number(near)),
                  Math.nextDown(number(near)),
                  number(near) * (1 + rnd.nextGaussian() / 100),
                  -number(near));
      return single() ? (Object) (float) v : (Object) v;
    }

    private static double number(Object value) {
      return ((Number) value).doubleValue();
    }

    @Override
    public Variant rebuild(Object value) {
      return single()
          ? build(b -> b.appendFloat((Float) value))
          : build(b -> b.appendDouble((Double) value));
    }

    @Override
    public Drawn literal(Random rnd, Object value) {
      double c =
          single()
              ? PlanGen.pick(
                  rnd, (Float) value, Math.nextUp((Float) value), Math.nextDown((Float) value))
              : PlanGen.pick(
                  rnd, (Double) value, Math.nextUp((Double) value), Math.nextDown((Double) value));
      boolean finite = Double.isFinite(c);
      Literal l =
          switch (rnd.nextInt(6)) {
            case 0 -> finite ? Literal.of(new BigDecimal(c)) : Literal.of(c);
            case 1 ->
                finite
                    ? Literal.of(new BigDecimal(c).round(new MathContext(single() ? 6 : 15)))
                    : Literal.of(c);
            case 2 -> Math.abs(c) < 1e15 ? Literal.of(Math.round(c)) : Literal.of(c);
            case 3 ->
                PlanGen.pick(
                    rnd,
                    Literal.of(Double.NaN),
                    Literal.of(new BigDecimal("1e39")), // beyond float
                    Literal.of(new BigDecimal("-1e400")), // beyond double
                    Literal.of(-0.0),
                    Literal.of(0));
            default -> Literal.of(c);
          };
      double nearest = single() ? l.nearestFloat() : l.nearestDouble();
      if (Double.isNaN(nearest)) {
        return Drawn.exact(l);
      }
      Object witness = single() ? (Object) (float) nearest : (Object) nearest;
      // a finite literal past the type's largest value lies between it and the infinity
      return l.exactValue() != null && Double.isInfinite(nearest)
          ? new Drawn(l, List.of(witness), false)
          : Drawn.exact(l, witness);
    }

    @Override
    public String toString() {
      return type.toString();
    }
  }

  /** A STRING column, in unsigned UTF-8 byte order; its texts name no time. */
  private record Strings() implements Domain {
    @Override
    public PrimitiveType type() {
      return Types.optional(PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .named("typed_value");
    }

    @Override
    public Object draw(Random rnd, Object near) {
      return Binary.fromString(
          near == null
              ? text(rnd, rnd.nextInt(4))
              : neighbour(rnd, ((Binary) near).toStringUsingUTF8()));
    }

    @Override
    public Variant rebuild(Object value) {
      return build(b -> b.appendString(((Binary) value).toStringUsingUTF8()));
    }

    @Override
    public Drawn literal(Random rnd, Object value) {
      String t = neighbour(rnd, ((Binary) value).toStringUsingUTF8());
      return Drawn.exact(Literal.of(t), Binary.fromString(t));
    }
  }

  private static String text(Random rnd, int length) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.append(PlanGen.pick(rnd, LETTERS));
    }
    return s.toString();
  }

  /** The text itself, one letter longer or shorter, or its last letter changed. */
  private static String neighbour(Random rnd, String s) {
    int last = s.isEmpty() ? 0 : s.offsetByCodePoints(s.length(), -1);
    return switch (rnd.nextInt(4)) {
      case 0 -> s + PlanGen.pick(rnd, LETTERS);
      case 1 -> s.substring(0, last);
      case 2 -> s.substring(0, last) + PlanGen.pick(rnd, LETTERS);
      default -> s;
    };
  }

  /** A BOOLEAN column. */
  private record Booleans() implements Domain {
    @Override
    public PrimitiveType type() {
      return Types.optional(PrimitiveTypeName.BOOLEAN).named("typed_value");
    }

    @Override
    public Object draw(Random rnd, Object near) {
      return rnd.nextBoolean();
    }

    @Override
    public Variant rebuild(Object value) {
      return build(b -> b.appendBoolean((Boolean) value));
    }

    @Override
    public Drawn literal(Random rnd, Object value) {
      boolean b = rnd.nextBoolean();
      return Drawn.exact(Literal.of(b), b);
    }
  }

  /** A DATE column, against date literals and texts that name a time. */
  private record Dates() implements Domain {
    @Override
    public PrimitiveType type() {
      return Types.optional(PrimitiveTypeName.INT32)
          .as(LogicalTypeAnnotation.dateType())
          .named("typed_value");
    }

    @Override
    public Object draw(Random rnd, Object near) {
      return near == null
          ? PlanGen.pick(
              rnd, 19_783, 0, -1, -25_567, 2_932_896) // 2024-03-01, 1970, 1969, 1900, 9999-12-31
          : (Integer) near + rnd.nextInt(7) - 3;
    }

    @Override
    public Variant rebuild(Object value) {
      return build(b -> b.appendDate((Integer) value));
    }

    @Override
    public Drawn literal(Random rnd, Object value) {
      int d = (Integer) value + rnd.nextInt(5) - 2;
      String date = LocalDate.ofEpochDay(d).toString();
      String zone = PlanGen.pick(rnd, "", "Z", "+02:00", "-0530");
      return switch (rnd.nextInt(5)) {
        case 0 -> Drawn.exact(Literal.of(LocalDate.ofEpochDay(d)), d);
        case 1 -> Drawn.exact(Literal.of(date), d);
        case 2 ->
            Drawn.exact(Literal.of(date + "T00:00:00" + zone), d); // its wall time is midnight
        case 3 -> Drawn.between(Literal.of(date + " 12:30:00" + zone), d, d + 1);
        default -> Drawn.between(Literal.of(date + "T00:00:00.000000001" + zone), d, d + 1);
      };
    }
  }

  /** A TIMESTAMP column of micro- or nanoseconds, adjusted to UTC or not. */
  private record Timestamps(boolean nanos, boolean zoned) implements Domain {
    private long unit() {
      return nanos ? 1 : 1000;
    }

    @Override
    public PrimitiveType type() {
      return Types.optional(PrimitiveTypeName.INT64)
          .as(LogicalTypeAnnotation.timestampType(zoned, nanos ? TimeUnit.NANOS : TimeUnit.MICROS))
          .named("typed_value");
    }

    @Override
    public Object draw(Random rnd, Object near) {
      if (near != null) {
        return (Long) near + PlanGen.pick(rnd, 0L, 1L, -1L, 3L, NANOS_PER_SECOND / unit());
      }
      long at =
          PlanGen.pick(
              rnd,
              BASE_NANOS,
              0L,
              -NANOS_PER_SECOND,
              BASE_NANOS + rnd.nextLong(86_400 * NANOS_PER_SECOND));
      return Math.floorDiv(at, unit());
    }

    @Override
    public Variant rebuild(Object value) {
      long v = (Long) value;
      if (nanos) {
        return zoned
            ? build(b -> b.appendTimestampNanos(v))
            : build(b -> b.appendTimestampNtzNanos(v));
      }
      return zoned
          ? build(b -> b.appendTimestampMicros(v))
          : build(b -> b.appendTimestampNtzMicros(v));
    }

    /**
     * A text naming a time near the value: the instant for a column adjusted to UTC, else the wall
     * time; with 0, 3, 6 or 9 fraction digits (the rest cut off), {@code T} or a space, a zone or
     * none, or the date alone.
     */
    @Override
    public Drawn literal(Random rnd, Object value) {
      long t =
          (Long) value * unit() + PlanGen.pick(rnd, 0L, 1L, -1L, unit(), -unit(), NANOS_PER_SECOND);
      int digits = PlanGen.pick(rnd, 0, 3, 6, 9, 9);
      boolean dateOnly = rnd.nextInt(8) == 0;
      int offsetSeconds = PlanGen.pick(rnd, 0, 0, 7_200, -19_800);
      String zone =
          offsetSeconds != 0
              ? ZoneOffset.ofTotalSeconds(offsetSeconds).getId()
              : PlanGen.pick(rnd, "Z", "", "+00:00");
      if (dateOnly || zone.isEmpty()) {
        offsetSeconds = 0; // no zone names UTC
      }
      long wall = t + (zoned ? offsetSeconds * NANOS_PER_SECOND : 0);
      long cut = dateOnly ? 86_400 * NANOS_PER_SECOND : pow10(9 - digits);
      wall -= Math.floorMod(wall, cut);
      long named = wall - (zoned ? offsetSeconds * NANOS_PER_SECOND : 0);
      LocalDateTime w =
          LocalDateTime.ofEpochSecond(
              Math.floorDiv(wall, NANOS_PER_SECOND),
              (int) Math.floorMod(wall, NANOS_PER_SECOND),
              ZoneOffset.UTC);
      String text;
      if (dateOnly) {
        text = w.toLocalDate().toString();
      } else {
        text =
            String.format(
                Locale.ROOT,
                "%s%s%02d:%02d:%02d",
                w.toLocalDate(),
                PlanGen.pick(rnd, "T", " "),
                w.getHour(),
                w.getMinute(),
                w.getSecond());
        if (digits > 0) {
          text += "." + String.format(Locale.ROOT, "%09d", w.getNano()).substring(0, digits);
        }
        text += zone;
      }
      Literal l = Literal.of(text);
      return Math.floorMod(named, unit()) == 0
          ? Drawn.exact(l, named / unit())
          : Drawn.between(l, Math.floorDiv(named, unit()), Math.floorDiv(named, unit()) + 1);
    }

    @Override
    public String toString() {
      return type().toString();
    }
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }

  /**
   * A residual {@code value} column: mostly Variant short strings of one length, now and then
   * another value (a string of another length or in the long form, a number, a boolean, null).
   */
  private record Residual() implements Domain {
    @Override
    public PrimitiveType type() {
      return Types.optional(PrimitiveTypeName.BINARY).named("value");
    }

    @Override
    public TypedColumn reading() {
      return TypedColumn.residual();
    }

    @Override
    public Object draw(Random rnd, Object near) {
      Variant v;
      if (rnd.nextInt(6) == 0) {
        v =
            PlanGen.pick(
                rnd,
                build(b -> b.appendString(text(rnd, 3))),
                build(b -> b.appendString("k".repeat(64))), // past the short form
                build(b -> b.appendLong(5)),
                build(b -> b.appendBoolean(true)),
                build(b -> b.appendNull()));
      } else {
        byte[] n = near == null ? new byte[0] : ((Binary) near).getBytes();
        int length = n.length > 0 && (n[0] & 0b11) == 1 ? (n[0] & 0xFF) >>> 2 : rnd.nextInt(4);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
          s.append(PlanGen.pick(rnd, "a", "b", "k", "z"));
        }
        v = build(b -> b.appendString(s.toString()));
      }
      return Binary.fromConstantByteArray(v.valueBytes());
    }

    @Override
    public Variant rebuild(Object value) {
      return Variant.of(EMPTY_METADATA, ((Binary) value).getBytes());
    }

    @Override
    public Drawn literal(Random rnd, Object value) {
      Variant v = rebuild(value);
      if (v.type() != VariantType.STRING || rnd.nextInt(5) == 0) {
        // no string matches a number or a boolean; a string of another length than the chunk's
        // strings lies between them as text (the filter compares their text), but equals none
        return rnd.nextBoolean()
            ? Drawn.exact(PlanGen.pick(rnd, Literal.of(5), Literal.of(true)))
            : new Drawn(Literal.of("k"), List.of(), false);
      }
      String s = v.stringValue();
      String t =
          s.isEmpty() || rnd.nextBoolean()
              ? s
              : s.substring(0, s.offsetByCodePoints(s.length(), -1))
                  + PlanGen.pick(rnd, "a", "b", "c", "z");
      byte[] witness = build(b -> b.appendString(t)).valueBytes();
      return new Drawn(
          Literal.of(t),
          List.of(Binary.fromConstantByteArray(witness)),
          witness.length == ((Binary) value).length()); // equal to one only at the same length
    }

    @Override
    public List<Object> unreadable() {
      List<Object> bad = new ArrayList<>();
      bad.add(Binary.fromConstantByteArray(new byte[0]));
      bad.add(
          Binary.fromConstantByteArray(new byte[] {(3 << 2) | 1, 'a'})); // 3 bytes said, 1 given
      return bad;
    }

    /** A whole short string: basic type 1, then as many bytes as its header says. */
    @Override
    public boolean readable(Object value) {
      byte[] a = ((Binary) value).getBytes();
      return a.length > 0 && (a[0] & 0b11) == 1 && a.length == 1 + ((a[0] & 0xFF) >>> 2);
    }

    /** Short strings of one length: their header bytes are equal, so bytes sort as text. */
    @Override
    public boolean fit(Object min, Object max) {
      return readable(min) && readable(max) && ((Binary) min).length() == ((Binary) max).length();
    }

    @Override
    public String toString() {
      return "residual value";
    }
  }
}
