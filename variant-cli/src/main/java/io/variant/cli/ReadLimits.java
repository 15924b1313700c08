package io.variant.cli;

import io.variant.core.Limits;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The limits of commands that read Variants ({@code decode}, {@code cat}, {@code get}, {@code inspect}); a
 * picocli mixin. The same names and defaults as the JSON options of {@code encode} and {@code convert}
 * ({@link JsonInputOptions}), so what one writes under {@code --max-depth N} the other reads under it.
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
      description = "Largest output of one value: JSON text or a rebuilt Variant (default: ${DEFAULT-VALUE}). "
          + "Offsets may share sub-values, so a small value can expand without bound: past this size its row "
          + "fails with exit code 4.")
  long maxValueBytes;

  /** The limits; a usage error if out of range. */
  Limits limits() {
    return JsonInputOptions.limits(spec, maxDepth, maxValueBytes);
  }
}
