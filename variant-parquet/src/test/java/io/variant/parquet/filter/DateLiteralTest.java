// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A date literal ({@code Literal.of(LocalDate)}, the command line's unquoted {@code 2024-03-01})
 * compares as the string literal of its date does with dates, timestamps and the strings {@code
 * convert --infer-temporal} would store as either, so that a file of times written as text and one
 * converted with {@code --infer-temporal} match the same rows for it; other strings it never
 * matches. It had matched dates alone. Row groups of strings are skipped by their statistics only
 * where no string between min and max can name a matching time ({@link TextTimeRange}).
 */
class DateLiteralTest {
  private static final LocalDate DAY = LocalDate.of(2024, 3, 1);
  private static final long MIDNIGHT = 1_709_251_200_000_000L; // 2024-03-01T00:00:00Z
  private static final long HOUR = 3_600_000_000L;

  @TempDir Path dir;

  private static Variant value(Consumer<VariantBuilder> append) {
    VariantBuilder b = new VariantBuilder();
    append.accept(b);
    return b.build();
  }

  /** The sign of {@code v - literal}, or {@code null} where they do not compare. */
  private static Integer compare(Variant v, Literal literal) {
    OptionalInt c = literal.compare(v);
    return c.isPresent() ? c.getAsInt() : null;
  }

  @Test
  void comparesAsTheStringOfItsDateWithDatesTimestampsAndTheirStrings() {
    List<Variant> times =
        List.of(
            value(b -> b.appendDate(DAY)),
            value(b -> b.appendDate(DAY.plusDays(1))),
            value(b -> b.appendDate(DAY.minusDays(1))),
            value(b -> b.appendTimestampMicros(MIDNIGHT)),
            value(b -> b.appendTimestampMicros(MIDNIGHT - 1)),
            value(b -> b.appendTimestampNanos(MIDNIGHT * 1000 + 1)),
            value(b -> b.appendTimestampNtzMicros(MIDNIGHT + HOUR)),
            value(b -> b.appendTimestampNtzNanos(MIDNIGHT * 1000 - 1)),
            value(b -> b.appendString("2024-03-01")),
            value(b -> b.appendString("2024-02-29")),
            value(b -> b.appendString("2024-03-01T00:00:00Z")),
            value(b -> b.appendString("2024-02-29T23:59:59.999Z")),
            value(b -> b.appendString("2024-03-01T09:30:00.250")),
            value(b -> b.appendString("2024-03-01T00:00:00.000000001Z")));
    for (LocalDate day : List.of(DAY, DAY.plusDays(1), DAY.minusDays(1))) {
      Literal date = Literal.of(day);
      Literal text = Literal.of(day.toString());
      for (Variant v : times) {
        Integer c = compare(v, date);
        assertEquals(compare(v, text), c, v + " vs " + day);
        assertTrue(c != null, v + " vs " + day);
      }
    }
    assertEquals(0, compare(value(b -> b.appendString("2024-03-01")), Literal.of(DAY)));
    assertEquals(1, compare(value(b -> b.appendTimestampNtzMicros(MIDNIGHT + 1)), Literal.of(DAY)));
  }

  @Test
  void matchesNoOtherString() {
    Literal date = Literal.of(DAY);
    // --infer-temporal keeps these as strings; as text they would sort around the date
    for (String s :
        List.of(
            "2024-03-01T00:00:00.000Z",
            "2024-03-01 00:00:00Z",
            "2024-03-01T00:00:00+00:00",
            "2024-3-1",
            "2024-03-01 ",
            "",
            "n/a",
            "2024")) {
      assertEquals(null, compare(value(b -> b.appendString(s)), date), s);
    }
    assertEquals(null, compare(value(b -> b.appendLong(19783)), date), "a number");
    assertEquals(1, compare(value(b -> b.appendString("2024-03-01 ")), Literal.of("2024-03-01")));
  }

  /**
   * Row i of group i / 10 (10 rows each), its {@code $.d} a string: group 0 holds dates of
   * 2024-03-01 and 02, group 1 timestamps of 03-03 from 01:00 on, group 2 words ({@code n/a},
   * {@code unknown}), group 3 timestamps of 03-05 that {@code --infer-temporal} keeps as text
   * ({@code .000Z}).
   */
  private static Variant row(int i) {
    String d =
        switch (i / 10) {
          case 0 -> DAY.plusDays(i % 2).toString();
          case 1 -> String.format(Locale.ROOT, "2024-03-03T%02d:00:00Z", i % 10 + 1);
          case 2 -> i % 2 == 0 ? "n/a" : "unknown";
          default -> "2024-03-05T0" + i % 10 + ":00:00.000Z";
        };
    return value(b -> b.startObject().key("d").appendString(d).endObject());
  }

