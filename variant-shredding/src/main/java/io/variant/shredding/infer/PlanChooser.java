// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Turns {@link PlanInference}'s counters into a plan and its coverage report, following the rules
 * in {@link PlanInference}'s class comment. Reads the counters only, so a result can be taken at
 * any time.
 */
final class PlanChooser {
  private final InferenceOptions options;
  private final boolean costModel;
  private final boolean measured; // the budget is a caller's, after measuring, not the user's
  private final String dropped; // why a leaf past the budget is left out
  // the shares as written, in decimal: formatted once here, not on every path's check
  private final BigDecimal dominance;
  private final BigDecimal minPresence;
  // fields under the presence threshold
  private final List<Supplier<Explanation.Decision>> skipped = new ArrayList<>();
  // leaves a caller measured and left out, and why
  private final Map<String, String> leftOut;

  /**
   * @param measured whether the budget of {@code options} is a caller's, lowered after measuring
   *     the plan too large, rather than the user's limit
   */
  PlanChooser(InferenceOptions options, boolean measured) {
    this(options, measured, Map.of());
  }

  /**
   * @param leftOut typed leaves (by path) a caller measured and leaves out, each with why; the
   *     objects and arrays left without a typed leaf go too
   */
  PlanChooser(InferenceOptions options, boolean measured, Map<String, String> leftOut) {
    this.options = options;
    this.measured = measured;
    this.leftOut = Map.copyOf(leftOut);
    int n = options.maxTypedColumns();
    String columns = n + (n == 1 ? " typed column" : " typed columns");
    this.dropped =
        measured
            ? "the size check kept the best " + columns
            : "past the column budget of " + columns;
    this.costModel = options.selection() == Selection.COST_MODEL;
    this.dominance = Ratio.decimal(options.dominance());
    this.minPresence = Ratio.decimal(options.minPresence());
  }

  InferenceResult choose(PathStats root, long rows, int trackedPaths, long untrackedValues) {
    PathChoice top = choose(root, rows, LevelChain.root(rows).then(root.present), 0);
    // explained as examined, with what was dropped and why, even where nothing stays typed
    PathChoice examined = top;
    if (!leftOut.isEmpty() && !ColumnBudget.leaveOut(top, leftOut)) {
      top = PathChoice.residual(root, rows);
    }
    List<PathChoice> leaves = ColumnBudget.leaves(top);
    if (leaves.size() > options.maxTypedColumns()
        && !ColumnBudget.apply(top, leaves, options.maxTypedColumns(), costModel)) {
      top = PathChoice.residual(root, rows);
    }
    List<CoverageReport.Row> report = new ArrayList<>();
    ShreddingPlan plan = top.plan(report);
    int typedColumns = Math.min(leaves.size(), options.maxTypedColumns());
    PathChoice chosen = examined;
    return new InferenceResult(
        plan,
        new CoverageReport(
            report, rows, trackedPaths, typedColumns, untrackedValues, options, measured),
        new Explanation(
            () -> {
              List<Explanation.Decision> decisions =
                  new ChoiceDecisions(costModel, dropped).of(chosen);
              skipped.forEach(d -> decisions.add(d.get()));
              return decisions;
            }));
  }

  /** An object or array at the depth limit, or a map: inference does not examine its parts. */
  private PathChoice pastDepth(PathStats s, long sampled, String kind, String parts) {
    PathChoice r = PathChoice.residual(s, sampled);
    String why =
        kind
            + ": at the plan's depth limit of "
            + options.maxDepth()
            + " (--max-plan-depth), its "
            + parts
            + " not examined";
    r.reason = s.mapKeys > 0 ? () -> MapObjects.reason(s) : () -> why;
    return r;
  }

