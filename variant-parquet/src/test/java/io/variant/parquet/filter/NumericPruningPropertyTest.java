// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.parquet.filter.VariantPredicate.Op;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Trials;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A skip never disagrees with the row test, for numbers: a path typed as any numeric column type
 * (int8 to int64, decimals of several precisions and scales, float, double) holds values of every
 * numeric Variant type (in the typed column where they fit, else in the residual), NaN, infinities
 * and both zeros included; group by group the values cluster around other magnitudes, and some
 * groups hold only values of the column's own type, so that statistics and dictionaries can skip
 * them. Random conditions: {@code =}, {@code !=}, {@code <}, {@code <=}, {@code >}, {@code >=},
 * {@code between}, {@code in} and {@code is null} with long, decimal and double literals, nested in
 * {@code and}, {@code or} and {@code not}: the row test agrees with an oracle on exact values, no
 * row of a skipped row group passes the row test, and the reader's filter returns exactly the kept
 * row groups' rows.
 */
class NumericPruningPropertyTest {
  private static final int TRIALS = Math.max(10, Trials.trials() / 20);
  private static final String[] COLUMN_TYPES = {
    "int8",
    "int16",
    "int32",
    "int64",
    "decimal(9,2)",
    "decimal(18,0)",
    "decimal(18,9)",
    "decimal(38,4)",
    "float",
    "double"
  };
  private static final VariantType[] NUMERIC =
      Arrays.stream(VariantType.values())
          .filter(
              t ->
                  t.isInteger()
                      || t.isDecimal()
                      || t == VariantType.FLOAT
                      || t == VariantType.DOUBLE)
          .toArray(VariantType[]::new);

  @TempDir Path tmp;

  @Test
  void skippedRowGroupsHoldNoMatchingRow() {
    AtomicLong groups = new AtomicLong();
    AtomicLong skipped = new AtomicLong();
    AtomicLong skippedByNewForms = new AtomicLong();
    Trials.run(
        "numericPruningAgreesWithTheRowTest",
        TRIALS,
        rnd -> {
          String columnType = COLUMN_TYPES[rnd.nextInt(COLUMN_TYPES.length)];
          VariantType own = ownType(columnType);
          int perGroup = 3 + rnd.nextInt(6);
          List<Variant> rows = new ArrayList<>();
          for (int g = 0, n = 2 + rnd.nextInt(5); g < n; g++) {
            BigDecimal center = magnitude(rnd);
            boolean clean = rnd.nextBoolean();
            for (int i = 0; i < perGroup; i++) {
              rows.add(
                  clean && own == VariantType.DECIMAL16
                      ? decimalRow(rnd, columnType, center)
                      : row(rnd, clean ? own : NUMERIC[rnd.nextInt(NUMERIC.length)], center));
            }
          }
          Path file = Files.createTempFile(tmp, "numbers", ".parquet");
          IdRows.write(
              VariantParquetWriter.builder(file)
                  .overwrite()
                  .longColumn("id")
                  .variantColumn("e", ShreddingPlan.parse("{\"x\": " + columnType + "}"))
                  .widening(rnd.nextBoolean() ? NumericWidening.LOSSLESS : NumericWidening.STRICT)
                  .rowGroupRowLimit(perGroup),
              rows);
          for (int q = 0; q < 6; q++) {
            VariantCondition p = condition(rnd, rows, 0);
            KeptRowGroups kept = KeptRowGroups.of(file, p);
            groups.addAndGet(kept.total());
            skipped.addAndGet(kept.total() - kept.ordinals().size());
            if (!(p instanceof VariantPredicate leaf) || leaf.op().compareTo(Op.NE) >= 0) {
              skippedByNewForms.addAndGet(kept.total() - kept.ordinals().size());
            }
            for (int i = 0; i < rows.size(); i++) {
              Variant x = rows.get(i).field("x");
              boolean hit = p.test(rows.get(i));
              assertEquals(ExactOracle.holds(p, x), hit, p + " on " + x);
              assertTrue(
                  !hit || kept.keeps(i), p + " matches row " + i + " " + x + " but skips it");
            }
            assertEquals(IdRows.kept(kept, rows.size()), IdRows.read(file, p), p.toString());
          }
        });
    System.out.println(
        "[numeric pruning] skipped "
            + skipped
            + " of "
            + groups
            + " row groups, "
            + skippedByNewForms
            + " by and/or/not, !=, <=, >= or in");
    assertTrue(skipped.get() > 0, "no row group was ever skipped");
    assertTrue(skippedByNewForms.get() > 0, "and/or/not, !=, <=, >= and in never skipped");
  }

