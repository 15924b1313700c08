// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Limits;
import io.variant.parquet.read.VariantReadOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The limits of every command that reads JSON or Variants: {@code --max-depth} and {@code
 * --max-value-size}; a picocli mixin. The same names and defaults as the JSON options of {@code
 * encode} and {@code convert} ({@link JsonInputOptions}), so what one writes under {@code
 * --max-depth N} the other reads under it.
 */
final class ReadLimits {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--max-depth",
      defaultValue = "1000",
      paramLabel = "N",
      description = "Deepest nesting of objects and arrays accepted (default: ${DEFAULT-VALUE}).")
  int maxDepth;

  @Option(
      names = "--max-value-size",
      defaultValue = "128M",
      converter = ByteSize.class,
      paramLabel = "SIZE",
      description =
          "Largest value of one row, encoded or rendered as JSON, e.g. 16M (default: ${DEFAULT-VALUE}); "
              + "past it the row fails with exit code 4. Offsets may share sub-values, so a small stored value can "
              + "expand without bound when rendered.")
  long maxValueBytes;

  @Option(
      names = "--max-expansion",
      defaultValue = "" + Limits.DEFAULT_MAX_EXPANSION,
      paramLabel = "N",
      description =
          "Work allowed to render or rebuild one value, as a multiple of its stored size "
              + "(default: ${DEFAULT-VALUE}); only values whose offsets share sub-values come near it.")
  int maxExpansion;

  /** The limits; a usage error if out of range. */
  Limits limits() {
    if (maxExpansion < 1 || maxExpansion > 1 << 20) {
      throw new ParameterException(
          spec.commandLine(), "--max-expansion must be between 1 and 1048576, was " + maxExpansion);
    }
    return JsonInputOptions.limits(spec, maxDepth, maxValueBytes).withMaxExpansion(maxExpansion);
  }

  /** Read options whose rebuilding of shredded values stays within {@link #limits()}. */
  VariantReadOptions readOptions() {
    VariantReadOptions defaults = VariantReadOptions.defaults();
    return defaults.withRebuild(defaults.rebuild().withLimits(limits()));
  }
}
