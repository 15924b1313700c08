// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.BuilderOptions;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.json.TemporalStrings;
import io.variant.core.json.VariantJson;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Times written as text, in every form (dates; 0, 3, 6 or 9 fraction digits; {@code Z}, an offset
 * or no zone; other text among them), against literals that name a time in every form: each row
 * matches a predicate whose literals all name a time exactly when the row {@code convert
 * --infer-temporal} makes of it does ({@link TemporalStrings}; text that names no time compares as
 * text, with strings only), and pruning by statistics, of a typed string column and of strings in a
 * residual, and of the converted file, never skips a row group holding a match, though text order
 * is not time order. Over all trials some row groups of text must be skipped.
 */
class TextTimesPropertyTest {
  private static final int TRIALS = Math.max(30, Trials.trials() / 10);
  private static final String[] PLANS = {"{\"t\": string}", "{\"t\": timestamp}"};
  private static final long BASE_SECONDS = 1_709_251_200L; // 2024-03-01T00:00:00Z
  private static final long GROUP_SECONDS = 7 * 3600; // the groups' times span days

  @TempDir Path tmp;

  @Test
  void textMatchesAsInferTemporalStoresItAndPruningKeepsEveryMatch() {
    AtomicLong groups = new AtomicLong();
    AtomicLong skipped = new AtomicLong();
    TemporalStrings temporal = new TemporalStrings(BuilderOptions.defaults());
    Trials.run(
        "textTimesMatchAsInferred",
        TRIALS,
        rnd -> {
          int perGroup = 3 + rnd.nextInt(6);
          List<Variant> rows = new ArrayList<>();
          List<Variant> converted = new ArrayList<>();
          for (int i = 0, n = 20 + rnd.nextInt(40); i < n; i++) {
            Variant row = row(rnd, i / perGroup);
            rows.add(row);
            converted.add(row == null ? null : temporal.convert(row));
          }
          ShreddingPlan plan = ShreddingPlan.parse(PlanGen.pick(rnd, PLANS));
          ShreddingLayout layout =
              rnd.nextInt(4) == 0 ? ShreddingLayout.DRAFT : ShreddingLayout.SPEC;
          Path text = write(rows, plan, layout, perGroup);
          Path times =
              write(converted, ShreddingPlan.parse("{\"t\": timestamp}"), layout, perGroup);
          for (int q = 0; q < 6; q++) {
            VariantPredicate p = predicate(rnd);
            KeptRowGroups keptText = KeptRowGroups.of(text, p);
            KeptRowGroups keptTimes = KeptRowGroups.of(times, p);
            groups.addAndGet(keptText.total());
            skipped.addAndGet(keptText.total() - keptText.ordinals().size());
            for (int i = 0; i < rows.size(); i++) {
              boolean match = p.test(rows.get(i));
              String row = "row " + i + " " + rows.get(i) + " / " + converted.get(i) + " ";
              if (p.literals().stream().allMatch(Literal::isTemporalText)) {
                assertEquals(match, p.test(converted.get(i)), row + p);
              }
              assertTrue(!match || keptText.keeps(i), row + "matches " + p + ", group skipped");
              assertTrue(!match || keptTimes.keeps(i), row + "matches " + p + " (converted)");
            }
            assertEquals(IdRows.kept(keptText, rows.size()), IdRows.read(text, p), p.toString());
          }
        });
    System.out.println(
        "[text times] skipped " + skipped + " of " + groups + " row groups over all predicates");
    assertTrue(skipped.get() > 0, "no row group of text was ever skipped");
  }

  private Path write(List<Variant> rows, ShreddingPlan plan, ShreddingLayout layout, int perGroup)
      throws Exception {
    Path file = Files.createTempFile(tmp, "times", ".parquet");
    IdRows.write(
        VariantParquetWriter.builder(file)
            .overwrite()
            .longColumn("id")
            .variantColumn("e", plan)
            .layout(layout)
            .rowGroupRowLimit(perGroup),
        rows);
    return file;
  }

  /** A row of group {@code g}: {@code {"t": ...}} with a time in the group's hours, mostly. */
  private static Variant row(Random rnd, int g) {
    int kind = rnd.nextInt(20);
    if (kind == 0) {
      return null; // SQL NULL
    }
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    if (kind == 1) {
      b.key("t").appendLong(g);
    } else if (kind > 2) { // kind 2: no "t"
      b.key("t").appendString(timeText(rnd, nanos(rnd, g)));
    }
    return b.endObject().build();
  }

