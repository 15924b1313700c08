// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.filter.VariantPredicate.Op;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.apache.parquet.filter2.predicate.Statistics;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * The times that the strings between a chunk's min and max can name ({@link TextTimeRange}), where
 * text order is not time order: the range is what the bounds' leading date and second allow, read
 * here with {@code java.time}; a time in it may match exactly when some time in it matches as a
 * timestamp with or without zone; and a chunk of strings that statistics drop holds no string that
 * matches, neither in a typed string column nor in a residual of short strings. Texts cluster
 * around times in 2024, 1969, year 999 and year 9000 (min and max then begin with {@code 0} or
 * {@code 9}), and literals name the chunk's own times, a microsecond, a second or a day off.
 */
class TextTimeRangePropertyTest {
  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final long MICROS_PER_DAY = 86_400 * MICROS_PER_SECOND;
  private static final long[] BASES = { // microseconds of wall times around which texts cluster
    1_709_251_200_000_000L, // 2024-03-01T00:00:00
    -MICROS_PER_SECOND, // 1969-12-31T23:59:59
    LocalDateTime.of(999, 12, 31, 23, 59, 59).toEpochSecond(ZoneOffset.UTC) * MICROS_PER_SECOND,
    LocalDateTime.of(9000, 1, 1, 0, 0, 0).toEpochSecond(ZoneOffset.UTC) * MICROS_PER_SECOND
  };
  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final Pattern CLOCK = Pattern.compile("T\\d{2}:\\d{2}:\\d{2}");
  private static final PrimitiveType STRING =
      Types.optional(PrimitiveType.PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .named("typed_value");
  private static final PrimitiveType RESIDUAL =
      Types.optional(PrimitiveType.PrimitiveTypeName.BINARY).named("value");

  /** A literal that names a time, with the instant and the wall time it names, and its zone. */
  private record Named(Literal literal, long utcMicros, long localMicros, String zone) {}

  @Test
  void theRangeIsWhatTheBoundsLeadingDateAndSecondAllow() {
    Trials.run(
        "textTimeRangeOfBounds",
        rnd -> {
          long base = PlanGen.pick(rnd, Arrays.stream(BASES).boxed().toArray(Long[]::new));
          for (int q = 0; q < 20; q++) {
            byte[][] bounds = {utf8(text(rnd, near(rnd, base))), utf8(text(rnd, near(rnd, base)))};
            Arrays.sort(bounds, Arrays::compareUnsigned);
            TextTimeRange range =
                TextTimeRange.between(ByteBuffer.wrap(bounds[0]), ByteBuffer.wrap(bounds[1]));
            assertEquals(
                expected(bounds[0], bounds[1]),
                range,
                latin1(bounds[0]) + " to " + latin1(bounds[1]));
          }
        });
  }

  /** The range by {@code java.time}: {@code [min's second or day, max's second or day + 1)}. */
  private static TextTimeRange expected(byte[] min, byte[] max) {
    if ((min.length > 0 && (min[0] & 0xFF) > '9') || max.length == 0 || (max[0] & 0xFF) < '0') {
      return new TextTimeRange(Long.MAX_VALUE, Long.MIN_VALUE); // no string between names a time
    }
    Long fromSecond = second(min);
    Long fromDay = day(min);
    Long toSecond = second(max);
    Long toDay = day(max);
    long from = fromSecond != null ? fromSecond : fromDay != null ? fromDay : Long.MIN_VALUE;
    long to =
        toSecond != null
            ? toSecond + MICROS_PER_SECOND
            : toDay != null ? toDay + MICROS_PER_DAY : Long.MAX_VALUE;
    return new TextTimeRange(from, to);
  }

  private static Long day(byte[] text) {
    if (text.length < 10 || !DATE.matcher(latin1(text).substring(0, 10)).matches()) {
      return null;
    }
    try {
      return LocalDate.parse(latin1(text).substring(0, 10)).toEpochDay() * MICROS_PER_DAY;
    } catch (DateTimeException e) {
      return null; // no such day
    }
  }

  private static Long second(byte[] text) {
    Long day = day(text);
    if (day == null
        || text.length < 19
        || !CLOCK.matcher(latin1(text).substring(10, 19)).matches()) {
      return null;
    }
    try {
      return day
          + LocalTime.parse(latin1(text).substring(11, 19)).toSecondOfDay() * MICROS_PER_SECOND;
    } catch (DateTimeException e) {
      return null; // no such time of day
    }
  }

  @Test
  void aRangeMayMatchExactlyWhenOneOfItsTimesMatches() {
    AtomicLong matched = new AtomicLong();
    Trials.run(
        "textTimeRangeMayMatch",
        rnd -> {
          long base = PlanGen.pick(rnd, Arrays.stream(BASES).boxed().toArray(Long[]::new));
          for (int q = 0; q < 40; q++) {
            TextTimeRange range = range(rnd, base);
            Op op = PlanGen.pick(rnd, Op.EQ, Op.NE, Op.LT, Op.LE, Op.GT, Op.GE, Op.BETWEEN, Op.IN);
            List<Named> named = new ArrayList<>();
            for (int i = 0, n = op == Op.IN ? 1 + rnd.nextInt(3) : op == Op.BETWEEN ? 2 : 1;
                i < n;
                i++) {
              named.add(named(rnd, range, base, named.isEmpty() ? null : named.get(0)));
            }
            if (op == Op.BETWEEN && named.get(0).utcMicros() > named.get(1).utcMicros()) {
              named.add(named.remove(0)); // low first: one zone, so both orders agree
            }
            List<Literal> literals = new ArrayList<>(named.stream().map(Named::literal).toList());
            if (op == Op.IN && rnd.nextBoolean()) {
              literals.add(Literal.of("k5")); // names no time: it matches no time
            }
            VariantPredicate p = ColumnDomains.comparison(op, literals);
            // A string may name any nanosecond before the range's end: a time after a literal of
            // whole microseconds lies in it exactly when a whole microsecond at or after it does.
            VariantPredicate asWhole = op == Op.GT ? ColumnDomains.comparison(Op.GE, literals) : p;
            boolean some = false;
            if (range.fromMicros() < range.toMicros()) {
              List<Long> candidates =
                  new ArrayList<>(List.of(range.fromMicros(), range.toMicros() - 1));
              for (Named l : named) {
                for (long d = -1; d <= 1; d++) {
                  candidates.add(l.utcMicros() + d);
                  candidates.add(l.localMicros() + d);
                }
              }
              some =
                  candidates.stream()
                      .filter(t -> range.fromMicros() <= t && t < range.toMicros())
                      .anyMatch(
                          t ->
                              asWhole.test(timestamp(t, true))
                                  || asWhole.test(timestamp(t, false)));
            }
            if (some) {
              matched.incrementAndGet();
            }
            assertEquals(some, range.mayMatch(op, literals), range + " " + p);
          }
          TextTimeRange wide = range(rnd, base);
          Literal time = named(rnd, wide, base, null).literal();
          assertEquals(
              wide.fromMicros() < wide.toMicros(),
              wide.mayMatch(Op.BETWEEN, List.of(time, Literal.of("k5"))),
              "between with a bound that names no time is left to text order");
        });
    assertTrue(matched.get() > 0, "no range ever matched");
  }

  /** A range of the bounds of two texts, or of any width near {@code base} (empty ones too). */
  private static TextTimeRange range(Random rnd, long base) {
    if (rnd.nextBoolean()) {
      byte[][] bounds = {utf8(text(rnd, near(rnd, base))), utf8(text(rnd, near(rnd, base)))};
      Arrays.sort(bounds, Arrays::compareUnsigned);
      return TextTimeRange.between(ByteBuffer.wrap(bounds[0]), ByteBuffer.wrap(bounds[1]));
    }
    long from = near(rnd, base);
    return new TextTimeRange(
        from, from + PlanGen.pick(rnd, 2L, 0L, -5L, MICROS_PER_SECOND, MICROS_PER_DAY));
  }

  /**
   * A literal that names a time at or next to one end of the range (or near {@code base}), as a
   * wall time or an instant, in the zone of {@code like} if given; whole microseconds.
   */
  private static Named named(Random rnd, TextTimeRange range, long base, Named like) {
    List<Long> ends = new ArrayList<>(List.of(near(rnd, base)));
    for (long end : new long[] {range.fromMicros(), range.toMicros()}) {
      if (end > base - 400 * MICROS_PER_DAY && end < base + 400 * MICROS_PER_DAY) {
        ends.add(end);
      }
    }
    long t =
        ends.get(rnd.nextInt(ends.size())) + PlanGen.pick(rnd, 0L, 1L, -1L, -MICROS_PER_SECOND);
    String zone = like != null ? like.zone() : PlanGen.pick(rnd, "Z", "", "+02:00", "-05:30");
    long offset = zone.isEmpty() || zone.equals("Z") ? 0 : zoneSeconds(zone) * MICROS_PER_SECOND;
    boolean wallGiven = rnd.nextBoolean();
    long wall = wallGiven ? t : t + offset;
    if (rnd.nextInt(8) == 0 && offset == 0) {
      wall -= Math.floorMod(wall, MICROS_PER_DAY);
      String date = LocalDate.ofEpochDay(Math.floorDiv(wall, MICROS_PER_DAY)).toString();
      return new Named(Literal.of(date), wall, wall, zone); // a date names its midnight, UTC
    }
    String text = clock(wall, PlanGen.pick(rnd, "T", " "), 6) + zone;
    return new Named(Literal.of(text), wall - offset, wall, zone);
  }

  private static long zoneSeconds(String zone) {
    return ZoneOffset.of(zone).getTotalSeconds();
  }

  private static Variant timestamp(long micros, boolean zoned) {
    return zoned
        ? ColumnDomains.build(b -> b.appendTimestampMicros(micros))
        : ColumnDomains.build(b -> b.appendTimestampNtzMicros(micros));
  }

  @Test
  void aTextChunkThatStatisticsDropHoldsNoMatch() {
    AtomicLong dropped = new AtomicLong();
    Trials.run(
        "textTimeChunksDropOnlyWithoutMatches",
        rnd -> {
          long base = PlanGen.pick(rnd, Arrays.stream(BASES).boxed().toArray(Long[]::new));
          List<String> chunk = new ArrayList<>();
          List<Long> times = new ArrayList<>();
          for (int i = 0, n = 1 + rnd.nextInt(6); i < n; i++) {
            long t = near(rnd, base);
            times.add(t);
            chunk.add(text(rnd, t));
          }
          for (int q = 0; q < 30; q++) {
            Op op = PlanGen.pick(rnd, Op.EQ, Op.NE, Op.LT, Op.LE, Op.GT, Op.GE, Op.BETWEEN, Op.IN);
            List<Literal> literals = new ArrayList<>();
            for (int i = 0, n = op == Op.IN ? 1 + rnd.nextInt(3) : op == Op.BETWEEN ? 2 : 1;
                i < n;
                i++) {
              literals.add(
                  rnd.nextInt(6) == 0
                      ? Literal.of(PlanGen.pick(rnd, chunk.toArray(String[]::new)))
                      : Literal.of(
                          text(rnd, PlanGen.pick(rnd, times.toArray(Long[]::new)) + offset(rnd))));
            }
            VariantPredicate p = ColumnDomains.comparison(op, literals);
            boolean typedDrops =
                drops(STRING, TypedColumn.of(STRING).orElseThrow(), chunk, p, false);
            boolean residualDrops = drops(RESIDUAL, TypedColumn.residual(), chunk, p, true);
            if (typedDrops || residualDrops) {
              dropped.incrementAndGet();
            }
            for (String s : chunk) {
              boolean match = p.test(ColumnDomains.build(b -> b.appendString(s)));
              assertFalse(
                  match && typedDrops, p + " matches " + s + ", dropped from typed " + chunk);
              assertFalse(match && residualDrops, p + " matches " + s + ", dropped from " + chunk);
            }
          }
        });
    assertTrue(dropped.get() > 0, "no chunk of text was ever dropped");
  }

  /**
   * Whether the filter drops the chunk by its min and max, as a typed string column or (if its
   * texts are of one length, as a residual's statistics must show to bound anything) as short
   * strings in a residual.
   */
  private static boolean drops(
      PrimitiveType type,
      TypedColumn reading,
      List<String> chunk,
      VariantPredicate p,
      boolean residual) {
    List<Binary> values = new ArrayList<>();
    for (String s : chunk) {
      byte[] bytes = residual ? ColumnDomains.build(b -> b.appendString(s)).valueBytes() : utf8(s);
      values.add(Binary.fromConstantByteArray(bytes));
    }
    Comparator<Binary> order = type.comparator();
    Binary min = values.stream().min(order).orElseThrow();
    Binary max = values.stream().max(order).orElseThrow();
    if (residual && min.length() != max.length()) {
      return false;
    }
    return new TypedValueFilter<Binary>(reading, p.op(), p.literals())
        .canDrop(new Statistics<>(min, max, order));
  }

  /** Nothing, a microsecond, a second or a day, either way. */
  private static long offset(Random rnd) {
    return PlanGen.pick(
        rnd,
        0L,
        0L,
        1L,
        -1L,
        MICROS_PER_SECOND,
        -MICROS_PER_SECOND,
        MICROS_PER_DAY,
        -MICROS_PER_DAY);
  }

  /** A wall time near {@code base}: the same second, a few seconds or days off. */
  private static long near(Random rnd, long base) {
    return base
        + PlanGen.pick(rnd, 0L, 1L, 250_000L, 999_999L, -1L, MICROS_PER_SECOND, 3 * MICROS_PER_DAY)
            * (rnd.nextBoolean() ? 1 : -1)
        + (rnd.nextInt(4) == 0 ? rnd.nextInt(1000) * MICROS_PER_SECOND : 0);
  }

  /**
   * {@code wallMicros} as text: as a date or timestamp prints (which compares by the time it
   * names), in another form (a space, an offset, other fraction digits), or text that names no time
   * or only a date (other text after it, a day or hour that does not exist).
   */
  private static String text(Random rnd, long wallMicros) {
    LocalDateTime w = wall(wallMicros);
    String date = w.toLocalDate().toString();
    return switch (rnd.nextInt(12)) {
      case 0 -> date;
      case 1 -> printed(ColumnDomains.build(b -> b.appendTimestampMicros(wallMicros)));
      case 2 -> printed(ColumnDomains.build(b -> b.appendTimestampNtzMicros(wallMicros)));
      case 3 ->
          printed(
              ColumnDomains.build(b -> b.appendTimestampNanos(wallMicros * 1000 + rnd.nextInt(2))));
      case 4 -> clock(wallMicros, " ", PlanGen.pick(rnd, 0, 3, 6)) + "Z";
      case 5 ->
          clock(wallMicros, "T", PlanGen.pick(rnd, 0, 1, 9)) + PlanGen.pick(rnd, "+02:00", "", "Z");
      case 6 -> clock(wallMicros, "T", 0);
      case 7 -> date + PlanGen.pick(rnd, "x", "T", "T1", "T25:00:00Z", "T10:61:00");
      case 8 -> date.substring(0, 5) + PlanGen.pick(rnd, "13-01", "02-30", "00-10");
      case 9 -> PlanGen.pick(rnd, "", "k5", "2", "3", "2024", "0", "9", "10:00", "é");
      default -> printed(ColumnDomains.build(b -> b.appendTimestampMicros(wallMicros)));
    };
  }

  /**
   * {@code yyyy-MM-dd<separator>HH:mm:ss} and {@code digits} fraction digits (cut, not rounded).
   */
  private static String clock(long wallMicros, String separator, int digits) {
    LocalDateTime w = wall(wallMicros);
    String text =
        String.format(
            Locale.ROOT,
            "%s%s%02d:%02d:%02d",
            w.toLocalDate(),
            separator,
            w.getHour(),
            w.getMinute(),
            w.getSecond());
    return digits == 0
        ? text
        : text + "." + String.format(Locale.ROOT, "%09d", w.getNano()).substring(0, digits);
  }

  private static LocalDateTime wall(long micros) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(micros, MICROS_PER_SECOND),
        (int) Math.floorMod(micros, MICROS_PER_SECOND) * 1000,
        ZoneOffset.UTC);
  }

  private static String printed(Variant v) {
    String json = VariantJson.toJson(v);
    return json.substring(1, json.length() - 1);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String latin1(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }
}
