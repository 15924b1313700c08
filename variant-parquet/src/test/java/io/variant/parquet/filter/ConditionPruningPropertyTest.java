// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code and}, {@code or} and {@code not} skip the row groups their predicates prove empty, no more
 * and no fewer than two-valued logic allows: with {@code not} pushed down to the predicates (where
 * it proves nothing), a conjunction skips every row group either side skips (parquet-java's
 * statistics and dictionary filters each drop {@code and} where either side drops), and a
 * disjunction only row groups both sides skip. Each predicate's skips are measured alone on the
 * same file; predicates on a path that is not shredded skip nothing. No row group skipped holds a
 * row that matches.
 */
class ConditionPruningPropertyTest {
  private static final int TRIALS = Math.max(10, Trials.trials() / 20);
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"x\": int64, \"s\": string}");

  @TempDir Path tmp;

  @Test
  void conditionsSkipWhatTheirPredicatesProve() {
    AtomicLong skipped = new AtomicLong();
    Trials.run(
        "conditionsSkipWhatTheirPredicatesProve",
        TRIALS,
        rnd -> {
          int perGroup = 3 + rnd.nextInt(4);
          int groups = 3 + rnd.nextInt(4);
          List<Variant> rows = new ArrayList<>();
          for (int i = 0; i < perGroup * groups; i++) {
            rows.add(row(rnd, i / perGroup));
          }
          Path file = Files.createTempFile(tmp, "conditions", ".parquet");
          IdRows.write(
              VariantParquetWriter.builder(file)
                  .overwrite()
                  .longColumn("id")
                  .variantColumn("e", PLAN)
                  .rowGroupRowLimit(perGroup),
              rows);
          Map<String, Set<Integer>> alone = new HashMap<>();
          for (int q = 0; q < 8; q++) {
            VariantCondition c = condition(rnd, groups, 0);
            KeptRowGroups kept = KeptRowGroups.of(file, c);
            Set<Integer> skips = skipped(kept);
            skipped.addAndGet(skips.size());
            Set<Integer> lower = bound(c, false, true, file, alone);
            Set<Integer> upper = bound(c, false, false, file, alone);
            assertTrue(
                skips.containsAll(lower), c + " skips " + skips + ", its predicates " + lower);
            assertTrue(upper.containsAll(skips), c + " skips " + skips + ", at most " + upper);
            for (int i = 0; i < rows.size(); i++) {
              Variant row = rows.get(i);
              assertFalse(c.test(row) && !kept.keeps(i), c + " matches row " + i + " " + row);
            }
          }
        });
    assertTrue(skipped.get() > 0, "no row group was ever skipped");
  }

  /**
   * The row groups {@code c} (negated if {@code negated}) must skip ({@code lower}) or may skip at
   * most: a predicate its own skips, negated none; a conjunction the union of its sides', a
   * disjunction (which parquet-java may decide side by side with statistics and dictionaries) none
   * at least and the intersection at most.
   */
  private static Set<Integer> bound(
      VariantCondition c,
      boolean negated,
      boolean lower,
      Path file,
      Map<String, Set<Integer>> alone)
      throws IOException {
    if (c instanceof VariantPredicate p) {
      if (negated) {
        return new TreeSet<>();
      }
      Set<Integer> s = alone.get(p.toString());
      if (s == null) {
        s = skipped(KeptRowGroups.of(file, p));
        alone.put(p.toString(), s);
      }
      return new TreeSet<>(s);
    }
    if (c instanceof VariantCondition.Not n) {
      return bound(n.condition(), !negated, lower, file, alone);
    }
    boolean and = c instanceof VariantCondition.And;
    VariantCondition left =
        and ? ((VariantCondition.And) c).left() : ((VariantCondition.Or) c).left();
    VariantCondition right =
        and ? ((VariantCondition.And) c).right() : ((VariantCondition.Or) c).right();
    Set<Integer> l = bound(left, negated, lower, file, alone);
    Set<Integer> r = bound(right, negated, lower, file, alone);
    if (and != negated) { // not (a or b) = not a and not b
      l.addAll(r);
      return l;
    }
    if (lower) {
      return new TreeSet<>();
    }
    l.retainAll(r);
    return l;
  }

  private static Set<Integer> skipped(KeptRowGroups kept) {
    Set<Integer> s = new TreeSet<>();
    for (int g = 0; g < kept.total(); g++) {
      s.add(g);
    }
    s.removeAll(kept.ordinals());
    return s;
  }

  /** {"x": g * 10 + 0..9, "s": "k" + g, "y": g}, now and then without x. */
  private static Variant row(Random rnd, int g) {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    if (rnd.nextInt(12) != 0) {
      b.key("x").appendLong(g * 10L + rnd.nextInt(10));
    }
    b.key("s").appendString("k" + g);
    b.key("y").appendLong(g);
    return b.endObject().build();
  }

  /** A predicate, or and/or/not of conditions, at most three levels deep. */
  private static VariantCondition condition(Random rnd, int groups, int depth) {
    return switch (depth >= 3 ? 0 : rnd.nextInt(6)) {
      case 1 ->
          VariantCondition.and(
              condition(rnd, groups, depth + 1), condition(rnd, groups, depth + 1));
      case 2 ->
          VariantCondition.or(condition(rnd, groups, depth + 1), condition(rnd, groups, depth + 1));
      case 3 -> VariantCondition.not(condition(rnd, groups, depth + 1));
      default -> predicate(rnd, groups);
    };
  }

  /** On x (shredded), s (shredded) or y (not shredded: no filter), near the groups' values. */
  private static VariantPredicate predicate(Random rnd, int groups) {
    Literal x = Literal.of(rnd.nextInt(groups * 10 + 10) - 5L);
    Literal s = Literal.of("k" + rnd.nextInt(groups + 1));
    return switch (rnd.nextInt(9)) {
      case 0 -> VariantPredicate.eq("e", "$.x", x);
      case 1 -> VariantPredicate.lt("e", "$.x", x);
      case 2 -> VariantPredicate.ge("e", "$.x", x);
      case 3 ->
          VariantPredicate.between(
              "e", "$.x", x, Literal.of(x.exactValue().longValue() + rnd.nextInt(15)));
      case 4 -> VariantPredicate.in("e", "$.x", List.of(x, Literal.of(rnd.nextInt(groups * 10))));
      case 5 -> VariantPredicate.eq("e", "$.s", s);
      case 6 -> VariantPredicate.gt("e", "$.s", s);
      case 7 -> VariantPredicate.isNull("e", "$.x");
      default -> VariantPredicate.eq("e", PlanGen.pick(rnd, "$.y", "$.x"), x);
    };
  }
}
