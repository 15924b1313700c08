// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Turns {@link PlanInference}'s counters into a plan and its coverage report, following the rules
 * in {@link PlanInference}'s class comment. Reads the counters only, so a result can be taken at
 * any time.
 */
final class PlanChooser {
  private enum Shape {
    RESIDUAL,
    SCALAR,
    OBJECT,
    ARRAY
  }

  /**
   * The decision for one path. Only {@code kept} and {@code fields} change, while the budget
   * applies.
   */
  private static final class Choice {
    final PathStats stats;
    final long sampled;
    final Shape shape;
    final TypeFamily family; // the typed family; meaningless for RESIDUAL
    final ShreddedType scalar; // SCALAR only
    long typedNumbers = -1; // exact numerics: the values the column takes, if not the family's
    final List<Choice> fields = new ArrayList<>(); // OBJECT only
    Choice element; // ARRAY only
    boolean kept = true;
    CostModel.Estimate
        estimate; // SCALAR leaves weighed by the cost model, and leaves it left in the residual
    Supplier<String> reason = () -> ""; // formatted only if the explanation is read
    final List<Choice> notInPlan =
        new ArrayList<>(); // examined fields (or element) left out: for the explanation

    Choice(PathStats stats, long sampled, Shape shape, TypeFamily family, ShreddedType scalar) {
      this.stats = stats;
      this.sampled = sampled;
      this.shape = shape;
      this.family = family;
      this.scalar = scalar;
    }

    long typed() {
      return shape == Shape.RESIDUAL ? 0 : typedNumbers >= 0 ? typedNumbers : stats.count(family);
    }
  }

  private final InferenceOptions options;
  private final boolean costModel;
  // the shares as written, in decimal: formatted once here, not on every path's check
  private final BigDecimal dominance;
  private final BigDecimal minPresence;
  private final List<Supplier<Explanation.Decision>> skipped =
      new ArrayList<>(); // fields under the presence threshold

  PlanChooser(InferenceOptions options) {
    this.options = options;
    this.costModel = options.selection() == Selection.COST_MODEL;
    this.dominance = Ratio.decimal(options.dominance());
    this.minPresence = Ratio.decimal(options.minPresence());
  }

  InferenceResult choose(PathStats root, long rows, int trackedPaths, long untrackedValues) {
    Choice top = choose(root, rows, LevelChain.root(rows).then(root.present), 0);
    List<Choice> leaves = new ArrayList<>();
    collectLeaves(top, leaves);
    if (leaves.size() > options.maxTypedColumns()) {
      applyBudget(leaves);
      if (!prune(top)) {
        top = residual(root, rows);
      }
    }
    List<CoverageReport.Row> report = new ArrayList<>();
    ShreddingPlan plan = build(top, report);
    int typedColumns = Math.min(leaves.size(), options.maxTypedColumns());
    Choice chosen = top;
    return new InferenceResult(
        plan,
        new CoverageReport(report, rows, trackedPaths, typedColumns, untrackedValues, options),
        new Explanation(
            () -> {
              List<Explanation.Decision> decisions = new ArrayList<>();
              explain(chosen, decisions);
              skipped.forEach(d -> decisions.add(d.get()));
              return decisions;
            }));
  }

  /**
   * @param chain the levels down to this path being present (its last step: {@code stats.present})
   * @param siblings the mean count of other fields in the objects holding this path (0 for the root
   *     and array elements)
   */
  private Choice choose(PathStats stats, long sampled, LevelChain chain, double siblings) {
    TypeFamily family = dominant(stats);
    if (family == null) {
      Choice c = residual(stats, sampled);
      double dominance = options.dominance();
      c.reason =
          stats.present == stats.count(TypeFamily.NULL)
              ? () -> "only nulls"
              : () ->
                  String.format(
                      Locale.ROOT, "no type holds %.0f%% of the non-null values", 100 * dominance);
      return c;
    }
    Choice c = typed(stats, sampled, family, chain.then(stats.count(family)));
    if (costModel && c.shape == Shape.SCALAR) {
      long typedValues = c.typed(); // under a widening other than lossless, maybe fewer
      double meanBytes =
          family == PlanInference.STRINGS && typedValues > 0
              ? (double) stats.stringBytes / typedValues
              : 0;
      c.estimate =
          CostModel.estimate(
              stats.costKind(family),
              typedValues,
              meanBytes,
              siblings,
              chain.withLast(typedValues),
              chain.withLast(stats.present - typedValues));
      ShreddedType scalar = c.scalar;
      CostModel.Estimate estimate = c.estimate;
      c.reason = () -> scalar + ": " + estimate.explain();
      if (c.estimate.saved() <= 0) {
        Choice r = residual(stats, sampled);
        r.estimate = c.estimate;
        r.reason = c.reason;
        return r;
      }
    } else if (c.shape == Shape.SCALAR) {
      ShreddedType scalar = c.scalar;
      c.reason = () -> scalar + ": passes presence and dominance";
    }
    return c;
  }

