// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@link PlanChooser}'s choice for a path of arrays under the cost model, once its elements are
 * chosen. Two shapes are weighed against the arrays staying whole in the residual, and the one that
 * saves most is typed if it saves anything:
 *
 * <ul>
 *   <li>the list with the elements' choice (a typed scalar, object or list), costed by {@link
 *       ListCosts#typedList} or {@link CostModel#objectList};
 *   <li>for lists of scalars only, the list with no typed element ({@code [variant]}): its elements
 *       in one value column, costed by {@link ListCosts#untypedList}. Where scalars of several
 *       types mix (strings and numbers in one row), that can save more than any one typed column,
 *       whose levels then mark which elements it holds.
 * </ul>
 */
final class ListChoice {
  private ListChoice() {}

  /**
   * @param s the path of the arrays
   * @param elementLevels the levels down to the elements
   * @param element the elements' choice
   */
  static PathChoice of(PathStats s, long sampled, LevelChain elementLevels, PathChoice element) {
    long arrays = s.count(TypeFamily.ARRAY);
    long elements = s.element.present;
    long separated = ListCosts.separatedElements(s.element);
    List<PathChoice> weighed = new ArrayList<>();
    PathChoice typedElement =
        element.shape == PathChoice.Shape.RESIDUAL ? element.declined : element;
    PathChoice typed = null;
    if (typedElement != null) {
      typed = list(s, sampled, typedElement);
      typed.listEstimate =
          typedElement.shape == PathChoice.Shape.SCALAR
              ? ListCosts.typedList(separated, typedElement.saved(), arrays, s.lengthEntropyBits())
              : CostModel.objectList(elements, typedElement.saved());
      weighed.add(typed);
    }
    if (scalarsOnly(s.element)) {
      PathChoice untyped = list(s, sampled, PathChoice.residual(s.element, elements));
      Supplier<String> own = element.reason;
      untyped.element.estimate = element.estimate; // what typing the elements was estimated at
      untyped.element.reason =
          () -> "variant, every element in the elements' value column: " + own.get();
      untyped.listEstimate =
          ListCosts.untypedList(separated, arrays, s.lengthEntropyBits(), elementLevels);
      weighed.add(untyped);
    }
    if (weighed.isEmpty()) {
      PathChoice r = PathChoice.residual(s, sampled);
      r.reason = () -> "array: its elements are not typed";
      r.notInPlan.add(element);
      return r;
    }
    PathChoice best = weighed.get(0);
    for (PathChoice c : weighed) {
      if (c.saved() > best.saved()) {
        best = c;
      }
    }
    String share = Shares.of(s, s.count(TypeFamily.ARRAY));
    Supplier<String> others = others(best, weighed);
    if (best.saved() <= 0) {
      PathChoice r = PathChoice.residual(s, sampled);
      CostModel.ListEstimate estimate = best.listEstimate;
      String label = label(best);
      r.reason = () -> "array as " + label + ": " + estimate.explain() + others.get();
      r.notInPlan.add(element);
      r.declined = typed; // its object may type it for its own separation
      return r;
    }
    CostModel.ListEstimate estimate = best.listEstimate;
    String label = label(best);
    best.reason = () -> "array" + share + " as " + label + ": " + estimate.explain() + others.get();
    if (best != typed && typedElement != null) {
      best.notInPlan.addAll(typedElement.notInPlan);
    }
    return best;
  }

  private static PathChoice list(PathStats s, long sampled, PathChoice element) {
    PathChoice c = new PathChoice(s, sampled, PathChoice.Shape.ARRAY, TypeFamily.ARRAY, null);
    c.element = element;
    return c;
  }

  /** Whether every element seen is a scalar or null: no objects, no lists. */
  private static boolean scalarsOnly(PathStats element) {
    return element.count(TypeFamily.OBJECT) == 0 && element.count(TypeFamily.ARRAY) == 0;
  }

  /** "[string]", "[variant]", "[object]". */
  private static String label(PathChoice list) {
    return "[" + list.element.typeName() + "]";
  }

  /** "; also weighed: [variant] saves 120 B", or nothing. */
  private static Supplier<String> others(PathChoice best, List<PathChoice> weighed) {
    List<PathChoice> rest = new ArrayList<>(weighed);
    rest.remove(best);
    return () -> {
      StringBuilder sb = new StringBuilder();
      for (PathChoice c : rest) {
        sb.append(sb.length() == 0 ? "; also weighed: " : ", ")
            .append(label(c))
            .append(' ')
            .append(Shares.verdict(c.saved()));
      }
      return sb.toString();
    };
  }
}
