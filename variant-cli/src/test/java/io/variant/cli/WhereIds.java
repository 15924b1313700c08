// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Logs of rows {@code {"i": ..., ...}} converted, and the rows a {@code --where} keeps of them. */
final class WhereIds {
  private WhereIds() {}

  /**
   * {@code lines} written to {@code dir/NAME.ndjson} and converted, in row groups of 1k, with
   * {@code options}; returns the Parquet file.
   */
  static Path convert(Path dir, String name, List<String> lines, String... options)
      throws IOException {
    Path in = Files.write(dir.resolve(name + ".ndjson"), lines);
    Path out = dir.resolve(name + ".parquet");
    List<String> args = new ArrayList<>(List.of("convert", in.toString(), "-o", out.toString()));
    args.addAll(List.of("-q", "--row-group-size=1k"));
    args.addAll(List.of(options));
    ok(args.toArray(String[]::new));
    return out;
  }

  /**
   * The ids ({@code $.i}) of the rows that match, as {@code get} prints them; {@code select} (the
   * batch path) and {@code count} agree.
   */
  static List<String> of(Path file, String where) {
    List<String> get = ok("get", file.toString(), "$.i", "--where", where).out().lines().toList();
    List<String> select =
        ok("select", file.toString(), "$.i", "--where", where, "--format", "csv")
            .out()
            .lines()
            .skip(1) // the header
            .toList();
    assertEquals(get, select, "select --where " + where + " on " + file);
    String count = ok("count", file.toString(), "--where", where).out().strip();
    assertEquals(get.size(), Long.parseLong(count), "count --where " + where + " on " + file);
    return get;
  }
}
