// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.core.Variant;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantType;
import io.variant.shredding.ShreddingPlan;
import java.util.Map;
import java.util.Objects;

/**
 * Infers a {@link ShreddingPlan} from a stream of Variants. Per path ({@code $.user.name}, {@code
 * $.items[*].price}) it counts how often the path is present among its parent objects and which
 * type families its values hold (boolean, exact numeric, float, double, string, date, each
 * timestamp kind, ...); {@link #result()} turns the counts into a plan and a {@link
 * CoverageReport}.
 *
 * <pre>{@code
 * PlanInference inference = PlanInference.create(InferenceOptions.defaults());
 * for (Variant v : sample) {
 *   inference.add(v);
 * }
 * InferenceResult result = inference.result();
 * String plan = result.plan().print();         // {"id": int64, "tags": [string]}
 * String table = result.coverage().format();   // a row per plan node: counts, shares, type, path
 * }</pre>
 *
 * (from {@code InferenceExamplesTest})
 *
 * <p><b>Rules</b> (thresholds in {@link InferenceOptions}; by default {@link CostModel} decides
 * which leaves pay for a column, and {@link InferenceResult#explanation()} says why for each path):
 *
 * <ul>
 *   <li>A path is typed with the family that holds at least {@code dominance} of its non-null
 *       values; the rest go to the residual. Variant nulls count as present but not toward any
 *       family: they have no typed form. No such family, or only nulls: the path is {@code
 *       variant}.
 *   <li>Exact numerics unify losslessly: integers to an integer type, with any decimal to {@code
 *       decimal(P,S)}, or {@code variant} past 38 digits; {@link TypeWidth} says how wide (by
 *       default with headroom for the rest of the file: int64 for ids and growing values). Float,
 *       double and strings never mix with them.
 *   <li>Under the default {@link Selection#COST_MODEL}, a leaf is typed only when its estimated
 *       saving is positive; fields that do not pay stay in their object's residual, and an object
 *       or array left with no typed leaf is {@code variant}, unless taking it out of its parent's
 *       residual pays for its cheapest field ({@link ObjectSeparation}). The one scalar field an
 *       object would leave in its residual is typed if that pays with the levels of the object's
 *       {@code value} column, which it leaves empty ({@link EmptiedResidual}).
 *   <li>An object path gets the fields present in at least {@code minPresence} of its objects,
 *       sorted by key in unsigned UTF-8 byte order (the order Variant objects store them, so the
 *       plan does not depend on which row came first). With no such field it is {@code variant}. A
 *       field whose values have no dominant family stays in the plan as {@code variant}: it gets
 *       its own binary column.
 *   <li>An array path's element plan is inferred over all elements of all its arrays. An array
 *       whose element plan would be {@code variant} is {@code variant}: a list of untyped elements
 *       stores the same bytes with more overhead.
 *   <li>Objects and arrays nest at most {@code maxDepth} levels; deeper values are not examined.
 *   <li>An object path keyed by data ({@link MapObjects}: hundreds of distinct keys, each in few of
 *       its objects) keeps only its keys in at least 1/{@link MapObjects#KEY_RATIO} of its objects
 *       once recognized, and tracks no new one, so its keys do not use up {@code maxTrackedPaths};
 *       the others stay in its residual.
 *   <li>Past {@code maxTypedColumns} typed leaves, the most present leaves are kept (ties: the
 *       earlier leaf in plan order) and the others go back to their parent's residual; objects left
 *       without fields and arrays left without an element go too.
 * </ul>
 *
 * <p><b>Determinism:</b> the plan depends only on the counts, and fields are sorted, so the same
 * sample gives the same plan in any row order, unless the {@code maxTrackedPaths} cap was reached
 * (paths are tracked in order of first appearance) or an object path was near the bar of a map
 * (judged as its keys arrive, and a map for good once judged one).
 *
 * <p><b>Limits:</b> memory is bounded by {@code maxTrackedPaths} paths of a few hundred bytes each
 * plus their keys, whatever the sample size. <b>Thread safety:</b> none; one instance serves one
 * thread.
 */