  /** The family holding at least {@code dominance} of the non-null values, or null if none does. */
  private TypeFamily dominant(PathStats stats) {
    long nonNull = stats.present - stats.count(TypeFamily.NULL);
    TypeFamily best = null;
    for (TypeFamily f : TypeFamily.values()) {
      if (f != TypeFamily.NULL && (best == null || stats.count(f) > stats.count(best))) {
        best = f; // ties keep the earlier family, for determinism
      }
    }
    return nonNull > 0 && Ratio.atLeast(stats.count(best), nonNull, dominance) ? best : null;
  }

  /** The one place that maps a dominant family to a plan node. */
  private Choice typed(PathStats s, long sampled, TypeFamily f, LevelChain chain) {
    return switch (f.group()) {
      case SCALAR -> scalar(s, sampled, f, f.scalarType());
      case EXACT_NUMERIC -> {
        ExactNumericRange.Column n =
            s.numbers.column(options.typeWidth(), s.key, options.widening());
        Choice c = n == null ? residual(s, sampled) : scalar(s, sampled, f, n.type());
        c.typedNumbers = n == null ? -1 : n.typed();
        yield c;
      }
      case OBJECT -> object(s, sampled, chain);
      case ARRAY -> array(s, sampled, chain);
      case NULL, UNKNOWN -> residual(s, sampled);
    };
  }

  private static Choice residual(PathStats s, long sampled) {
    return new Choice(s, sampled, Shape.RESIDUAL, TypeFamily.UNKNOWN, null);
  }

  private static Choice scalar(PathStats s, long sampled, TypeFamily f, ShreddedType type) {
    return new Choice(s, sampled, Shape.SCALAR, f, type);
  }

  /**
   * @param chain the levels down to the objects at this path
   */
  private Choice object(PathStats s, long sampled, LevelChain chain) {
    long objects = s.count(TypeFamily.OBJECT);
    Choice c = new Choice(s, sampled, Shape.OBJECT, TypeFamily.OBJECT, null);
    List<PathStats> children = new ArrayList<>(s.fields.values());
    children.sort(Comparator.comparing((PathStats p) -> p.key, PlanChooser::compareCodePoints));
    List<Choice> residualFields = new ArrayList<>();
    for (PathStats child : children) {
      if (Ratio.atLeast(child.present, objects, minPresence)) {
        Choice f = choose(child, objects, chain.then(child.present), s.meanFields() - 1);
        if (costModel && f.shape == Shape.RESIDUAL) {
          residualFields.add(f); // stays in this object's residual: no column pays for it
        } else {
          c.fields.add(f);
        }
      } else {
        double share = objects == 0 ? 0.0 : 100.0 * child.present / objects;
        double minPresence = options.minPresence();
        skipped.add(
            () ->
                new Explanation.Decision(
                    child.path,
                    false,
                    String.format(
                        Locale.ROOT,
                        "present in %.1f%% of parent objects, under min presence %.1f%%",
                        share,
                        100 * minPresence),
                    null));
      }
    }
    if (c.fields.isEmpty()) {
      Choice r = residual(s, sampled);
      r.reason = () -> "object: no field pays for a typed column";
      r.notInPlan.addAll(residualFields);
      return r;
    }
    c.notInPlan.addAll(residualFields);
    return c;
  }

  /**
   * @param chain the levels down to the arrays at this path
   */
  private Choice array(PathStats s, long sampled, LevelChain chain) {
    if (s.element == null) {
      Choice r = residual(s, sampled); // only empty arrays, or elements beyond a limit
      r.reason = () -> "array: no elements";
      return r;
    }
    long arrays = s.count(TypeFamily.ARRAY);
    Choice element =
        choose(s.element, s.element.present, chain.intoArray(arrays, s.element.present), 0);
    if (element.shape == Shape.RESIDUAL) {
      Choice r = residual(s, sampled);
      r.reason = () -> "array: its elements are not typed";
      r.notInPlan.add(element);
      return r;
    }
    Choice c = new Choice(s, sampled, Shape.ARRAY, TypeFamily.ARRAY, null);
    c.element = element;
    if (costModel) {
      CostModel.ListEstimate estimate = CostModel.list(s.element.present, leavesSaved(element));
      if (estimate.saved() <= 0) {
        Choice r = residual(s, sampled);
        r.reason = () -> "array: " + estimate.explain();
        r.notInPlan.add(element);
        return r;
      }
      c.reason = () -> "array: " + estimate.explain();
    } else {
      c.reason = () -> "array of typed elements";
    }
    return c;
  }