  /**
   * The choice for one path. Without the cost model, the most common family is typed if it holds
   * {@code dominance} of the non-null values. Under it, every family that holds that share is
   * weighed, and the one whose typed column (or, for objects and arrays, typed leaves) saves most
   * on its own values is typed, if it saves anything with what the values of the other families
   * gain in the path's value column ({@link CostModel#OTHER_VALUE_GAIN}), where they stay.
   *
   * @param chain the levels down to this path being present (its last step: {@code stats.present})
   * @param siblings the mean count of other fields in the objects holding this path, or of other
   *     elements in the arrays holding it (0 for the root)
   */
  private PathChoice choose(PathStats stats, long sampled, LevelChain chain, double siblings) {
    long nonNull = stats.present - stats.count(TypeFamily.NULL);
    List<TypeFamily> candidates = candidates(stats, nonNull);
    if (candidates.isEmpty()) {
      PathChoice c = PathChoice.residual(stats, sampled);
      double floor = options.dominance();
      c.reason =
          nonNull == 0
              ? () -> "only nulls"
              : stats.count(TypeFamily.UNKNOWN) == nonNull
                  ? () -> "only types newer than this library"
                  : () ->
                      String.format(
                          Locale.ROOT, "no type holds %.0f%% of the non-null values", 100 * floor);
      return c;
    }
    if (!costModel) {
      PathChoice c = typed(stats, sampled, candidates.get(0), chain, siblings);
      if (c.shape == PathChoice.Shape.SCALAR) {
        String share = Shares.of(stats, c.typed());
        ShreddedType scalar = c.scalar;
        c.reason = () -> scalar + share + ": passes presence and dominance";
      }
      return c;
    }
    PathChoice best = null;
    List<PathChoice> losers = new ArrayList<>();
    for (TypeFamily f : candidates) {
      for (PathChoice c : weighed(stats, sampled, f, chain, siblings)) {
        if (best == null || c.ownSaved() > best.ownSaved()) {
          if (best != null) {
            losers.add(best);
          }
          best = c;
        } else {
          losers.add(c);
        }
      }
    }
    if (best.saved() <= 0 && best.shape != PathChoice.Shape.RESIDUAL) {
      PathChoice r = PathChoice.residual(stats, sampled);
      r.estimate = best.estimate;
      r.declined = best;
      losers.add(0, best);
      r.reason = Shares.verdicts(losers);
      r.notInPlan.addAll(below(losers));
      return r;
    }
    if (!losers.isEmpty()) {
      Supplier<String> own = best.reason;
      Supplier<String> others = Shares.alternatives(best, losers);
      best.reason = () -> own.get() + others.get();
      best.notInPlan.addAll(below(losers));
    }
    return best;
  }

  /**
   * The families a path may be typed with: every family of its non-null values that holds at least
   * {@code dominance} of them, most common first (ties: the earlier family); without the cost model
   * only the most common.
   */
  private List<TypeFamily> candidates(PathStats stats, long nonNull) {
    List<TypeFamily> out = new ArrayList<>();
    for (TypeFamily f : TypeFamily.values()) {
      long n = stats.count(f);
      if (f != TypeFamily.NULL
          && f != TypeFamily.UNKNOWN
          && n > 0
          && Ratio.atLeast(n, nonNull, dominance)) {
        out.add(f);
      }
    }
    out.sort(Comparator.comparingLong((TypeFamily f) -> -stats.count(f))); // stable: ties by order
    return costModel || out.isEmpty() ? out : out.subList(0, 1);
  }

  /** The examined paths below choices that lost: explained, not in the plan. */
  private static List<PathChoice> below(List<PathChoice> losers) {
    List<PathChoice> out = new ArrayList<>();
    for (PathChoice l : losers) {
      out.addAll(l.fields);
      out.addAll(l.notInPlan);
      if (l.element != null) {
        out.add(l.element);
      }
    }
    return out;
  }

  /**
   * The one place that maps a family to a plan node; under the cost model a scalar carries its
   * estimate (and is typed even if it does not pay: the caller decides).
   *
   * @param chain the levels down to this path being present
   */
  private PathChoice typed(
      PathStats s, long sampled, TypeFamily f, LevelChain chain, double siblings) {
    PathChoice c =
        switch (f.group()) {
          case SCALAR -> new PathChoice(s, sampled, PathChoice.Shape.SCALAR, f, f.scalarType());
          case EXACT_NUMERIC ->
              numeric(s, sampled, s.numbers.column(options.typeWidth(), s.key, options.widening()));
          case OBJECT -> object(s, sampled, chain.then(s.count(f)));
          case ARRAY -> array(s, sampled, chain.then(s.count(f)));
          case NULL, UNKNOWN -> PathChoice.residual(s, sampled);
        };
    return costed(c, s, f, chain, siblings);
  }

  /**
   * The choices weighed for family {@code f} at a path: {@link #typed}'s, and for the exact numbers
   * of array elements under the cost model every column {@link ExactNumericRange#elementColumns}
   * offers.
   */
  private List<PathChoice> weighed(
      PathStats s, long sampled, TypeFamily f, LevelChain chain, double siblings) {
    if (!costModel || f != TypeFamily.EXACT_NUMERIC || !isElement(s)) {
      return List.of(typed(s, sampled, f, chain, siblings));
    }
    List<PathChoice> out = new ArrayList<>();
    for (ExactNumericRange.Column n :
        s.numbers.elementColumns(options.typeWidth(), options.widening())) {
      out.add(costed(numeric(s, sampled, n), s, f, chain, siblings));
    }
    return out.isEmpty() ? List.of(typed(s, sampled, f, chain, siblings)) : out;
  }

  /** Whether {@code s} holds an array's elements (not the root, not a field). */
  private static boolean isElement(PathStats s) {
    return s.key == null && s.level > 0;
  }

  /** An exact numeric column {@code n} (null: none holds the values) as a choice. */
  private static PathChoice numeric(PathStats s, long sampled, ExactNumericRange.Column n) {
    PathChoice e =
        n == null
            ? PathChoice.residual(s, sampled)
            : new PathChoice(
                s, sampled, PathChoice.Shape.SCALAR, TypeFamily.EXACT_NUMERIC, n.type());
    e.typedNumbers = n == null ? -1 : n.typed();
    if (n == null) {
      e.reason = () -> "numbers past the widest decimal";
    }
    return e;
  }

