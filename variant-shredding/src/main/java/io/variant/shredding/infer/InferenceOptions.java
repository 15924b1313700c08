// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.core.Limits;
import io.variant.shredding.NumericWidening;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The knobs of {@link PlanInference}. Start from {@link #defaults()} and change one at a time:
 *
 * <pre>{@code
 * InferenceOptions options = InferenceOptions.defaults().withMinPresence(0.5).withDominance(0.95);
 * }</pre>
 *
 * @param minPresence share of its parent objects (0 to 1) in which a field must appear to get its
 *     own slot in the plan. <b>Default 0</b>: the cost model weighs presence itself (a slot costs
 *     every row a definition level and, per row group, a column chunk, whether the field is there
 *     or not). Under {@link Selection#PRESENCE}, 0.10 is the usual choice.
 * @param dominance share (0 to 1) of a path's non-null values that one type family must hold to be
 *     typed at all; the values of other families go to the residual. <b>Default 0</b>: no floor, as
 *     under the cost model the share is one input of each family's estimate (values outside the
 *     family stay in the path's residual, and their levels count), so that a few rows of another
 *     type do not veto a column that pays for the rest: object rows among array rows, a number
 *     field with rare strings like "n/a", strings among a list's numbers. Under {@link
 *     Selection#PRESENCE}, which weighs nothing, {@link #PRESENCE_DOMINANCE} is the usual choice:
 *     with less, a path whose residual is populated on most pages (which blocks statistics-based
 *     skipping) would be split into two half-used columns.
 * @param maxTypedColumns most typed ({@code typed_value}) leaf columns the plan may have; past it
 *     the least present paths go back to their parent's residual. <b>Default 300.</b> Every column
 *     costs writer memory (an open page per column) and footer metadata per row group; 300 holds
 *     typical event and log schemas whole while keeping the Parquet schema readable.
 * @param maxDepth most levels of objects and arrays in the plan, the root's counted (0 allows only
 *     a scalar or {@code variant} root, 1 the root object's or array's children). <b>Default
 *     50.</b> Each plan level adds two or three Parquet group levels; real documents rarely nest
 *     meaningfully past about ten, and the bound also caps the recursion of inference. At most
 *     {@link Limits#maxDepth()} of the default limits.
 * @param maxTrackedPaths most distinct paths inference keeps counters for. <b>Default 10,000.</b>
 *     Bounds memory (a few hundred bytes per path) whatever the keys. Objects keyed by data (maps
 *     of package names or ids) stop being tracked once recognized, so they seldom reach it. Once
 *     reached, paths not seen before are not tracked and their values stay in the parent's residual
 *     ({@link CoverageReport#untrackedValues()}); as paths are tracked in order of first
 *     appearance, the plan then depends on the order of the sample.
 * @param selection how paths are picked: {@link Selection#COST_MODEL} (<b>the default</b>) types a
 *     leaf only when {@link CostModel} expects it to save bytes; {@link Selection#PRESENCE} types
 *     whatever passes the thresholds.
 * @param typeWidth how wide numeric columns are: {@link TypeWidth#FILE} (<b>the default</b>) leaves
 *     headroom for the values of the whole file, {@link TypeWidth#SAMPLE} fits the sample exactly.
 * @param widening the numeric widening the plan will be written with, so that an integer or decimal
 *     column takes the values that widening lets in: under {@link NumericWidening#LOSSLESS} (<b>the
 *     default</b>) one column takes every number; under {@link NumericWidening#SAME_SCALE} a column
 *     takes the numbers of its scale, so it gets the scale most sampled values have; under {@link
 *     NumericWidening#STRICT} the Variant type and scale most have. The values left out count as
 *     residual in the cost model and the coverage report.
 */
public record InferenceOptions(
    double minPresence,
    double dominance,
    int maxTypedColumns,
    int maxDepth,
    int maxTrackedPaths,
    TypeWidth typeWidth,
    Selection selection,
    NumericWidening widening) {
  private static final InferenceOptions DEFAULTS =
      new InferenceOptions(
          0.0,
          0.0,
          300,
          50,
          10_000,
          TypeWidth.FILE,
          Selection.COST_MODEL,
          NumericWidening.LOSSLESS);

  /**
   * Checks the ranges given above.
   *
   * @throws IllegalArgumentException naming the option and its allowed range
   */
  public InferenceOptions {
    if (!(minPresence >= 0 && minPresence <= 1)) {
      throw new IllegalArgumentException(
          "Cannot use minPresence " + minPresence + ": it must be in [0, 1]");
    }
    if (!(dominance >= 0 && dominance <= 1)) {
      throw new IllegalArgumentException(
          "Cannot use dominance " + dominance + ": it must be in [0, 1]");
    }
    if (maxTypedColumns < 0) {
      throw new IllegalArgumentException(
          "Cannot use maxTypedColumns " + maxTypedColumns + ": it must be at least 0");
    }
    int deepest = Limits.defaults().maxDepth();
    if (maxDepth < 0 || maxDepth > deepest) {
      throw new IllegalArgumentException(
          "Cannot use maxDepth " + maxDepth + ": it must be in [0, " + deepest + "]");
    }
    Objects.requireNonNull(typeWidth, "typeWidth");
    Objects.requireNonNull(selection, "selection");
    Objects.requireNonNull(widening, "widening");
    if (maxTrackedPaths < 1) {
      throw new IllegalArgumentException(
          "Cannot use maxTrackedPaths " + maxTrackedPaths + ": it must be at least 1");
    }
  }

  /**
   * The usual {@link #dominance()} under {@link Selection#PRESENCE}: the family a path is typed
   * with must hold 90% of its non-null values.
   */
  public static final double PRESENCE_DOMINANCE = 0.90;

  /**
   * minPresence 0, dominance 0, 300 typed columns, depth 50, 10,000 tracked paths, file-wide types,
   * cost model, lossless widening.
   */
  public static InferenceOptions defaults() {
    return DEFAULTS;
  }

  /**
   * These options with {@link #minPresence()} set to {@code share}.
   *
   * @throws IllegalArgumentException if it is out of range
   */
  public InferenceOptions withMinPresence(double share) {
    return with(c -> c.minPresence = share);
  }

  /**
   * These options with {@link #dominance()} set to {@code share}.
   *
   * @throws IllegalArgumentException if it is out of range
   */
  public InferenceOptions withDominance(double share) {
    return with(c -> c.dominance = share);
  }

  /**
   * These options with {@link #maxTypedColumns()} set to {@code columns}.
   *
   * @throws IllegalArgumentException if it is out of range
   */
  public InferenceOptions withMaxTypedColumns(int columns) {
    return with(c -> c.maxTypedColumns = columns);
  }

  /**
   * These options with {@link #maxDepth()} set to {@code depth}.
   *
   * @throws IllegalArgumentException if it is out of range
   */
  public InferenceOptions withMaxDepth(int depth) {
    return with(c -> c.maxDepth = depth);
  }

  /**
   * These options with {@link #maxTrackedPaths()} set to {@code paths}.
   *
   * @throws IllegalArgumentException if it is out of range
   */
  public InferenceOptions withMaxTrackedPaths(int paths) {
    return with(c -> c.maxTrackedPaths = paths);
  }

  /** These options with {@link #typeWidth()} set to {@code width}. */
  public InferenceOptions withTypeWidth(TypeWidth width) {
    return with(c -> c.typeWidth = width);
  }

  /**
   * The presence rule: {@link Selection#PRESENCE}, fields present in at least 10% of their parent
   * objects, typed with a family that holds {@link #PRESENCE_DOMINANCE} of their non-null values;
   * the other settings as in {@link #defaults()}. For a sample too small or too early to weigh (a
   * writer's first rows).
   */
  public static InferenceOptions presenceRule() {
    return DEFAULTS
        .withSelection(Selection.PRESENCE)
        .withMinPresence(0.10)
        .withDominance(PRESENCE_DOMINANCE);
  }

  /** These options with {@link #selection()} set to {@code s}. */
  public InferenceOptions withSelection(Selection s) {
    return with(c -> c.selection = s);
  }

  /** These options with {@link #widening()} set to {@code w}. */
  public InferenceOptions withWidening(NumericWidening w) {
    return with(c -> c.widening = w);
  }

  /**
   * The one place a changed copy is made: every {@code with} method changes one field of a draft,
   * and the canonical constructor checks the result.
   */
  private InferenceOptions with(Consumer<Draft> change) {
    Draft d = new Draft(this);
    change.accept(d);
    return new InferenceOptions(
        d.minPresence,
        d.dominance,
        d.maxTypedColumns,
        d.maxDepth,
        d.maxTrackedPaths,
        d.typeWidth,
        d.selection,
        d.widening);
  }

  /** The fields of an {@link InferenceOptions} being changed; checked only once built. */
  private static final class Draft {
    double minPresence;
    double dominance;
    int maxTypedColumns;
    int maxDepth;
    int maxTrackedPaths;
    TypeWidth typeWidth;
    Selection selection;
    NumericWidening widening;

    Draft(InferenceOptions o) {
      minPresence = o.minPresence;
      dominance = o.dominance;
      maxTypedColumns = o.maxTypedColumns;
      maxDepth = o.maxDepth;
      maxTrackedPaths = o.maxTrackedPaths;
      typeWidth = o.typeWidth;
      selection = o.selection;
      widening = o.widening;
    }
  }
}
