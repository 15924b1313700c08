// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.DuplicateKeys;
import io.variant.core.Limits;
import io.variant.core.json.JsonOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * How commands that read JSON documents parse them ({@code encode}, {@code convert}): the input
 * format, duplicate keys, and the depth and size limits ({@link ReadLimits}, shared with the
 * reading commands); a picocli mixin. The same options mean the same on every command, so what
 * {@code encode --max-depth N} writes, {@code decode --max-depth N} reads.
 */
final class JsonInputOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--input-format",
      defaultValue = "auto",
      paramLabel = "auto|ndjson|json",
      description =
          "ndjson: one document per line; json: one "
              + "top-level array whose elements are the documents, or documents separated by whitespace; auto "
              + "(default): ndjson for *.ndjson and *.jsonl files and for input whose first line is a whole JSON "
              + "value (so a one-line array is one row), else json.")
  InputFormat format;

  @Option(
      names = "--duplicate-keys",
      defaultValue = "REJECT",
      paramLabel = "POLICY",
      description =
          "A key repeated in one object: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  DuplicateKeys duplicateKeys;

  @Mixin ReadLimits limits;

  /** The parser options; a usage error for an out-of-range limit. */
  JsonOptions options() {
    return JsonOptions.defaults().withDuplicateKeys(duplicateKeys).withLimits(limits.limits());
  }

  /**
   * Limits from {@code --max-depth} and {@code --max-value-size}, shared with the reading commands.
   *
   * @throws ParameterException if either is out of range
   */
  static Limits limits(CommandSpec spec, int maxDepth, long maxValueBytes) {
    if (maxDepth < 1) {
      throw new ParameterException(
          spec.commandLine(), "--max-depth must be at least 1, was " + maxDepth);
    }
    if (maxValueBytes < 16 || maxValueBytes > Limits.MAX_ARRAY_BYTES) {
      throw new ParameterException(
          spec.commandLine(),
          "--max-value-size must be between 16 bytes and 2G, was " + maxValueBytes + " bytes");
    }
    return Limits.defaults().withMaxDepth(maxDepth).withMaxValueBytes((int) maxValueBytes);
  }
}
