// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.infer.Selection;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code get --where} returns for numbers: random numbers written in mixed notations
 * (integers, decimals, exponents, tiny and huge, negative) as NDJSON rows, converted with a plan
 * that types the path (to a random numeric type), one that leaves it in the residual, and an
 * inferred one, in row groups whose magnitudes differ; random clauses ({@code <}, {@code <=},
 * {@code >}, {@code >=}, {@code =}, {@code !=}, {@code between}, {@code in}, {@code is [not] null},
 * nested in {@code and}, {@code or} and {@code not} with parentheses only where precedence needs
 * them, keywords in random case) with literals in any notation, parsed as {@code --where} parses
 * them. The rows read with row-group pruning, the rows read without it, and an oracle computed on
 * the JSON texts are the same. The oracle compares the texts with BigDecimal arithmetic, except for
 * a number the converter stores as a double (one written with an exponent, or of more than 38
 * digits): that compares with the literal rounded to double, as SQL compares a DOUBLE with a
 * DECIMAL. Where both texts have at most 15 significant digits the oracle checks that this is the
 * texts' own order.
 */
class WhereNumbersPropertyTest {
  private static final int TRIALS = Math.max(10, Trials.trials() / 20);
  private static final int CLAUSES = 8;
  private static final String[] TYPES = {
    "int64", "int32", "int8", "decimal(9,2)", "decimal(18,4)", "decimal(38,9)", "double"
  };

  @TempDir Path tmp;

  /**
   * One NDJSON row: its text, the text of the number at $.x (null: not a number), and that number's
   * exact value.
   */
  private record Row(String json, String text, BigDecimal x, boolean isNull) {}

  /**
   * A random clause: its text, how tightly it binds (1 or, 2 and, 3 not, 4 a comparison), and
   * whether it holds for a row.
   */
  private record Clause(String text, int binding, java.util.function.Predicate<Row> holds) {
    /** The text, in parentheses if it binds looser than {@code needed} (or now and then anyway). */
    String inside(int needed, Random rnd) {
      return binding < needed || rnd.nextInt(8) == 0 ? "(" + text + ")" : text;
    }
  }

  @Test
  void prunedAndUnprunedRowsAreTheOraclesRows() {
    AtomicLong groups = new AtomicLong();
    AtomicLong skipped = new AtomicLong();
    AtomicLong matched = new AtomicLong();
    JsonRowParser parser = VariantJson.rowParser();
    Trials.run(
        "whereNumbersMatchTheOracle",
        TRIALS,
        rnd -> {
          int perGroup = 4 + rnd.nextInt(8);
          int groupCount = 2 + rnd.nextInt(5);
          List<Row> rows = new ArrayList<>();
          for (int g = 0; g < groupCount; g++) {
            int magnitude = rnd.nextInt(10) == 0 ? rnd.nextInt(600) - 300 : rnd.nextInt(40) - 12;
            int sign = rnd.nextInt(4) == 0 ? -1 : 1;
            Notation notation = Notation.values()[rnd.nextInt(Notation.values().length)];
            for (int i = 0; i < perGroup; i++) {
              rows.add(row(rnd, rows.size(), sign, magnitude, notation));
            }
          }
          List<Variant> variants = rows.stream().map(r -> parser.parse(r.json())).toList();
          List<ShreddingPlan> plans =
              List.of(
                  ShreddingPlan.parse(
                      "{\"id\": int64, \"x\": " + TYPES[rnd.nextInt(TYPES.length)] + "}"),
                  ShreddingPlan.parse("{\"id\": int64}"),
                  PlanInference.infer(
                          variants,
                          InferenceOptions.defaults()
                              .withSelection(
                                  rnd.nextBoolean() ? Selection.PRESENCE : Selection.COST_MODEL))
                      .plan());
          for (ShreddingPlan plan : plans) {
            Path file = write(variants, plan, perGroup);
            List<Variant> all = read(file, null);
            for (int q = 0; q < CLAUSES; q++) {
              Clause c = clause(rnd, rows, 0);
              String clause = c.text();
              VariantCondition p = WhereClause.parse(clause, "v");
              List<Long> expected = new ArrayList<>();
              for (int i = 0; i < rows.size(); i++) {
                if (c.holds().test(rows.get(i))) {
                  expected.add((long) i);
                }
              }
              String what = clause + " with plan " + plan + " on " + rows;
              List<Variant> kept = read(file, p);
              assertEquals(expected, matches(kept, p), "pruned: " + what);
              assertEquals(expected, matches(all, p), "unpruned: " + what);
              groups.addAndGet(groupCount);
              skipped.addAndGet((rows.size() - kept.size()) / perGroup);
              matched.addAndGet(expected.size());
            }
          }
        });
    System.out.printf(
        Locale.ROOT,
        "[where numbers] %d rows matched; %d of %d row groups skipped%n",
        matched.get(),
        skipped.get(),
        groups.get());
    assertTrue(skipped.get() > 0, "no row group was ever skipped");
    assertTrue(matched.get() > 0, "no row ever matched");
  }