  /** What the typed leaves at and below {@code c} save, summed; a list below counts net. */
  private static double leavesSaved(Choice c) {
    return switch (c.shape) {
      case SCALAR -> c.estimate.saved();
      case OBJECT -> c.fields.stream().mapToDouble(PlanChooser::leavesSaved).sum();
      case ARRAY -> CostModel.list(c.stats.element.present, leavesSaved(c.element)).saved();
      case RESIDUAL -> 0;
    };
  }

  private static void collectLeaves(Choice c, List<Choice> out) {
    switch (c.shape) {
      case SCALAR -> out.add(c);
      case OBJECT -> c.fields.forEach(f -> collectLeaves(f, out));
      case ARRAY -> collectLeaves(c.element, out);
      case RESIDUAL -> {}
    }
  }

  /** Adds a decision per examined path at and below {@code c}, in path order. */
  private static void explain(Choice c, List<Explanation.Decision> out) {
    boolean typed = c.shape != Shape.RESIDUAL && c.kept;
    String reason = c.reason.get();
    if (c.shape == Shape.OBJECT) {
      reason =
          "object: "
              + c.fields.size()
              + " of "
              + (c.fields.size() + c.notInPlan.size())
              + " examined fields in the plan";
    }
    if (!c.kept) {
      reason = reason + "; dropped: past the column budget";
    }
    out.add(new Explanation.Decision(c.stats.path, typed, reason, c.estimate));
    List<Choice> below = new ArrayList<>(c.fields);
    below.addAll(c.notInPlan);
    if (c.element != null) {
      below.add(c.element);
    }
    below.sort(Comparator.comparing((Choice f) -> f.stats.path));
    below.forEach(f -> explain(f, out));
  }

  /**
   * Marks all but the {@code maxTypedColumns} best leaves as dropped: the most saving under the
   * cost model, else the most present; ties keep plan order.
   */
  private void applyBudget(List<Choice> leavesInPlanOrder) {
    List<Integer> ranked = new ArrayList<>();
    for (int i = 0; i < leavesInPlanOrder.size(); i++) {
      ranked.add(i);
    }
    Comparator<Integer> best =
        costModel
            ? Comparator.comparingDouble((Integer i) -> -leavesInPlanOrder.get(i).estimate.saved())
            : Comparator.comparingLong((Integer i) -> -leavesInPlanOrder.get(i).stats.present);
    ranked.sort(best.thenComparing(i -> i));
    for (int r = options.maxTypedColumns(); r < ranked.size(); r++) {
      leavesInPlanOrder.get(ranked.get(r)).kept = false;
    }
  }

  /**
   * Removes dropped nodes bottom-up (keeping them for the explanation); returns whether {@code c}
   * stays.
   */
  private static boolean prune(Choice c) {
    switch (c.shape) {
      case OBJECT -> {
        for (Choice f : c.fields) {
          if (!prune(f)) {
            f.kept = false;
            c.notInPlan.add(f);
          }
        }
        c.fields.removeIf(f -> !f.kept);
        c.kept = !c.fields.isEmpty();
      }
      case ARRAY -> c.kept = prune(c.element);
      case SCALAR, RESIDUAL -> {}
    }
    return c.kept;
  }

  /** The plan of {@code c}, adding a coverage row per node in plan order (pre-order). */
  private static ShreddingPlan build(Choice c, List<CoverageReport.Row> rows) {
    String type =
        switch (c.shape) {
          case RESIDUAL -> "variant";
          case SCALAR -> c.scalar.toString();
          case OBJECT -> "object";
          case ARRAY -> "array";
        };
    rows.add(new CoverageReport.Row(c.stats.path, c.sampled, c.stats.present, c.typed(), type));
    return switch (c.shape) {
      case RESIDUAL -> ShreddingPlan.residual();
      case SCALAR -> ShreddingPlan.scalar(c.scalar);
      case OBJECT -> {
        List<ShreddingPlan.Field> fields = new ArrayList<>();
        for (Choice f : c.fields) {
          fields.add(new ShreddingPlan.Field(f.stats.key, build(f, rows)));
        }
        yield new ShreddingPlan.ObjectPlan(fields);
      }
      case ARRAY -> ShreddingPlan.array(build(c.element, rows));
    };
  }

  /**
   * Unicode code point order, which is the unsigned UTF-8 byte order Variant objects sort keys by.
   */
  static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Boolean.compare(i < a.length(), j < b.length());
  }
}
