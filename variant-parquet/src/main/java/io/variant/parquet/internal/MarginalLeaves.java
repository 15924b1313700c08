// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.Explanation;
import io.variant.shredding.infer.InferenceResult;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The size check's second step: the typed leaves the cost model is least sure of, each written out
 * of the plan. The model prices a leaf alone, but a leaf's worth depends on what else leaves its
 * parent's residual: a low-cardinality string or a small count in objects whose other fields stay
 * in one shared residual gains little there, and its two columns' levels still carry every row
 * (measured on mixed rows with 15% non-object rows: {@code $.type} typed cost 8.8 KB of a 2.6 MB
 * file where the model expected a small gain). So the leaves with the lowest positive estimates (at
 * most {@value #TRIALS}, each under {@value #MARGIN_BYTES_PER_ROW} B per sampled row) are each
 * tried out of the plan on the check's rows; those that save at least {@value #MIN_GAIN} of the
 * bytes stay out. Leaves typed only for their object's separation are not tried, nor the last typed
 * field of an object: leaving it out takes the object back into its parent's residual, which a
 * sample's rows misjudge (an event log's {@code $.target}: 0.8% smaller on 5,000 rows, 0.3% larger
 * in row groups of 50,000). <b>Thread safety:</b> none; a call's own.
 */
final class MarginalLeaves {
  /**
   * Leaves tried at most: each costs one write of the check's rows. Eight left more out of the
   * non-object rows of {@code bench/sizes}, and their file came out 0.13% larger than with four.
   */
  static final int TRIALS = 4;

  /** A leaf is tried when the model's saving for it is under this many bytes per sampled row. */
  static final double MARGIN_BYTES_PER_ROW = 0.25;

  /**
   * The least share of the check's bytes a leaf left out must save to stay out: a sample's verdict
   * on a few bytes would not carry to the file.
   */
  static final double MIN_GAIN = 0.0005;

  /**
   * The least share of their gains alone that leaves left out together must save to stay out
   * together; else they are added one at a time. Leaves of one family interact: on mixed rows with
   * non-object rows, six review and tweet fields saved 53% of their gains alone together, where the
   * best four of them saved 85%, and left out with the other two the file was 0.7% larger.
   */
  static final double ADDS_UP = 0.75;

  private MarginalLeaves() {}

  /** What the trials kept: the result without the leaves left out, and the note. */
  record Outcome(InferenceResult result, String note) {}

  /** A leaf to try, and the plan without it. */
  private record Trial(String path, ShreddingPlan without) {}

  /**
   * Tries the marginal leaves of {@code result} (chosen with {@code columns} typed columns at most)
   * on {@code rows}, which take {@code bytes} with its plan (negative: not measured yet). The
   * writes are independent, so they run on up to {@code threads} threads; the outcome does not
   * depend on how many: each leaf is measured alone against the plan, those that save bytes are
   * left out together (one more write), or, if together they save less than {@link #ADDS_UP} of
   * their gains alone, the best of them and then each next that still saves bytes with those before
   * it (a write each).
   *
   * @throws IOException if writing the rows fails (they are written to no file)
   */
  static Outcome tryWithout(
      PlanInference inference,
      InferenceResult result,
      int columns,
      CheckRows rows,
      long bytes,
      int threads)
      throws IOException {
    List<Trial> trials = new ArrayList<>();
    int nodes = result.coverage().rows().size();
    for (Explanation.Decision leaf : candidates(result, inference.rows())) {
      InferenceResult without = inference.result(columns, Map.of(leaf.path(), ""));
      // the last typed field of its object would take the object back into its parent's
      // residual: a separation the model weighs per object, whose worth a sample's rows do not
      // show (an event log's $.target, left out: 5,000 rows -0.8%, row groups of 50,000 rows +0.3%)
      if (without.coverage().rows().size() == nodes - 1) {
        trials.add(new Trial(leaf.path(), without.plan()));
      }
    }
    if (trials.isEmpty()) {
      return new Outcome(result, "");
    }
    List<ShreddingPlan> plans = new ArrayList<>();
    if (bytes < 0) {
      plans.add(result.plan());
    }
    trials.forEach(t -> plans.add(t.without()));
    long[] sizes = SampleSizes.of(rows, plans, threads);
    long base = bytes < 0 ? sizes[0] : bytes;
    int first = bytes < 0 ? 1 : 0;
    // the leaves that save alone, most first
    List<Integer> saving = new ArrayList<>();
    for (int i = 0; i < trials.size(); i++) {
      if (base - sizes[first + i] >= MIN_GAIN * base) {
        saving.add(i);
      }
    }
    if (saving.isEmpty()) {
      return new Outcome(result, "");
    }
    saving.sort(Comparator.comparingLong((Integer i) -> sizes[first + i]).thenComparing(i -> i));
    Map<String, String> leftOut = new LinkedHashMap<>();
    for (int i : saving) {
      leftOut.put(trials.get(i).path(), reason(rows, base - sizes[first + i]));
    }
    InferenceResult kept = inference.result(columns, leftOut);
    long best = sizes[first + saving.get(0)];
    long together = saving.size() == 1 ? best : rows.size(kept.plan());
    long alone = 0; // the gains alone, summed
    for (int i : saving) {
      alone += base - sizes[first + i];
    }
    if (base - together < ADDS_UP * alone) {
      // they do not add up: from the best alone, each next one only if the rows shrink with it
      Map<String, String> chosen = new LinkedHashMap<>();
      String top = trials.get(saving.get(0)).path();
      chosen.put(top, leftOut.get(top));
      together = best;
      for (int i : saving.subList(1, saving.size())) {
        Map<String, String> more = new LinkedHashMap<>(chosen);
        more.put(trials.get(i).path(), leftOut.get(trials.get(i).path()));
        long size = rows.size(inference.result(columns, more).plan());
        if (together - size >= MIN_GAIN * base) {
          chosen = more;
          together = size;
        }
      }
      leftOut = chosen;
      kept = inference.result(columns, leftOut);
    }
    return new Outcome(
        kept,
        String.format(
            Locale.ROOT,
            "left %s out (%s): %d sampled rows took %d bytes of pages with %s, %d without",
            leftOut.size() == 1 ? "1 typed leaf" : leftOut.size() + " typed leaves",
            String.join(", ", leftOut.keySet()),
            rows.rows().size(),
            base,
            leftOut.size() == 1 ? "it" : "them",
            together));
  }

  private static String reason(CheckRows rows, long saved) {
    return String.format(
        Locale.ROOT,
        "the size check's %d sampled rows took %d B less without it",
        rows.rows().size(),
        saved);
  }

  /** The typed leaves to try, lowest estimated saving first. */
  private static List<Explanation.Decision> candidates(InferenceResult result, long sampledRows) {
    double margin = MARGIN_BYTES_PER_ROW * sampledRows;
    List<Explanation.Decision> out = new ArrayList<>();
    for (Explanation.Decision d : result.explanation().decisions()) {
      double saved = d.estimate() == null ? 0 : d.estimate().saved();
      if (d.typed() && saved > 0 && saved < margin) {
        out.add(d);
      }
    }
    out.sort(Comparator.comparingDouble((Explanation.Decision d) -> d.estimate().saved()));
    return out.subList(0, Math.min(TRIALS, out.size()));
  }
}