  /**
   * How a row group's numbers are written: mixed, or all in one notation, so that some groups fit a
   * typed column whole (then pruning can skip them).
   */
  private enum Notation {
    MIXED,
    EXPONENT,
    INTEGER,
    SHORT_DECIMAL
  }

  /** A row {"id": id, "x": ...}: mostly a number around sign * 10^magnitude, now and then not. */
  private static Row row(Random rnd, int id, int sign, int magnitude, Notation notation) {
    int kind = notation == Notation.MIXED ? rnd.nextInt(20) : 2 + rnd.nextInt(40);
    if (kind == 0) {
      return new Row("{\"id\": " + id + "}", null, null, true); // missing
    }
    if (kind == 1) {
      String other = pick(rnd, "null", "true", "\"5\"", "{\"y\": 1}");
      return new Row(
          "{\"id\": " + id + ", \"x\": " + other + "}", null, null, other.equals("null"));
    }
    String text =
        switch (notation) {
          case MIXED -> NumberText.random(rnd, sign, magnitude);
          case EXPONENT -> NumberText.exponent(rnd, sign, magnitude);
          case INTEGER ->
              Long.toString(
                  sign * (long) Math.pow(10, Math.floorMod(magnitude, 18)) + rnd.nextInt(1000));
          case SHORT_DECIMAL ->
              BigDecimal.valueOf(sign * (rnd.nextInt(1_000_000) + 1), 2).toPlainString();
        };
    return new Row("{\"id\": " + id + ", \"x\": " + text + "}", text, new BigDecimal(text), false);
  }

  /**
   * A clause on $.x whose literals are often numbers of the rows, written another way: a
   * comparison, or now and then and/or/not of clauses, at most three levels deep.
   */
  private static Clause clause(Random rnd, List<Row> rows, int depth) {
    switch (depth >= 3 ? 0 : rnd.nextInt(7)) {
      case 1, 2 -> {
        boolean and = rnd.nextBoolean();
        int binding = and ? 2 : 1;
        Clause l = clause(rnd, rows, depth + 1);
        Clause r = clause(rnd, rows, depth + 1);
        String word = keyword(rnd, and ? "and" : "or");
        // the right side binds tighter, so that the text parses to this tree
        return new Clause(
            l.inside(binding, rnd) + " " + word + " " + r.inside(binding + 1, rnd),
            binding,
            and
                ? row -> l.holds().test(row) && r.holds().test(row)
                : row -> l.holds().test(row) || r.holds().test(row));
      }
      case 3 -> {
        Clause c = clause(rnd, rows, depth + 1);
        return new Clause(
            keyword(rnd, "not") + " " + c.inside(3, rnd), 3, row -> !c.holds().test(row));
      }
      default -> {
        return comparison(rnd, rows);
      }
    }
  }

  private static Clause comparison(Random rnd, List<Row> rows) {
    String a = literal(rnd, rows);
    String op = pick(rnd, "<", "<=", ">", ">=", "=", "!=", "<>", "between", "in", "is");
    switch (op) {
      case "between" -> {
        String b = literal(rnd, rows);
        return new Clause(
            "$.x " + keyword(rnd, "between") + " " + a + " " + keyword(rnd, "and") + " " + b,
            4,
            row ->
                row.text() != null
                    && Oracle.compare(row.text(), a) >= 0
                    && Oracle.compare(row.text(), b) <= 0);
      }
      case "in" -> {
        List<String> set = new ArrayList<>(List.of(a));
        for (int n = rnd.nextInt(4); n > 0; n--) {
          set.add(literal(rnd, rows));
        }
        return new Clause(
            "$.x " + keyword(rnd, "in") + " (" + String.join(", ", set) + ")",
            4,
            row ->
                row.text() != null
                    && set.stream().anyMatch(l -> Oracle.compare(row.text(), l) == 0));
      }
      case "is" -> {
        boolean not = rnd.nextBoolean();
        return new Clause("$.x is " + (not ? "not " : "") + "null", 4, row -> row.isNull() != not);
      }
      default -> {
        return new Clause(
            "$.x " + op + " " + a,
            4,
            row -> row.text() != null && Oracle.holds(op, Oracle.compare(row.text(), a)));
      }
    }
  }

