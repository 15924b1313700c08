// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.shredding.PlanSyntaxException;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The {@code --plan} argument of {@link ConvertJob}: the plan's text, or {@code @FILE} for a file
 * on any Hadoop file system, read up to its first blank line (so that the output of {@code variant
 * plan}, a plan followed by a blank line and a coverage table, works as it is).
 */
final class PlanFiles {
  private PlanFiles() {}

  /**
   * @throws IllegalArgumentException if the text is not a plan
   * @throws UncheckedIOException if the file cannot be read
   */
  static ShreddingPlan parse(String arg, Configuration conf) {
    String text = arg;
    if (arg.startsWith("@")) {
      Path file = new Path(arg.substring(1));
      try (InputStream in = file.getFileSystem(conf).open(file)) {
        text = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R[ \\t]*\\R", 2)[0];
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot read the plan from " + file + ": " + e.getMessage(), e);
      }
    }
    try {
      return ShreddingPlan.parse(text);
    } catch (PlanSyntaxException e) {
      throw new IllegalArgumentException("--plan " + arg + ": " + e.getMessage(), e);
    }
  }
}
