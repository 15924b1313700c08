// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * The interop matrix of one test run: before the run it empties {@code target/interop-matrix.tsv}
 * (each {@link Comparison} cell appends its counts there), after it writes every cell and a summary
 * (the cells of one writer and reader family added up: the per-path lookups of one file make one
 * row) to {@code target/interop-matrix.md} and prints the summary. Registered for the test JVM
 * through {@code META-INF/services}, so {@code mvn verify} always reproduces the matrix.
 */
public final class MatrixReport implements TestExecutionListener {
  static final Path TSV = Path.of("target", "interop-matrix.tsv");
  static final Path MARKDOWN = Path.of("target", "interop-matrix.md");

  /** One cell's counts. */
  private record Cell(
      String writer,
      String reader,
      long rows,
      long equal,
      long known,
      Map<String, Long> differences,
      long unexplained) {}

  @Override
  public void testPlanExecutionStarted(TestPlan plan) {
    try {
      Files.deleteIfExists(TSV);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void testPlanExecutionFinished(TestPlan plan) {
    try {
      if (!Files.exists(TSV)) {
        return; // no engine test ran (a -Dtest filter elsewhere)
      }
      List<Cell> cells = new ArrayList<>();
      for (String line : Files.readAllLines(TSV, StandardCharsets.UTF_8)) {
        cells.add(parse(line));
      }
      String summary = table(summarize(cells));
      Files.writeString(
          MARKDOWN,
          "# Interop matrix\n\n## Summary\n\n" + summary + "\n## Every cell\n\n" + table(cells),
          StandardCharsets.UTF_8);
      System.out.println("\nInterop matrix (every cell: " + MARKDOWN + ")\n\n" + summary);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Cell parse(String line) {
    String[] f = line.split("\t", -1);
    Map<String, Long> differences = new TreeMap<>();
    if (!f[5].equals("-")) {
      for (String d : f[5].split(", ")) {
        int eq = d.lastIndexOf('=');
        differences.put(d.substring(0, eq), Long.parseLong(d.substring(eq + 1)));
      }
    }
    return new Cell(
        f[0],
        f[1],
        Long.parseLong(f[2]),
        Long.parseLong(f[3]),
        Long.parseLong(f[4]),
        differences,
        Long.parseLong(f[6]));
  }

  /**
   * Cells added up by writer and reader, where a reader's per-path lookups ({@code
   * try_variant_get($.a, bigint)}) count as one reader.
   */
  private static List<Cell> summarize(List<Cell> cells) {
    Map<List<String>, Cell> sums = new LinkedHashMap<>();
    for (Cell c : cells) {
      String reader =
          c.reader().replaceAll("(try_variant_get|variant_extract)\\(.*\\)$", "$1 of paths");
      sums.merge(
          List.of(c.writer(), reader),
          new Cell(
              c.writer(), reader, c.rows(), c.equal(), c.known(), c.differences(), c.unexplained()),
          MatrixReport::add);
    }
    List<Cell> out = new ArrayList<>(sums.values());
    out.add(
        out.stream().reduce(new Cell("**total**", "", 0, 0, 0, Map.of(), 0), MatrixReport::add));
    return out;
  }

  private static Cell add(Cell a, Cell b) {
    Map<String, Long> d = new TreeMap<>(a.differences());
    b.differences().forEach((k, v) -> d.merge(k, v, Long::sum));
    return new Cell(
        a.writer(),
        a.reader(),
        a.rows() + b.rows(),
        a.equal() + b.equal(),
        a.known() + b.known(),
        d,
        a.unexplained() + b.unexplained());
  }

  private static String table(List<Cell> cells) {
    StringBuilder s =
        new StringBuilder(
            "| writer | reader | rows | equal | known | known differences (rows or failed statements) | unexplained |\n"
                + "|---|---|---:|---:|---:|---|---:|\n");
    for (Cell c : cells) {
      s.append("| ")
          .append(visible(c.writer()))
          .append(" | ")
          .append(visible(c.reader()))
          .append(" | ")
          .append(c.rows())
          .append(" | ")
          .append(c.equal())
          .append(" | ")
          .append(c.known())
          .append(" | ")
          .append(
              c.differences().isEmpty()
                  ? "-"
                  : String.join(
                      ", ",
                      c.differences().entrySet().stream()
                          .map(e -> e.getKey() + " " + e.getValue())
                          .toList()))
          .append(" | ")
          .append(c.unexplained())
          .append(" |\n");
    }
    return s.toString();
  }

  /** Text with private-use and other invisible code points escaped ({@code \uE000}). */
  private static String visible(String s) {
    StringBuilder out = new StringBuilder();
    s.codePoints()
        .forEach(
            cp -> {
              int type = Character.getType(cp);
              if (type == Character.PRIVATE_USE
                  || type == Character.CONTROL
                  || type == Character.FORMAT
                  || type == Character.UNASSIGNED) {
                out.append(String.format("\\u%04X", cp));
              } else {
                out.appendCodePoint(cp);
              }
            });
    return out.toString().replace("|", "\\|");
  }
}