  /** The keyword in lower or upper case. */
  private static String keyword(Random rnd, String word) {
    return rnd.nextInt(4) == 0 ? word.toUpperCase(Locale.ROOT) : word;
  }

  private static String literal(Random rnd, List<Row> rows) {
    Row row = rows.get(rnd.nextInt(rows.size()));
    if (row.x() == null || rnd.nextInt(4) == 0) {
      return NumberText.random(rnd, rnd.nextBoolean() ? 1 : -1, rnd.nextInt(60) - 25);
    }
    BigDecimal x = row.x();
    if (rnd.nextInt(4) == 0) { // a hair off the value
      x =
          x.add(
              BigDecimal.ONE
                  .movePointLeft(30 + rnd.nextInt(10))
                  .multiply(BigDecimal.valueOf(rnd.nextInt(3) - 1)));
    }
    return NumberText.of(rnd, x);
  }

  /** The expected answer, from the texts alone. */
  private static final class Oracle {
    private static final int MAX_DECIMAL_DIGITS = 38;
    private static final int DOUBLE_DIGITS = 15;

    /** Whether a number whose sign of value - literal is {@code c} matches {@code op}. */
    static boolean holds(String op, int c) {
      return switch (op) {
        case "<" -> c < 0;
        case "<=" -> c <= 0;
        case ">" -> c > 0;
        case ">=" -> c >= 0;
        case "=" -> c == 0;
        default -> c != 0; // != and <>
      };
    }

    /** The sign of value - literal, as the row test must answer it. */
    static int compare(String value, String literal) {
      BigDecimal v = new BigDecimal(value);
      BigDecimal l = new BigDecimal(literal);
      int exact = Integer.signum(v.compareTo(l));
      if (!storedAsDouble(value)) {
        return exact;
      }
      int asDoubles = Double.compare(v.doubleValue() + 0.0, l.doubleValue() + 0.0); // -0.0 == 0
      if (significantDigits(v) <= DOUBLE_DIGITS && significantDigits(l) <= DOUBLE_DIGITS) {
        assertEquals(exact, asDoubles, value + " vs " + literal + ": doubles keep 15 digits");
      }
      return asDoubles;
    }

    /**
     * VariantJson stores a number with an exponent, or of more digits than a decimal16, as a
     * double.
     */
    private static boolean storedAsDouble(String json) {
      BigDecimal exact = new BigDecimal(json);
      return json.indexOf('e') >= 0
          || json.indexOf('E') >= 0
          || Math.max(exact.precision(), exact.scale()) > MAX_DECIMAL_DIGITS;
    }

    private static int significantDigits(BigDecimal x) {
      return x.signum() == 0 ? 1 : x.stripTrailingZeros().precision();
    }
  }

  private static String pick(Random rnd, String... options) {
    return options[rnd.nextInt(options.length)];
  }

  private Path write(List<Variant> variants, ShreddingPlan plan, int perGroup) throws IOException {
    Path file = Files.createTempFile(tmp, "where", ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .variantColumn("v", plan)
            .rowGroupRowLimit(perGroup)
            .build()) {
      for (Variant v : variants) {
        w.write(VariantRecord.builder().set("v", v).build());
      }
    }
    return file;
  }

  /** The rows of the file, or with a predicate those of the row groups pruning keeps. */
  private static List<Variant> read(Path file, VariantCondition filter) throws IOException {
    VariantParquetReader.Builder b = VariantParquetReader.builder(file);
    if (filter != null) {
      b.filter(filter);
    }
    List<Variant> rows = new ArrayList<>();
    try (VariantParquetReader reader = b.build()) {
      for (VariantRecord r : reader) {
        rows.add(r.variant("v"));
      }
    }
    return rows;
  }

  /** The ids of the rows that match, as {@code get --where} tests them. */
  private static List<Long> matches(List<Variant> rows, VariantCondition p) {
    return rows.stream().filter(v -> p.test(v)).map(v -> v.field("id").longValue()).toList();
  }
}
