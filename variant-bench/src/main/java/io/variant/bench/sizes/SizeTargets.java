// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.sizes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The targets {@code bench/SIZES.md} states, checked on the rows of a size table: the lines that
 * close {@link SizeTable}'s table. A target is met, missed, or not checked where its numbers are
 * missing (DuckDB failed or is not on the class path); the first line says which, so a table never
 * claims a target it did not check.
 *
 * <ul>
 *   <li>On every corpus of {@value #MIN_ROWS} rows or more: ours no larger than unshredded, and no
 *       larger than DuckDB's file where DuckDB wrote one.
 *   <li>Corpora whose every row is an array of scalars: ours at most 1.00 of the JSON column.
 *   <li>A corpus whose name holds {@code -base} is the rows of the corpus named without it less
 *       their non-object rows ({@code nonobject-base-20k} of {@code nonobject-20k}): per JSON byte,
 *       the mix at most {@value #NON_OBJECT_BOUND} over it.
 *   <li>Event logs ({@code events-*}): at most {@value #EVENT_LOG_BOUND} of the JSON column, and at
 *       most {@value #EVENT_LOG_TEMPORAL_BOUND} in a column run with {@code --infer-temporal}.
 * </ul>
 */
final class SizeTargets {
  static final int MIN_ROWS = 1000;
  static final double NON_OBJECT_BOUND = 0.05;
  static final double EVENT_LOG_BOUND = 0.45;
  static final double EVENT_LOG_TEMPORAL_BOUND = 0.35;

  /**
   * One corpus of the table, sizes in bytes.
   *
   * @param temporal the file of a column run with {@code --infer-temporal}; -1 without one
   */
  record Corpus(
      String name,
      long rows,
      long json,
      long unshredded,
      long ours,
      DuckDbFile duckdb,
      boolean arraysOfScalars,
      long temporal) {
    double oursPerJson() {
      return (double) ours / json;
    }
  }

  /** One target's outcome: the corpora it was met on, missed on, and could not be checked on. */
  private record Outcome(
      String target, List<String> met, List<String> missed, List<String> unchecked) {
    Outcome(String target) {
      this(target, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    String line() {
      StringBuilder s = new StringBuilder("- ").append(target).append(": ");
      if (met.isEmpty() && missed.isEmpty() && unchecked.isEmpty()) {
        return s.append("no corpus it applies to").toString();
      }
      List<String> parts = new ArrayList<>();
      if (!missed.isEmpty()) {
        parts.add("**missed** on " + String.join(", ", missed));
      }
      if (!met.isEmpty()) {
        parts.add("met on " + String.join(", ", met));
      }
      if (!unchecked.isEmpty()) {
        parts.add("not checked on " + String.join(", ", unchecked));
      }
      return s.append(String.join("; ", parts)).toString();
    }
  }

  private SizeTargets() {}

  /** The closing lines for {@code corpora}: a verdict, then one line per target. */
  static String verdict(List<Corpus> corpora) {
    List<Outcome> outcomes = new ArrayList<>();
    Outcome unshredded = new Outcome("never larger than unshredded (" + MIN_ROWS + "+ rows)");
    Outcome duckdb = new Outcome("never larger than DuckDB's file (" + MIN_ROWS + "+ rows)");
    Outcome arrays = new Outcome("rows that are arrays of scalars at most 1.00 of the JSON column");
    Outcome nonObject =
        new Outcome(
            String.format(
                Locale.ROOT,
                "non-object rows within %.0f%% of the same rows without them, per JSON byte",
                100 * NON_OBJECT_BOUND));
    Outcome events =
        new Outcome(String.format(Locale.ROOT, "event logs at most %.2f", EVENT_LOG_BOUND));
    Outcome temporal =
        new Outcome(
            String.format(
                Locale.ROOT,
                "event logs at most %.2f with --infer-temporal",
                EVENT_LOG_TEMPORAL_BOUND));
    outcomes.addAll(List.of(unshredded, duckdb, arrays, nonObject, events, temporal));
    Map<String, Corpus> byName = new HashMap<>();
    corpora.forEach(c -> byName.put(c.name(), c));
    for (Corpus c : corpora) {
      if (c.rows() >= MIN_ROWS) {
        boolean smaller = c.ours() <= c.unshredded(); // the bytes are in the table: named if missed
        add(unshredded, smaller, c.name(), smaller ? null : bytes(c.ours(), c.unshredded()));
        if (c.duckdb().written()) {
          boolean below = c.ours() <= c.duckdb().bytes();
          add(duckdb, below, c.name(), below ? null : bytes(c.ours(), c.duckdb().bytes()));
        } else {
          duckdb.unchecked.add(
              c.name() + (c.duckdb().failed() ? " (DuckDB failed)" : " (no DuckDB)"));
        }
      }
      if (c.arraysOfScalars()) {
        add(arrays, c.oursPerJson() <= 1.0, c.name(), ratio(c.oursPerJson()));
      }
      int base = c.name().indexOf("-base");
      Corpus mix = base < 0 ? null : byName.get(c.name().replace("-base", ""));
      if (mix != null) {
        double over = mix.oursPerJson() / c.oursPerJson() - 1;
        String shown =
            String.format(Locale.ROOT, "%s (%+.1f%% over %s)", mix.name(), 100 * over, c.name());
        (over <= NON_OBJECT_BOUND ? nonObject.met : nonObject.missed).add(shown);
      }
      if (c.name().startsWith("events-")) {
        add(events, c.oursPerJson() <= EVENT_LOG_BOUND, c.name(), ratio(c.oursPerJson()));
        if (c.temporal() >= 0) {
          double r = (double) c.temporal() / c.json();
          add(temporal, r <= EVENT_LOG_TEMPORAL_BOUND, c.name(), ratio(r));
        }
      }
    }
    StringBuilder out = new StringBuilder(headline(outcomes)).append('\n');
    outcomes.forEach(o -> out.append('\n').append(o.line()));
    return out.append('\n').toString();
  }

  private static String headline(List<Outcome> outcomes) {
    List<String> missed = new ArrayList<>();
    List<String> unchecked = new ArrayList<>();
    for (Outcome o : outcomes) {
      if (!o.missed.isEmpty()) {
        missed.add(o.target);
      }
      if (!o.unchecked.isEmpty()) {
        unchecked.add(o.target);
      }
    }
    if (!missed.isEmpty()) {
      return "Targets missed: " + String.join("; ", missed) + ".";
    }
    if (!unchecked.isEmpty()) {
      return "No target missed where checked, but not every corpus was checked: "
          + String.join("; ", unchecked)
          + ".";
    }
    return "Every target is met on every corpus it applies to.";
  }

  /** Adds {@code name} to the met or missed corpora of {@code o}, with its numbers if any. */
  private static void add(Outcome o, boolean met, String name, String numbers) {
    (met ? o.met : o.missed).add(numbers == null ? name : name + " (" + numbers + ")");
  }

  private static String bytes(long ours, long other) {
    return String.format(Locale.ROOT, "%,d vs %,d B", ours, other);
  }

  private static String ratio(double r) {
    return String.format(Locale.ROOT, "%.3f", r);
  }
}