public final class PlanInference {
  /** The family whose distinct values and sizes the cost model weighs. */
  static final TypeFamily STRINGS = TypeFamily.of(VariantType.STRING);

  static final TypeFamily BOOLEANS = TypeFamily.of(VariantType.BOOLEAN_TRUE);

  private final InferenceOptions options;
  private final PathStats root = PathStats.root();
  private long rows;
  private int trackedPaths = 1;
  private long untrackedValues;
  private long visitsLeft; // per row: see add()

  private PlanInference(InferenceOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** An empty inference; feed it with {@link #add}. */
  public static PlanInference create(InferenceOptions options) {
    return new PlanInference(options);
  }

  /**
   * Infers from every Variant of {@code sample} (a {@code null} element is an SQL NULL row).
   *
   * @throws VariantFormatException if a Variant is malformed
   */
  public static InferenceResult infer(Iterable<Variant> sample, InferenceOptions options) {
    PlanInference inference = create(options);
    for (Variant v : sample) {
      inference.add(v);
    }
    return inference.result();
  }

  /**
   * Counts one row. {@code null} stands for an SQL NULL row: it counts as sampled but not present
   * at the root. Cost: O(size of the value down to {@code maxDepth}).
   *
   * @throws VariantFormatException if the Variant is malformed (unknown primitive type ids are not
   *     an error: they count as a family that stays in the residual), or if it nests more values
   *     than it has bytes: only offsets that share sub-values can do that, and following them could
   *     take exponential time. The counts may then include part of the row.
   */
  public void add(Variant v) {
    rows++;
    if (v != null) {
      // Every value of a tree takes at least its header byte. A scalar root needs no bound, and the
      // size of one of an unknown type is unknown.
      visitsLeft = v.isObject() || v.isArray() ? v.valueSize() : 1;
      observe(root, v);
    }
  }

  /** Number of {@link #add} calls so far. */
  public long rows() {
    return rows;
  }

  /**
   * The plan and coverage report for the rows added so far; inference may go on afterwards. Cost:
   * O(tracked paths × log).
   */
  public InferenceResult result() {
    return new PlanChooser(options, false).choose(root, rows, trackedPaths, untrackedValues);
  }

  /**
   * {@link #result()} with at most {@code maxTypedColumns} typed columns: the best ones by the cost
   * model (or the most present under {@link Selection#PRESENCE}). For a caller that measured the
   * plan too large, e.g. by writing the sample both ways.
   *
   * @throws IllegalArgumentException if {@code maxTypedColumns} is negative
   */
  public InferenceResult result(int maxTypedColumns) {
    boolean measured = maxTypedColumns < options.maxTypedColumns();
    InferenceOptions fewer =
        options.withMaxTypedColumns(Math.min(maxTypedColumns, options.maxTypedColumns()));
    return new PlanChooser(fewer, measured).choose(root, rows, trackedPaths, untrackedValues);
  }

  /**
   * {@link #result(int)} without the typed leaves {@code leftOut} names by path ({@code
   * $.user.lang}): each goes back to its parent's residual, and an object or array left without a
   * typed leaf goes too. For a caller that measured those leaves costing bytes, e.g. by writing the
   * sample without each; the explanation gives each left-out leaf its reason from {@code leftOut}.
   *
   * @throws IllegalArgumentException if {@code maxTypedColumns} is negative
   */
  public InferenceResult result(int maxTypedColumns, Map<String, String> leftOut) {
    boolean measured = maxTypedColumns < options.maxTypedColumns();
    InferenceOptions fewer =
        options.withMaxTypedColumns(Math.min(maxTypedColumns, options.maxTypedColumns()));
    return new PlanChooser(fewer, measured, leftOut)
        .choose(root, rows, trackedPaths, untrackedValues);
  }

  /** Counts {@code v} at {@code node}; returns its text if it is a string, else null. */
  private String observe(PathStats node, Variant v) {
    if (--visitsLeft < 0) {
      throw VariantFormatException.at(
          0,
          "the value holds more nested values than its bytes could encode"
              + " without sharing; its object or array offsets point at the same sub-values");
    }
    node.present++;
    TypeFamily family = family(v);
    node.families[family.ordinal()]++;
    boolean descend = node.level < options.maxDepth();
    if (family == TypeFamily.EXACT_NUMERIC) {
      node.numbers.add(v);
    } else if (family == BOOLEANS) {
      if (v.booleanValue()) {
        node.trues++;
      }
    } else if (family == STRINGS) {
      String text = v.stringValue();
      node.strings.add(text);
      node.stringBytes += v.valueSize();
      return text;
    } else if (family == TypeFamily.OBJECT && descend) {
      int n = v.fieldCount();
      node.fieldEntries += n;
      node.objectBytes += v.valueSize();
      PathStats[] stringFields = new PathStats[Math.min(n, CostModel.REPEAT_MAX_FIELDS)];
      String[] texts = new String[stringFields.length];
      int strings = 0;
      for (int i = 0; i < n; i++) {
        PathStats child = field(node, v.fieldName(i));
        if (child == null) {
          untrackedValues += node.mapKeys == 0 ? 1 : 0; // a map's rare keys are left out by design
        } else {
          String text = observe(child, v.fieldValue(i));
          if (text != null && strings < texts.length) {
            stringFields[strings] = child;
            texts[strings++] = text;
          }
        }
      }
      countRepeats(stringFields, texts, strings);
    } else if (family == TypeFamily.ARRAY && descend) {
      int n = v.size();
      node.countArray(n);
      if (n > 0 && node.element == null && track()) {
        node.element = node.newElement();
      }
      for (int i = 0; i < n; i++) {
        if (node.element == null) {
          untrackedValues++;
        } else {
          observe(node.element, v.element(i));
        }
      }
    }
    return null;
  }

  /**
   * Counts, per field, the strings of one object that contain or are contained in another of its
   * strings ({@link CostModel.Kind#REPEATED_STRING}). At most {@link CostModel#REPEAT_MAX_FIELDS}
   * strings, compared pairwise.
   */
  private static void countRepeats(PathStats[] fields, String[] texts, int n) {
    for (int i = 0; i < n; i++) {
      if (texts[i].length() < CostModel.REPEAT_MIN_CHARS) {
        continue;
      }
      for (int j = 0; j < n; j++) {
        if (j != i
            && texts[j].length() >= CostModel.REPEAT_MIN_CHARS
            && shareText(texts[i], texts[j])) {
          fields[i].stringsRepeated++;
          break;
        }
      }
    }
  }

  private static boolean shareText(String a, String b) {
    return a.length() >= b.length() ? a.contains(b) : b.contains(a);
  }

  /**
   * The child for field {@code name}, created if the cap allows; {@code null} if it is not tracked.
   */
  private PathStats field(PathStats node, String name) {
    PathStats child = node.fields.get(name);
    if (child != null || node.mapKeys > 0) {
      return child; // a map tracks no new key
    }
    if (MapObjects.recognized(node)) {
      trackedPaths -= MapObjects.forget(node);
      return null;
    }
    if (track()) {
      child = node.newField(name);
      node.fields.put(name, child);
    }
    return child;
  }

  private boolean track() {
    if (trackedPaths >= options.maxTrackedPaths()) {
      return false;
    }
    trackedPaths++;
    return true;
  }

  private static TypeFamily family(Variant v) {
    VariantType type;
    try {
      type = v.type();
    } catch (VariantFormatException e) {
      // type() reads only the header byte, which construction already bounds-checked, so this is a
      // primitive id newer than this library: the spec adds types without a version bump.
      return TypeFamily.UNKNOWN;
    }
    return TypeFamily.of(type);
  }
}
