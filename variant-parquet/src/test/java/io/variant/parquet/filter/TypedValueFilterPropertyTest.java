// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.filter.ColumnDomains.Domain;
import io.variant.parquet.filter.ColumnDomains.Drawn;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.filter2.predicate.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The filter parquet-java's statistics and dictionary filters run on one typed column ({@link
 * TypedValueFilter}), for every kind of column a path can be shredded to and for a residual of
 * short strings ({@link ColumnDomains}), against the row test:
 *
 * <ul>
 *   <li>a value (a dictionary entry) is kept exactly when the row rebuilt from it matches, or when
 *       the filter does not read it (a residual value other than a short string) or no row can
 *       rebuild it (a decimal of no bytes, a short string cut short);
 *   <li>a chunk the filter drops by its min and max holds no value that is kept (soundness);
 *   <li>a chunk it keeps has, between its min and max, a value of the column that matches, where
 *       the literals are values of the column or lie beyond them (no pruning is lost: a literal
 *       such as 2.5 on an integer column is a bound min and max cannot see past);
 *   <li>negated by parquet-java's {@code not}, it drops nothing.
 * </ul>
 *
 * Chunks cluster around one value and literals are drawn from their values and bounds, exactly, one
 * unit off or between two values, so that every comparison meets its boundary.
 */
class TypedValueFilterPropertyTest {
  private static final VariantPredicate.Op[] OPS = {
    VariantPredicate.Op.EQ,
    VariantPredicate.Op.NE,
    VariantPredicate.Op.LT,
    VariantPredicate.Op.LE,
    VariantPredicate.Op.GT,
    VariantPredicate.Op.GE,
    VariantPredicate.Op.BETWEEN,
    VariantPredicate.Op.IN
  };

  @Test
  void keepsWhatTheRowTestMatchesAndDropsOnlyChunksWithoutMatches() {
    AtomicLong dropped = new AtomicLong();
    AtomicLong checkedTight = new AtomicLong();
    Trials.run(
        "typedValueFilterAgreesWithTheRowTest",
        rnd -> {
          Domain domain = ColumnDomains.pick(rnd);
          List<Object> chunk = new ArrayList<>();
          Object center = domain.draw(rnd, null);
          for (int i = 0, n = 1 + rnd.nextInt(8); i < n; i++) {
            chunk.add(domain.draw(rnd, rnd.nextInt(4) == 0 ? null : center));
          }
          @SuppressWarnings("unchecked")
          Comparator<Object> order = (Comparator<Object>) domain.type().comparator();
          Object min = chunk.stream().min(order).orElseThrow();
          Object max = chunk.stream().max(order).orElseThrow();
          for (int q = 0; q < 20; q++) {
            List<Drawn> drawn = new ArrayList<>();
            VariantPredicate p =
                predicate(
                    rnd, domain, List.of(min, max, chunk.get(rnd.nextInt(chunk.size()))), drawn);
            if (p == null) {
              continue; // the column takes no such literal: no filter is built
            }
            TypedValueFilter<?> f = filter(domain, p);
            String what = domain + " " + p + " on chunk " + texts(domain, chunk);
            for (Object v : chunk) {
              boolean matches = !domain.readable(v) || p.test(domain.rebuild(v));
              assertEquals(matches, keep(f, v), what + ": keep(" + v + ")");
            }
            for (Object bad : domain.unreadable()) {
              assertTrue(keep(f, bad), what + ": a value no row can rebuild is kept");
            }
            List<Object> candidates = new ArrayList<>(List.of(min, max));
            boolean exact = true;
            for (Drawn d : drawn) {
              candidates.addAll(d.witnesses());
              exact &= d.representable();
            }
            Statistics<Object> stats = new Statistics<>(min, max, order);
            boolean drop = canDrop(f, stats);
            assertFalse(inverseCanDrop(f, stats), what + ": negated by parquet-java's not");
            if (drop) {
              dropped.incrementAndGet();
              for (Object v : chunk) {
                assertFalse(keep(f, v), what + ": dropped, but " + v + " matches");
              }
              for (Object w : candidates) {
                boolean between = order.compare(min, w) <= 0 && order.compare(w, max) <= 0;
                assertFalse(
                    between && keep(f, w),
                    what + ": dropped, but " + w + " between min and max matches");
              }
              continue;
            }
            if (!exact
                || !domain.fit(min, max)
                || (p.op() == VariantPredicate.Op.BETWEEN
                    && candidates.stream().noneMatch(w -> keep(f, w)))) {
              // a literal between two values; bounds that bound nothing; low above high
              continue;
            }
            checkedTight.incrementAndGet();
            assertTrue(
                candidates.stream()
                    .anyMatch(
                        w ->
                            order.compare(min, w) <= 0 && order.compare(w, max) <= 0 && keep(f, w)),
                what + ": kept, but no value between min and max matches");
          }
        });
    System.out.println(
        "[typed value filter] dropped "
            + dropped
            + " chunks, "
            + checkedTight
            + " kept ones checked");
    assertTrue(dropped.get() > 0 && checkedTight.get() > 0, "the property held vacuously");
  }

  /** A random comparison on {@code $} with literals drawn near the given values; null if none. */
  private static VariantPredicate predicate(
      Random rnd, Domain domain, List<Object> near, List<Drawn> drawn) {
    VariantPredicate.Op op = OPS[rnd.nextInt(OPS.length)];
    int count =
        op == VariantPredicate.Op.BETWEEN
            ? 2
            : op == VariantPredicate.Op.IN ? 1 + rnd.nextInt(3) : 1;
    for (int i = 0; i < count; i++) {
      drawn.add(domain.literal(rnd, PlanGen.pick(rnd, near.toArray())));
    }
    TypedColumn reading = domain.reading();
    if (!drawn.stream().allMatch(d -> reading.takes(d.literal()))) {
      return null;
    }
    if (op == VariantPredicate.Op.BETWEEN
        && !drawn.get(0).literal().sameClass(drawn.get(1).literal())) {
      drawn.remove(1); // between takes bounds of one class
      op = VariantPredicate.Op.EQ;
    }
    return ColumnDomains.comparison(op, drawn.stream().map(Drawn::literal).toList());
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static TypedValueFilter<?> filter(Domain domain, VariantPredicate p) {
    return new TypedValueFilter(domain.reading(), p.op(), p.literals());
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static boolean keep(TypedValueFilter f, Object value) {
    return f.keep((Comparable) value);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static boolean canDrop(TypedValueFilter f, Statistics<Object> stats) {
    return f.canDrop((Statistics) stats);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static boolean inverseCanDrop(TypedValueFilter f, Statistics<Object> stats) {
    return f.inverseCanDrop((Statistics) stats);
  }

  private static List<String> texts(Domain domain, List<Object> chunk) {
    return chunk.stream().map(v -> String.valueOf(domain.rebuild(v))).toList();
  }
}
