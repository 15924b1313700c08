// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** {@code variant convert --engine mapreduce} in process, for the MapReduce engine's tests. */
final class MapReduceRuns {
  private MapReduceRuns() {}

  /**
   * Converts {@code in} to {@code out} with {@code options}, in splits of about a {@code pieces}-th
   * of the input each.
   */
  static CliRunner.Result convert(Path in, Path out, int pieces, String... options)
      throws IOException {
    return CliRunner.run("", arguments(in, out, pieces, options).toArray(String[]::new));
  }

  /** As {@link #convert}, with a clock that moves a second per read (progress always draws). */
  static CliRunner.Result convertTicking(Path in, Path out, int pieces, String... options)
      throws IOException {
    return CliRunner.runTicking(arguments(in, out, pieces, options).toArray(String[]::new));
  }

  /** The part files a job wrote into {@code out}, in name order. */
  static List<Path> parts(Path out) throws IOException {
    try (Stream<Path> s = Files.list(out)) {
      return s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
    }
  }

  /** The arguments of {@link #convert}, from {@code convert} on. */
  static List<String> arguments(Path in, Path out, int pieces, String... options)
      throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "convert",
                "--engine",
                "mapreduce",
                "--max-split-bytes",
                String.valueOf(Files.size(in) / pieces + 1)));
    args.addAll(List.of(options));
    args.addAll(List.of(in.toString(), "-o", out.toString()));
    return args;
  }
}
