// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code --limit N} option of commands that print one line per row; a picocli mixin. */
final class RowLimit {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  private long rows = -1; // -1: every row

  @Option(names = "--limit", paramLabel = "N", description = "Print at most N rows (default: all).")
  void setRows(long n) {
    if (n < 0) {
      throw new ParameterException(spec.commandLine(), "--limit must be at least 0, was " + n);
    }
    rows = n;
  }

  /** A limit of {@code n} rows, set by a command rather than by {@code --limit}. */
  static RowLimit first(long n) {
    RowLimit limit = new RowLimit();
    limit.rows = n;
    return limit;
  }

  /** How many more rows may be printed after {@code printed}: {@link Long#MAX_VALUE} if all. */
  long remaining(long printed) {
    return rows < 0 ? Long.MAX_VALUE : Math.max(0, rows - printed);
  }

  /** True if row {@code index} (0-based) is to be printed. */
  boolean allows(long index) {
    return rows < 0 || index < rows;
  }
}