  /** Nanoseconds since the epoch in group {@code g}'s hours, at a random precision. */
  private static long nanos(Random rnd, int g) {
    long seconds = BASE_SECONDS + g * GROUP_SECONDS + rnd.nextInt(3 * 3600);
    long fraction =
        switch (rnd.nextInt(4)) {
          case 0 -> 0;
          case 1 -> rnd.nextInt(1000) * 1_000_000L;
          case 2 -> rnd.nextInt(1_000_000) * 1000L;
          default -> rnd.nextInt(1_000_000_000);
        };
    return seconds * 1_000_000_000L + fraction;
  }

  /**
   * {@code nanos} written in a form a log may hold: as a timestamp or date prints (which {@code
   * --infer-temporal} converts), or not quite (an offset, a space for the {@code T}, one fraction
   * digit, zeros), or text that names no time.
   */
  private static String timeText(Random rnd, long nanos) {
    VariantBuilder b = new VariantBuilder();
    boolean sub = nanos % 1000 != 0;
    switch (rnd.nextInt(10)) {
      case 0 -> b.appendDate(Math.toIntExact(Math.floorDiv(nanos, 86_400_000_000_000L)));
      case 1, 2, 3 -> {
        if (sub) {
          b.appendTimestampNanos(nanos);
        } else {
          b.appendTimestampMicros(nanos / 1000);
        }
      }
      case 4 -> {
        if (sub) {
          b.appendTimestampNtzNanos(nanos);
        } else {
          b.appendTimestampNtzMicros(nanos / 1000);
        }
      }
      case 5, 6, 7 -> {
        return literalText(rnd, nanos); // an offset, a space, any number of digits
      }
      case 8 -> {
        return wall(nanos, ZoneOffset.UTC, "T") + "." + (nanos / 100_000_000 % 10) + "Z";
      }
      default -> {
        return PlanGen.pick(rnd, "k5", "2024", "", "10:00", "2024-03-01T10:00:00.000Z");
      }
    }
    String json = VariantJson.toJson(b.build());
    return json.substring(1, json.length() - 1);
  }

  /** A predicate on {@code $.t} with literals that name times of the file's groups, mostly. */
  private static VariantPredicate predicate(Random rnd) {
    int groups = 12;
    Literal a = literal(rnd, groups);
    return switch (rnd.nextInt(8)) {
      case 0 -> VariantPredicate.eq("e", "$.t", a);
      case 1 -> VariantPredicate.ne("e", "$.t", a);
      case 2 -> VariantPredicate.lt("e", "$.t", a);
      case 3 -> VariantPredicate.le("e", "$.t", a);
      case 4 -> VariantPredicate.gt("e", "$.t", a);
      case 5 -> VariantPredicate.ge("e", "$.t", a);
      case 6 -> VariantPredicate.between("e", "$.t", a, literal(rnd, groups));
      default -> VariantPredicate.in("e", "$.t", List.of(a, literal(rnd, groups)));
    };
  }

  private static Literal literal(Random rnd, int groups) {
    if (rnd.nextInt(12) == 0) {
      return Literal.of(PlanGen.pick(rnd, "k5", "2024", "2024-03-02T1", "zzz"));
    }
    return Literal.of(literalText(rnd, nanos(rnd, rnd.nextInt(groups))));
  }

  /**
   * {@code nanos} as a literal may write it: the date alone, or {@code T} or a space, 0, 3, 6 or 9
   * fraction digits (the rest cut off), and {@code Z}, an offset or no zone.
   */
  private static String literalText(Random rnd, long nanos) {
    ZoneOffset zone = PlanGen.pick(rnd, ZoneOffset.UTC, ZoneOffset.ofHours(2), ZoneOffset.UTC);
    String text = wall(nanos, zone, rnd.nextBoolean() ? "T" : " ");
    int digits = PlanGen.pick(rnd, -1, 0, 3, 6, 9);
    if (digits < 0) {
      return text.substring(0, 10); // the date
    }
    if (digits > 0) {
      String fraction = String.format(Locale.ROOT, "%09d", Math.floorMod(nanos, 1_000_000_000L));
      text += "." + fraction.substring(0, digits);
    }
    return text + PlanGen.pick(rnd, "Z", "", zone.getId());
  }

  /** The wall time of {@code nanos} at {@code zone}, to the second: {@code yyyy-MM-ddTHH:mm:ss}. */
  private static String wall(long nanos, ZoneOffset zone, String separator) {
    LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), 0, zone);
    return String.format(
        Locale.ROOT,
        "%s%s%02d:%02d:%02d",
        t.toLocalDate(),
        separator,
        t.getHour(),
        t.getMinute(),
        t.getSecond());
  }
}
