// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The words {@link Explanation} uses for a path that holds values of several families: which share
 * of them the typed column takes, and what the families that lost were estimated to save.
 */
final class Shares {
  private Shares() {}

  /**
   * Empty if {@code typed} are all non-null values of the path, else " (85% of 1000 non-null
   * values; 150 stay in the residual)".
   */
  static String of(PathStats stats, long typed) {
    long nonNull = stats.present - stats.count(TypeFamily.NULL);
    if (typed >= nonNull) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        " (%s of %d non-null values; %d stay in the residual)",
        percent(typed, nonNull),
        nonNull,
        nonNull - typed);
  }

  /** "85%", with a decimal where rounding would show 0% or 100% of a part that is neither. */
  static String percent(long part, long whole) {
    double p = 100.0 * part / whole;
    String s = String.format(Locale.ROOT, "%.0f%%", p);
    if ((s.equals("100%") && part < whole) || (s.equals("0%") && part > 0)) {
      s = String.format(Locale.ROOT, "%.1f%%", p);
    }
    return s;
  }

  /** "saves 1234 B" or "costs 1234 B". */
  static String verdict(double saved) {
    return String.format(Locale.ROOT, "%s %.0f B", saved > 0 ? "saves" : "costs", Math.abs(saved));
  }

  /**
   * The full reason of the first choice, then each other one briefly: "int32: costs 10 B: ...;
   * string costs 200 B".
   */
  static Supplier<String> verdicts(List<PathChoice> choices) {
    List<PathChoice> all = List.copyOf(choices);
    return () -> {
      StringBuilder sb = new StringBuilder(all.get(0).reason.get());
      all.subList(1, all.size()).forEach(c -> sb.append("; ").append(briefly(c)));
      return sb.toString();
    };
  }

  /**
   * "; also weighed (...): string saves 150 B on its own values, 200 B in all, object: no field
   * pays for a typed column". The choice is by what each type's own values save, not counting what
   * the values it leaves in the residual are estimated to gain there (which would favour the type
   * that leaves the most behind), so both are shown.
   */
  static Supplier<String> alternatives(PathChoice chosen, List<PathChoice> choices) {
    List<PathChoice> all = List.copyOf(choices);
    return () -> {
      StringBuilder sb =
          new StringBuilder("; also weighed (the type whose own values save most is typed; ")
              .append(chosen.typeName())
              .append("'s ")
              .append(verdict(chosen.ownSaved()).replaceFirst("^(saves|costs) ", ""))
              .append("): ");
      for (int i = 0; i < all.size(); i++) {
        PathChoice c = all.get(i);
        sb.append(i == 0 ? "" : ", ");
        if (c.shape == PathChoice.Shape.RESIDUAL || c.ownSaved() == c.saved()) {
          sb.append(briefly(c));
        } else {
          sb.append(c.typeName())
              .append(' ')
              .append(verdict(c.ownSaved()))
              .append(" on its own values, ")
              .append(verdict(c.saved()))
              .append(" in all");
        }
      }
      return sb.toString();
    };
  }

  /** A choice's type and verdict, or for an object or array none of whose leaves pays, why. */
  private static String briefly(PathChoice c) {
    return c.shape == PathChoice.Shape.RESIDUAL
        ? c.reason.get()
        : c.typeName() + " " + verdict(c.saved());
  }
}
