// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pruning never drops a row that matches: files of several row groups whose values drift from group
 * to group (so min/max ranges differ) and are now and then dirty (a value of another type, a
 * non-object row, a missing field, a Variant null, an SQL NULL), random predicates of every
 * operator and literal class (also mismatched ones) on shredded and unshredded paths; every row for
 * which {@link VariantPredicate#test} is true lies in a row group that parquet-java keeps, and
 * {@link VariantParquetReader} with that filter returns exactly the rows of the kept row groups.
 * Over all trials some row groups must be skipped, or the property would hold vacuously.
 */
class PruningPropertyTest {
  private static final int TRIALS = Math.max(30, Trials.trials() / 10);
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse(
          "{\"a\": int32, \"s\": string, \"d\": double, \"p\": decimal(9,2), \"day\": date, \"ok\": boolean, \"o\": {\"x\": int64}, \"ts\": timestamp, \"tn\": timestamp_ntz_nanos}");
  private static final String[] PATHS = {
    "$.a", "$.s", "$.d", "$.p", "$.day", "$.ok", "$.o.x", "$.o", "$.zzz", "$", "$.ts", "$.tn"
  };
  private static final String[] KEYS = {"a", "s", "d", "p", "day", "ok", "o", "ts", "tn"};

  /** Microseconds of 2024-03-01T00:00:00Z; group g's times lie in its own hour after it. */
  private static final long BASE_MICROS = 1_709_251_200_000_000L;

  private static final long HOUR_MICROS = 3_600_000_000L;

  @TempDir Path tmp;

  @Test
  void keptRowGroupsHoldEveryMatchingRow() {
    AtomicLong groups = new AtomicLong();
    AtomicLong skipped = new AtomicLong();
    Trials.run(
        "pruningKeepsEveryMatch",
        TRIALS,
        rnd -> {
          int perGroup = 3 + rnd.nextInt(6);
          List<Variant> rows = new ArrayList<>();
          for (int i = 0, n = 20 + rnd.nextInt(40); i < n; i++) {
            rows.add(row(rnd, i / perGroup, rnd.nextInt(4) == 0));
          }
          Path file = Files.createTempFile(tmp, "prune", ".parquet");
          IdRows.write(
              VariantParquetWriter.builder(file)
                  .overwrite()
                  .longColumn("id")
                  .variantColumn("e", PLAN)
                  .layout(rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT)
                  .widening(NumericWidening.values()[rnd.nextInt(NumericWidening.values().length)])
                  .rowGroupRowLimit(perGroup),
              rows);
          for (int q = 0; q < 5; q++) {
            VariantPredicate p = predicate(rnd, rows);
            KeptRowGroups kept = KeptRowGroups.of(file, p);
            groups.addAndGet(kept.total());
            skipped.addAndGet(kept.total() - kept.ordinals().size());
            for (int i = 0; i < rows.size(); i++) {
              if (p.test(rows.get(i))) {
                assertTrue(
                    kept.keeps(i),
                    "row "
                        + i
                        + " "
                        + rows.get(i)
                        + " matches "
                        + p
                        + " but its row group was skipped");
              }
            }
            // The reader's filter option returns exactly the rows of the kept row groups, in order.
            assertEquals(IdRows.kept(kept, rows.size()), IdRows.read(file, p), p.toString());
          }
        });
    System.out.println(
        "[pruning] skipped " + skipped + " of " + groups + " row groups over all predicates");
    assertTrue(skipped.get() > 0, "no row group was ever skipped");
  }

  /** An object of the plan's fields around group {@code g}'s values; dirty rows break one thing. */
  private static Variant row(Random rnd, int g, boolean dirty) {
    int kind = dirty ? rnd.nextInt(6) : -1;
    if (kind == 0) {
      return null; // SQL NULL
    }
    if (kind == 1) {
      return Gen.variant(
          rnd, Gen.Config.defaults().withMaxDepth(1).withAllowLarge(false)); // maybe not an object
    }
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    String broken = PlanGen.pick(rnd, KEYS);
    boolean extra = rnd.nextInt(10) == 0; // an unshredded key: the row gets a top-level residual
    List<String> keys = new ArrayList<>(List.of(KEYS));
    if (extra) {
      keys.add("zzz");
    }
    for (String key : keys) {
      if (kind >= 2 && key.equals(broken)) {
        switch (kind) {
          case 2 -> {} // missing
          case 3 -> b.key(key).appendNull(); // Variant null
          case 4 -> b.key(key).appendString(Integer.toString(g * 10)); // another type, same digits
          default ->
              b.key(key)
                  .appendDecimal(
                      new BigDecimal(g + ".5")); // a number the typed column may not hold
        }
        continue;
      }
      b.key(key);
      switch (key) {
        case "a" -> b.appendLong(g * 10L + rnd.nextInt(10));
        case "s" -> b.appendString("k" + (char) ('a' + g % 26) + rnd.nextInt(10));
        case "d" -> b.appendDouble(rnd.nextInt(20) == 0 ? -0.0 : g + rnd.nextDouble());
        case "p" -> b.appendDecimal(BigDecimal.valueOf(g * 100L + rnd.nextInt(100), 2));
        case "day" -> b.appendDate(g * 7 + rnd.nextInt(7));
        case "ok" -> b.appendBoolean(g % 2 == 0);
        case "o" -> b.startObject().key("x").appendLong(-g * 3L - rnd.nextInt(3)).endObject();
        case "ts" -> b.appendTimestampMicros(time(rnd, g));
        case "tn" -> b.appendTimestampNtzNanos(time(rnd, g) * 1000 + rnd.nextInt(2));
        default -> b.appendLong(g);
      }
    }
    b.endObject();
    return b.build();
  }

  /** A random predicate; its literal is often taken from a row so that some rows match. */
  private static VariantPredicate predicate(Random rnd, List<Variant> rows) {
    String path = PlanGen.pick(rnd, PATHS);
    if (rnd.nextInt(6) == 0) {
      return VariantPredicate.isNull("e", path);
    }
    Literal a = literal(rnd, rows, path);
    return switch (rnd.nextInt(4)) {
      case 0 -> VariantPredicate.eq("e", path, a);
      case 1 -> VariantPredicate.lt("e", path, a);
      case 2 -> VariantPredicate.gt("e", path, a);
      default -> {
        Literal b = literal(rnd, rows, path);
        yield a.sameClass(b)
            ? VariantPredicate.between("e", path, a, b)
            : VariantPredicate.eq("e", path, b);
      }
    };
  }

  private static Literal literal(Random rnd, List<Variant> rows, String path) {
    Variant row = rows.get(rnd.nextInt(rows.size()));
    Variant v =
        row == null || rnd.nextInt(5) == 0
            ? null
            : io.variant.core.path.VariantPath.parse(path).extract(row);
    if (v != null) {
      switch (v.type()) {
        case INT8, INT16, INT32, INT64 -> {
          return rnd.nextBoolean()
              ? Literal.of(v.longValue())
              : Literal.of(BigDecimal.valueOf(v.longValue()).setScale(2));
        }
        case DECIMAL4, DECIMAL8, DECIMAL16 -> {
          return Literal.of(v.decimalValue());
        }
        case DOUBLE -> {
          return Literal.of(v.doubleValue());
        }
        case STRING -> {
          return Literal.of(v.stringValue());
        }
        case DATE -> {
          return rnd.nextBoolean()
              ? Literal.of(v.dateValue())
              : Literal.of(v.dateValue().toString()); // the date as text
        }
        case TIMESTAMP_MICROS, TIMESTAMP_NTZ_NANOS -> {
          long micros =
              v.type() == VariantType.TIMESTAMP_MICROS
                  ? v.temporalValue()
                  : Math.floorDiv(v.temporalValue(), 1000L);
          return Literal.of(timeText(rnd, micros));
        }
        case BOOLEAN_TRUE, BOOLEAN_FALSE -> {
          return Literal.of(v.booleanValue());
        }
        default -> {} // fall through to a random literal
      }
    }
    return switch (rnd.nextInt(7)) {
      case 0 -> Literal.of(rnd.nextInt(200) - 50L);
      case 1 -> Literal.of(BigDecimal.valueOf(rnd.nextInt(2000) - 500, rnd.nextInt(3)));
      case 2 -> Literal.of(PlanGen.pick(rnd, 0.0, -0.0, 1.5, Double.NaN, rnd.nextDouble() * 20));
      case 3 -> Literal.of("k" + (char) ('a' + rnd.nextInt(26)) + rnd.nextInt(10));
      case 4 -> Literal.of(LocalDate.ofEpochDay(rnd.nextInt(100)));
      case 5 -> Literal.of(rnd.nextBoolean());
      default ->
          rnd.nextBoolean()
              ? Literal.of(Integer.toString(rnd.nextInt(100)))
              : Literal.of(timeText(rnd, time(rnd, rnd.nextInt(12))));
    };
  }

  /** A time in group {@code g}'s hour. */
  private static long time(Random rnd, int g) {
    return BASE_MICROS + g * HOUR_MICROS + (long) rnd.nextInt(3_600_000) * 1000;
  }

  /**
   * {@code micros} as text in one of the forms a literal takes: a zone or none, {@code T} or a
   * space, the fraction or none (so the text may name a time before it), or the date alone.
   */
  private static String timeText(Random rnd, long micros) {
    java.time.Instant at = java.time.Instant.ofEpochSecond(0, micros * 1000);
    int form = rnd.nextInt(5);
    if (form == 0) {
      return java.time.LocalDate.ofInstant(at, java.time.ZoneOffset.UTC).toString();
    }
    java.time.ZoneOffset zone =
        form == 1 ? java.time.ZoneOffset.ofHours(rnd.nextInt(5) - 2) : java.time.ZoneOffset.UTC;
    String text = java.time.OffsetDateTime.ofInstant(at, zone).toString();
    if (form == 2) {
      text = text.replace('T', ' ');
    }
    if (form == 3) {
      text = text.substring(0, 19) + "Z"; // whole seconds
    }
    return text;
  }
}