  private static VariantType ownType(String columnType) {
    return switch (columnType) {
      case "int8" -> VariantType.INT8;
      case "int16" -> VariantType.INT16;
      case "int32" -> VariantType.INT32;
      case "int64" -> VariantType.INT64;
      case "float" -> VariantType.FLOAT;
      case "double" -> VariantType.DOUBLE;
      default -> VariantType.DECIMAL16;
    };
  }

  /** A power of ten between 1e-12 and 1e20, signed; now and then zero. */
  private static BigDecimal magnitude(Random rnd) {
    if (rnd.nextInt(8) == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal m = BigDecimal.ONE.scaleByPowerOfTen(rnd.nextInt(33) - 12);
    return rnd.nextInt(3) == 0 ? m.negate() : m;
  }

  /** Center give or take a few halves, tenths and hundredths of its size (so values repeat). */
  private static BigDecimal near(Random rnd, BigDecimal center) {
    BigDecimal spread = center.abs().max(BigDecimal.ONE);
    return center.add(spread.multiply(BigDecimal.valueOf(rnd.nextInt(5) - 2, rnd.nextInt(3))));
  }

  /** {"x": a decimal near center that a decimal(p,s) column holds}, p and s from columnType. */
  private static Variant decimalRow(Random rnd, String columnType, BigDecimal center) {
    String[] ps = columnType.replaceAll("[^0-9,]", "").split(",");
    int precision = Integer.parseInt(ps[0]);
    int scale = Integer.parseInt(ps[1]);
    BigDecimal largest = BigDecimal.ONE.movePointRight(precision - scale).subtract(BigDecimal.ONE);
    BigDecimal v = near(rnd, center).setScale(scale, RoundingMode.HALF_UP);
    v = v.min(largest).max(largest.negate()).setScale(rnd.nextInt(scale + 1), RoundingMode.DOWN);
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("x").appendDecimal(v).endObject();
    return b.build();
  }

  /** {"x": a number of type t near center} (or a special value), as close as t allows. */
  private static Variant row(Random rnd, VariantType t, BigDecimal center) {
    BigDecimal v = near(rnd, center);
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("x");
    switch (t) {
      case INT8, INT16, INT32, INT64 -> {
        long bits = 8L << (t.ordinal() - VariantType.INT8.ordinal());
        long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
        BigDecimal clamped = v.max(BigDecimal.valueOf(-max - 1)).min(BigDecimal.valueOf(max));
        b.appendInteger(t, clamped.setScale(0, RoundingMode.HALF_UP).longValue());
      }
      case DECIMAL4, DECIMAL8, DECIMAL16 -> {
        int digits = t == VariantType.DECIMAL4 ? 9 : t == VariantType.DECIMAL8 ? 18 : 38;
        BigDecimal d = v.round(new MathContext(1 + rnd.nextInt(digits)));
        if (d.scale() < 0) {
          d = d.setScale(0);
        }
        if (d.precision() > digits || d.scale() > digits) {
          d = BigDecimal.valueOf(rnd.nextInt(1000), rnd.nextInt(4));
        }
        b.appendDecimal(t, d);
      }
      case FLOAT -> b.appendFloat(rnd.nextInt(12) == 0 ? specialFloat(rnd) : v.floatValue());
      default -> b.appendDouble(rnd.nextInt(12) == 0 ? specialDouble(rnd) : v.doubleValue());
    }
    b.endObject();
    return b.build();
  }

  private static float specialFloat(Random rnd) {
    float[] specials = {
      Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f, Float.MIN_VALUE
    };
    return specials[rnd.nextInt(specials.length)];
  }

  private static double specialDouble(Random rnd) {
    double[] specials = {
      Double.NaN,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      -0.0,
      0.0,
      Double.MIN_VALUE,
      Double.MAX_VALUE,
      0.1
    };
    return specials[rnd.nextInt(specials.length)];
  }

  /** A predicate, or now and then and/or/not of conditions, at most three levels deep. */
  private static VariantCondition condition(Random rnd, List<Variant> rows, int depth) {
    return switch (depth >= 3 ? 0 : rnd.nextInt(6)) {
      case 1 ->
          VariantCondition.and(condition(rnd, rows, depth + 1), condition(rnd, rows, depth + 1));
      case 2 ->
          VariantCondition.or(condition(rnd, rows, depth + 1), condition(rnd, rows, depth + 1));
      case 3 -> VariantCondition.not(condition(rnd, rows, depth + 1));
      default -> predicate(rnd, rows);
    };
  }

  private static VariantPredicate predicate(Random rnd, List<Variant> rows) {
    Literal a = literal(rnd, rows);
    return switch (rnd.nextInt(9)) {
      case 0 -> VariantPredicate.eq("e", "$.x", a);
      case 1 -> VariantPredicate.lt("e", "$.x", a);
      case 2 -> VariantPredicate.gt("e", "$.x", a);
      case 3 -> VariantPredicate.ne("e", "$.x", a);
      case 4 -> VariantPredicate.le("e", "$.x", a);
      case 5 -> VariantPredicate.ge("e", "$.x", a);
      case 6 -> {
        List<Literal> set = new ArrayList<>(List.of(a));
        for (int n = rnd.nextInt(4); n > 0; n--) {
          set.add(literal(rnd, rows));
        }
        yield VariantPredicate.in("e", "$.x", set);
      }
      case 7 ->
          rnd.nextInt(4) == 0
              ? VariantPredicate.isNull("e", "$.x")
              : VariantPredicate.eq("e", "$.x", a);
      default -> VariantPredicate.between("e", "$.x", a, literal(rnd, rows));
    };
  }

  /** A literal of any kind, often a row's value (exactly, as a double, or a hair off). */
  private static Literal literal(Random rnd, List<Variant> rows) {
    BigDecimal exact = ExactOracle.exact(rows.get(rnd.nextInt(rows.size())).field("x"));
    if (exact == null || rnd.nextInt(5) == 0) {
      return switch (rnd.nextInt(5)) {
        case 0 -> Literal.of(rnd.nextLong() >> rnd.nextInt(64));
        case 1 -> Literal.of(new BigDecimal("1e" + (rnd.nextInt(900) - 450)));
        case 2 -> Literal.of(specialDouble(rnd));
        case 3 -> Literal.of(magnitude(rnd));
        default -> Literal.of(new BigDecimal("-123456789012345678901234567890.5"));
      };
    }
    return switch (rnd.nextInt(5)) {
      case 0 -> Literal.of(exact);
      case 1 -> Literal.of(exact.doubleValue());
      case 2 -> Literal.of(exact.add(BigDecimal.ONE.movePointLeft(40 + rnd.nextInt(400))));
      case 3 -> Literal.of(exact.subtract(BigDecimal.ONE.movePointLeft(40 + rnd.nextInt(400))));
      default ->
          exact.scale() <= 0 && exact.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) < 0
              ? Literal.of(exact.longValue())
              : Literal.of(exact.stripTrailingZeros());
    };
  }
}
