// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's "two-minute tour", run as written: every {@code $ bin/variant ...} line succeeds
 * in-process, and every output line shown (except elided ones with {@code ...} and timings) is what
 * the command prints.
 */
class ReadmeTourTest {
  @TempDir Path dir;

  @Test
  void theTourRunsAsWritten() throws IOException {
    Path root = CliRunner.repoRoot();
    String readme = Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8);
    int from = readme.indexOf("### A two-minute tour");
    String tour = readme.substring(from, readme.indexOf("### Commands", from));
    String out = dir.resolve("e.parquet").toString();
    List<String> lines = tour.lines().toList();
    int commands = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (!line.startsWith("$ bin/variant ")) {
        continue;
      }
      String command = line.substring("$ bin/variant ".length());
      int pipe = command.indexOf(" | ");
      List<String> args = new ArrayList<>();
      for (String a : split(pipe < 0 ? command : command.substring(0, pipe))) {
        args.add(
            a.equals("e.parquet")
                ? out
                : a.equals("testdata/events.ndjson") ? root.resolve(a).toString() : a);
      }
      CliRunner.Result r = CliRunner.run("", args.toArray(String[]::new));
      assertEquals(0, r.exitCode(), command + ": " + r.err());
      commands++;
      String printed = r.out() + r.err();
      for (int j = i + 1;
          j < lines.size()
              && !lines.get(j).startsWith("$")
              && !lines.get(j).startsWith("#")
              && !lines.get(j).startsWith("```");
          j++) {
        String shown = lines.get(j).replace("e.parquet", out);
        if (!shown.isBlank() && !shown.contains("...") && !shown.contains(" rows/s")) {
          assertTrue(
              printed.contains(shown), command + " does not print\n" + shown + "\nbut\n" + printed);
        }
      }
    }
    assertEquals(7, commands);
  }

  /** Splits at spaces outside single quotes, as a shell would for these commands. */
  private static List<String> split(String command) {
    List<String> args = new ArrayList<>();
    StringBuilder arg = new StringBuilder();
    boolean quoted = false;
    for (char c : command.toCharArray()) {
      if (c == '\'') {
        quoted = !quoted;
      } else if (c == ' ' && !quoted) {
        if (arg.length() > 0) {
          args.add(arg.toString());
          arg.setLength(0);
        }
      } else {
        arg.append(c);
      }
    }
    if (arg.length() > 0) {
      args.add(arg.toString());
    }
    return args;
  }
}