  private Path file(String plan, IntFunction<Variant> rows) throws IOException {
    Path out = dir.resolve("d" + System.nanoTime() + ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .variantColumn("e", ShreddingPlan.parse(plan))
            .rowGroupRowLimit(10)
            .build()) {
      for (int i = 0; i < 40; i++) {
        w.write(VariantRecord.builder().set("e", rows.apply(i)).build());
      }
    }
    return out;
  }

  @Test
  void stringStatisticsSkipOnlyRowGroupsWithoutAMatch() throws IOException {
    Path f = file("{\"d\": string}", DateLiteralTest::row);
    Literal day1 = Literal.of(DAY);
    Literal day3 = Literal.of(DAY.plusDays(2));
    Literal day4 = Literal.of(DAY.plusDays(3));
    Literal day9 = Literal.of(DAY.plusDays(8));
    assertEquals(List.of(0), kept(f, VariantPredicate.eq("e", "$.d", day1)));
    assertEquals(List.of(), kept(f, VariantPredicate.eq("e", "$.d", day3)), "no midnight");
    assertEquals(List.of(1, 3), kept(f, VariantPredicate.gt("e", "$.d", day3)), "not the words");
    assertEquals(List.of(0), kept(f, VariantPredicate.lt("e", "$.d", day3)));
    assertEquals(List.of(0, 1), kept(f, VariantPredicate.between("e", "$.d", day1, day4)));
    assertEquals(List.of(0), kept(f, VariantPredicate.in("e", "$.d", List.of(day9, day1))));
    // group 3's times are kept as text, so match no date; but they begin with times that do
    VariantPredicate late = VariantPredicate.ge("e", "$.d", day4);
    assertEquals(List.of(3), kept(f, late));
    assertEquals(List.of(), matching(f, late));
    for (VariantPredicate p :
        List.of(
            VariantPredicate.le("e", "$.d", day3),
            VariantPredicate.ge("e", "$.d", day1),
            VariantPredicate.ne("e", "$.d", day1))) {
      KeptRowGroups kept = KeptRowGroups.of(f, p);
      List<Integer> matching = matching(f, p);
      assertTrue(matching.stream().allMatch(kept::keeps), p + " kept " + kept.ordinals());
      assertTrue(!matching.isEmpty() && !kept.ordinals().contains(2), p.toString());
    }
  }

  @Test
  void typedDatesAndTimestampsPrune() throws IOException {
    Path dates =
        file(
            "{\"d\": date}",
            i -> value(b -> b.startObject().key("d").appendDate(DAY.plusDays(i / 10)).endObject()));
    assertEquals(
        List.of(2), kept(dates, VariantPredicate.eq("e", "$.d", Literal.of(DAY.plusDays(2)))));
    Path times =
        file(
            "{\"d\": timestamp}",
            i ->
                value(
                    b ->
                        b.startObject()
                            .key("d")
                            .appendTimestampMicros(MIDNIGHT + i * 6 * HOUR)
                            .endObject()));
    // group g holds hours 60 g to 60 g + 54: days 2.5 g to 2.5 g + 2.25
    assertEquals(
        List.of(2, 3), kept(times, VariantPredicate.ge("e", "$.d", Literal.of(DAY.plusDays(5)))));
    assertEquals(
        1, matching(times, VariantPredicate.eq("e", "$.d", Literal.of(DAY.plusDays(5)))).size());
  }

  private static List<Integer> kept(Path file, VariantPredicate p) throws IOException {
    return KeptRowGroups.of(file, p).ordinals();
  }

  /** The indexes of the rows {@code p} matches, every row group read. */
  private static List<Integer> matching(Path file, VariantPredicate p) throws IOException {
    List<Integer> rows = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      int i = 0;
      for (VariantRecord row : r) {
        if (p.test(row)) {
          rows.add(i);
        }
        i++;
      }
    }
    return rows;
  }
}