  /** {@code c} with the cost model's estimate and reason, if it is a scalar under the model. */
  private PathChoice costed(
      PathChoice c, PathStats s, TypeFamily f, LevelChain chain, double siblings) {
    if (costModel && c.shape == PathChoice.Shape.SCALAR) {
      long typedValues = c.typed(); // under a widening other than lossless, maybe fewer
      double meanBytes =
          f == PlanInference.STRINGS && typedValues > 0 ? (double) s.stringBytes / typedValues : 0;
      CostModel.Kind kind = s.costKind(f);
      LevelChain typedLevels = chain.withLast(typedValues);
      LevelChain residualLevels = chain.withLast(s.present - typedValues);
      c.estimate =
          isElement(s)
              ? ListCosts.elementEstimate(
                  kind,
                  typedValues,
                  ListCosts.elementGain(s, kind, c.scalar),
                  typedLevels,
                  residualLevels)
              : CostModel.estimate(
                      kind, typedValues, meanBytes, siblings, typedLevels, residualLevels)
                  .withOtherValues(s.present - s.count(TypeFamily.NULL) - typedValues);
      ShreddedType scalar = c.scalar;
      CostModel.Estimate estimate = c.estimate;
      String share = Shares.of(s, typedValues);
      c.reason = () -> scalar + share + ": " + estimate.explain();
    }
    return c;
  }

  /**
   * @param chain the levels down to the objects at this path
   */
  private PathChoice object(PathStats s, long sampled, LevelChain chain) {
    if (s.level >= options.maxDepth() || s.keylessMap()) {
      return pastDepth(s, sampled, "object", "fields");
    }
    long objects = s.count(TypeFamily.OBJECT);
    PathChoice c = new PathChoice(s, sampled, PathChoice.Shape.OBJECT, TypeFamily.OBJECT, null);
    List<PathStats> children = new ArrayList<>(s.fields.values());
    children.sort(Comparator.comparing((PathStats p) -> p.key, PathStats::compareCodePoints));
    long examinedEntries = 0; // fields of the objects examined here: all of them, or some?
    for (PathStats child : children) {
      if (Ratio.atLeast(child.present, objects, minPresence)) {
        examinedEntries += child.present;
        PathChoice f = choose(child, objects, chain.then(child.present), s.meanFields() - 1);
        if (costModel && f.shape == PathChoice.Shape.RESIDUAL) {
          c.notInPlan.add(f); // stays in this object's residual: no column pays for it
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
    if (costModel && examinedEntries == s.fieldEntries) {
      EmptiedResidual.typeLastField(c, chain);
    }
    if (costModel && s.key != null) {
      c.separation = ObjectSeparation.of(s, chain);
    }
    // nothing can carry the root: it has no parent
    PathChoice carrier =
        costModel && c.fields.isEmpty() && s.level > 0 ? ObjectSeparation.carrier(c) : null;
    if (carrier != null && c.separation != null && c.separation.saved() > 0) {
      carrier.carried = c.separation.saved();
      if (c.saved() > 0) {
        return c; // typed for the separation alone
      }
    }
    if (c.fields.isEmpty() || carrier != null) {
      PathChoice r = PathChoice.residual(s, sampled);
      ObjectSeparation.Estimate separation = c.separation;
      r.reason =
          separation == null
              ? () -> "object: no field pays for a typed column"
              : () -> "object: no field pays for a typed column, " + separation.explain();
      r.notInPlan.addAll(c.notInPlan);
      r.notInPlan.addAll(c.fields);
      r.declined = carrier == null ? null : c; // its parent may type it for its own separation
      return r;
    }
    return c;
  }

  /**
   * @param chain the levels down to the arrays at this path
   */
  private PathChoice array(PathStats s, long sampled, LevelChain chain) {
    if (s.level >= options.maxDepth()) {
      return pastDepth(s, sampled, "array", "elements");
    }
    if (s.element == null) {
      PathChoice r = PathChoice.residual(s, sampled); // only empty arrays, or elements past a limit
      r.reason = () -> "array: no elements";
      return r;
    }
    long arrays = s.count(TypeFamily.ARRAY);
    double otherElements = arrays == 0 ? 0 : Math.max(0, (double) s.element.present / arrays - 1);
    LevelChain elements = chain.intoArray(arrays, s.element.present);
    PathChoice element = choose(s.element, s.element.present, elements, otherElements);
    if (costModel) {
      return ListChoice.of(s, sampled, elements, element);
    }
    if (element.shape == PathChoice.Shape.RESIDUAL) {
      PathChoice r = PathChoice.residual(s, sampled);
      r.reason = () -> "array: its elements are not typed";
      r.notInPlan.add(element);
      return r;
    }
    PathChoice c = new PathChoice(s, sampled, PathChoice.Shape.ARRAY, TypeFamily.ARRAY, null);
    c.element = element;
    c.reason = () -> "array of typed elements";
    return c;
  }
}
