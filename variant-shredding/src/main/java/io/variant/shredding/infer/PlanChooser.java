package io.variant.shredding.infer;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns {@link PlanInference}'s counters into a plan and its coverage report, following the rules in
 * {@link PlanInference}'s class comment. Reads the counters only, so a result can be taken at any time.
 */
final class PlanChooser {
  private enum Shape {
    RESIDUAL,
    SCALAR,
    OBJECT,
    ARRAY
  }

  /** The decision for one path. Only {@code kept} and {@code fields} change, while the budget applies. */
  private static final class Choice {
    final PathStats stats;
    final long sampled;
    final Shape shape;
    final TypeFamily family; // the typed family; meaningless for RESIDUAL
    final ShreddedType scalar; // SCALAR only
    final List<Choice> fields = new ArrayList<>(); // OBJECT only
    Choice element; // ARRAY only
    boolean kept = true;

    Choice(PathStats stats, long sampled, Shape shape, TypeFamily family, ShreddedType scalar) {
      this.stats = stats;
      this.sampled = sampled;
      this.shape = shape;
      this.family = family;
      this.scalar = scalar;
    }

    long typed() {
      return shape == Shape.RESIDUAL ? 0 : stats.count(family);
    }
  }

  private final InferenceOptions options;

  PlanChooser(InferenceOptions options) {
    this.options = options;
  }

  InferenceResult choose(PathStats root, long rows, int trackedPaths, long untrackedValues) {
    Choice top = choose(root, rows);
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
    return new InferenceResult(plan, new CoverageReport(report, rows, trackedPaths, typedColumns, untrackedValues, options));
  }

  private Choice choose(PathStats stats, long sampled) {
    TypeFamily family = dominant(stats);
    return family == null ? residual(stats, sampled) : typed(stats, sampled, family);
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
    return nonNull > 0 && Ratio.atLeast(stats.count(best), nonNull, options.dominance()) ? best : null;
  }

  /** The one place that maps a dominant family to a plan node. */
  private Choice typed(PathStats s, long sampled, TypeFamily f) {
    return switch (f) {
      case BOOLEAN -> scalar(s, sampled, f, ShreddedType.BOOLEAN);
      case EXACT_NUMERIC -> {
        ShreddedType t = s.numbers.type(options.typeWidth(), s.key);
        yield t == null ? residual(s, sampled) : scalar(s, sampled, f, t);
      }
      case FLOAT -> scalar(s, sampled, f, ShreddedType.FLOAT);
      case DOUBLE -> scalar(s, sampled, f, ShreddedType.DOUBLE);
      case DATE -> scalar(s, sampled, f, ShreddedType.DATE);
      case TIME -> scalar(s, sampled, f, ShreddedType.TIME);
      case TIMESTAMP -> scalar(s, sampled, f, ShreddedType.TIMESTAMP);
      case TIMESTAMP_NTZ -> scalar(s, sampled, f, ShreddedType.TIMESTAMP_NTZ);
      case TIMESTAMP_NANOS -> scalar(s, sampled, f, ShreddedType.TIMESTAMP_NANOS);
      case TIMESTAMP_NTZ_NANOS -> scalar(s, sampled, f, ShreddedType.TIMESTAMP_NTZ_NANOS);
      case BINARY -> scalar(s, sampled, f, ShreddedType.BINARY);
      case STRING -> scalar(s, sampled, f, ShreddedType.STRING);
      case UUID -> scalar(s, sampled, f, ShreddedType.UUID);
      case OBJECT -> object(s, sampled);
      case ARRAY -> array(s, sampled);
      case NULL, UNKNOWN -> residual(s, sampled);
    };
  }

  private static Choice residual(PathStats s, long sampled) {
    return new Choice(s, sampled, Shape.RESIDUAL, TypeFamily.UNKNOWN, null);
  }

  private static Choice scalar(PathStats s, long sampled, TypeFamily f, ShreddedType type) {
    return new Choice(s, sampled, Shape.SCALAR, f, type);
  }

  private Choice object(PathStats s, long sampled) {
    long objects = s.count(TypeFamily.OBJECT);
    Choice c = new Choice(s, sampled, Shape.OBJECT, TypeFamily.OBJECT, null);
    List<PathStats> children = new ArrayList<>(s.fields.values());
    children.sort(Comparator.comparing((PathStats p) -> p.key, PlanChooser::compareCodePoints));
    for (PathStats child : children) {
      if (Ratio.atLeast(child.present, objects, options.minPresence())) {
        c.fields.add(choose(child, objects));
      }
    }
    return c.fields.isEmpty() ? residual(s, sampled) : c;
  }

  private Choice array(PathStats s, long sampled) {
    if (s.element == null) {
      return residual(s, sampled); // only empty arrays, or elements beyond a limit
    }
    Choice element = choose(s.element, s.element.present);
    if (element.shape == Shape.RESIDUAL) {
      return residual(s, sampled);
    }
    Choice c = new Choice(s, sampled, Shape.ARRAY, TypeFamily.ARRAY, null);
    c.element = element;
    return c;
  }

  private static void collectLeaves(Choice c, List<Choice> out) {
    switch (c.shape) {
      case SCALAR -> out.add(c);
      case OBJECT -> c.fields.forEach(f -> collectLeaves(f, out));
      case ARRAY -> collectLeaves(c.element, out);
      case RESIDUAL -> { }
    }
  }

  /** Marks all but the {@code maxTypedColumns} most present leaves as dropped; ties keep plan order. */
  private void applyBudget(List<Choice> leavesInPlanOrder) {
    List<Integer> ranked = new ArrayList<>();
    for (int i = 0; i < leavesInPlanOrder.size(); i++) {
      ranked.add(i);
    }
    ranked.sort(Comparator.comparingLong((Integer i) -> -leavesInPlanOrder.get(i).stats.present).thenComparing(i -> i));
    for (int r = options.maxTypedColumns(); r < ranked.size(); r++) {
      leavesInPlanOrder.get(ranked.get(r)).kept = false;
    }
  }

  /** Removes dropped nodes bottom-up; returns whether {@code c} itself stays. */
  private static boolean prune(Choice c) {
    switch (c.shape) {
      case OBJECT -> {
        c.fields.removeIf(f -> !prune(f));
        c.kept = !c.fields.isEmpty();
      }
      case ARRAY -> c.kept = prune(c.element);
      case SCALAR, RESIDUAL -> { }
    }
    return c.kept;
  }

  /** The plan of {@code c}, adding a coverage row per node in plan order (pre-order). */
  private static ShreddingPlan build(Choice c, List<CoverageReport.Row> rows) {
    String type = switch (c.shape) {
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

  /** Unicode code point order, which is the unsigned UTF-8 byte order Variant objects sort keys by. */
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
