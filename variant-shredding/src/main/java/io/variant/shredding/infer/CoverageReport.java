// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.shredding.PlanText;
import java.util.List;
import java.util.Locale;

/**
 * How much of a sample an inferred plan types, path by path: one {@link Row} per plan node, in plan
 * order (pre-order: an object, then each field and its subtree; an array, then its element). {@link
 * #format()} renders it as a table for a terminal:
 *
 * <pre>
 * sampled  present    typed  residual  type     path
 *     100   100.0%   100.0%      0.0%  object   $
 *     100   100.0%    95.0%      5.0%  int64    $.id
 *     100    40.0%   100.0%      0.0%  array    $.tags
 *     130   100.0%   100.0%      0.0%  string   $.tags[*]
 *
 * 100 rows sampled; 4 paths tracked, 4 in the plan; 2 typed columns (limit 300)
 * thresholds: presence 10.0%, dominance 90.0%, depth 50
 * </pre>
 *
 * Immutable.
 */
public final class CoverageReport {
  /**
   * One path of the plan.
   *
   * @param path JSONPath-like: {@code $}, {@code $.user.name}, {@code $.items[*].price}, {@code
   *     $["a b"]}
   * @param sampled how often the path could have held a value: rows for {@code $}, parent objects
   *     for a field, elements of all arrays for {@code [*]}
   * @param present how often it did hold one, Variant nulls included (≤ {@code sampled})
   * @param typed how many present values go into the typed column under the plan, with lossless
   *     numeric widening (≤ {@code present}; 0 for {@code variant})
   * @param type the plan node: a scalar type's text form, {@code object}, {@code array} or {@code
   *     variant}
   */
  public record Row(String path, long sampled, long present, long typed, String type) {
    /** Present values that go to the residual: {@code present - typed}. */
    public long residual() {
      return present - typed;
    }

    /** {@code present} as a percentage of {@code sampled}; NaN if nothing was sampled. */
    public double presentPercent() {
      return percent(present, sampled);
    }

    /** {@code typed} as a percentage of {@code present}; NaN if nothing was present. */
    public double typedPercent() {
      return percent(typed, present);
    }

    /** {@code residual()} as a percentage of {@code present}; NaN if nothing was present. */
    public double residualPercent() {
      return percent(residual(), present);
    }
  }

  /**
   * How a field name extends a {@link Row#path()}: {@code .name} for names of letters, digits and
   * '_' not starting with a digit, else {@code ["..."]}, quoted as in the plan text form.
   */
  public static String fieldSegment(String name) {
    return PlanText.fieldSegment(name);
  }

  private final List<Row> rows;
  private final long sampledRows;
  private final int trackedPaths;
  private final int typedColumns;
  private final long untrackedValues;
  private final InferenceOptions options;
  private final boolean measured; // the typed-column limit is the size check's, not the user's

  CoverageReport(
      List<Row> rows,
      long sampledRows,
      int trackedPaths,
      int typedColumns,
      long untrackedValues,
      InferenceOptions options,
      boolean measured) {
    this.rows = List.copyOf(rows);
    this.sampledRows = sampledRows;
    this.trackedPaths = trackedPaths;
    this.typedColumns = typedColumns;
    this.untrackedValues = untrackedValues;
    this.options = options;
    this.measured = measured;
  }

  /** One row per plan node, in plan order; the first is {@code $}. */
  public List<Row> rows() {
    return rows;
  }

  /**
   * The row of {@code path} (as {@link Row#path()} writes it), or {@code null} if it is not in the
   * plan.
   */
  public Row row(String path) {
    for (Row r : rows) {
      if (r.path().equals(path)) {
        return r;
      }
    }
    return null;
  }

  /** Rows given to inference, SQL NULL rows included. */
  public long sampledRows() {
    return sampledRows;
  }

  /**
   * Distinct paths inference kept counters for, {@code $} included; at most {@code
   * maxTrackedPaths}.
   */
  public int trackedPaths() {
    return trackedPaths;
  }

  /** Typed leaf columns of the plan; at most {@code maxTypedColumns}. */
  public int typedColumns() {
    return typedColumns;
  }

  /**
   * Values not examined because their path appeared after the {@code maxTrackedPaths} cap was
   * reached; they stay in their parent's residual. 0 unless the cap was reached.
   */
  public long untrackedValues() {
    return untrackedValues;
  }

  /** The options inference ran with. */
  public InferenceOptions options() {
    return options;
  }

  /**
   * The report as an aligned text table, one line per row, then a summary; lines end with {@code
   * \n}. Percentages have one decimal; a share that rounds to 0 or 100 without being exact shows as
   * {@code <0.1%} or {@code >99.9%}, and a share of nothing as {@code -}. The path comes last, so
   * long paths do not break the alignment.
   */
  public String format() {
    int sampledWidth = "sampled".length();
    int typeWidth = "type".length();
    for (Row r : rows) {
      sampledWidth = Math.max(sampledWidth, Long.toString(r.sampled()).length());
      typeWidth = Math.max(typeWidth, r.type().length());
    }
    String line = "%" + sampledWidth + "s  %7s  %7s  %8s  %-" + typeWidth + "s  %s\n";
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT, line, "sampled", "present", "typed", "residual", "type", "path"));
    for (Row r : rows) {
      out.append(
          String.format(
              Locale.ROOT,
              line,
              r.sampled(),
              shown(r.present(), r.sampled()),
              shown(r.typed(), r.present()),
              shown(r.residual(), r.present()),
              r.type(),
              r.path()));
    }
    out.append('\n');
    out.append(
        String.format(
            Locale.ROOT,
            "%d rows sampled; %d paths tracked, %d in the plan; %d typed columns (%s %d)\n",
            sampledRows,
            trackedPaths,
            rows.size(),
            typedColumns,
            measured ? "the size check's limit" : "limit",
            options.maxTypedColumns()));
    out.append(
        String.format(
            Locale.ROOT,
            "thresholds: presence %.1f%%, dominance %.1f%%, depth %d\n",
            100 * options.minPresence(),
            100 * options.dominance(),
            options.maxDepth()));
    if (untrackedValues > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "%d values not examined: the cap of %d tracked paths was reached\n",
              untrackedValues,
              options.maxTrackedPaths()));
    }
    return out.toString();
  }

  private static double percent(long part, long whole) {
    return whole == 0 ? Double.NaN : 100.0 * part / whole;
  }

  private static String shown(long part, long whole) {
    if (whole == 0) {
      return "-";
    }
    String s = String.format(Locale.ROOT, "%.1f%%", percent(part, whole));
    if (part != whole && s.equals("100.0%")) {
      return ">99.9%";
    }
    return part != 0 && s.equals("0.0%") ? "<0.1%" : s;
  }

  /** The formatted table. */
  @Override
  public String toString() {
    return format();
  }
}
