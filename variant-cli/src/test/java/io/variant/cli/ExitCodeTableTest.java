// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The README's exit-code table, one test per row and command that can produce it, on the local
 * engine, through the CLI's own entry point ({@link VariantCli#execute}): the exit code, and what
 * stderr says (one line naming the file where there is one, no stack trace; nothing at all for a
 * closed stdout). {@code schema} and {@code meta} have no row 4: they read no values, only the
 * footer ({@code count} reads values only with {@code --where}). Row 70 is a bug, so no input
 * reaches it: each command's failure that no other row claims is shown to map to it through the
 * reporter. {@code BrokenPipeIT} runs row 141 with the packaged jar and a real pipe.
 */
class ExitCodeTableTest {
  private static final List<String> COMMANDS =
      List.of(
          "encode", "decode", "plan", "convert", "cat", "schema", "get", "inspect", "count", "head",
          "meta", "select");

  @TempDir static Path dir;
  private static Path json;
  private static Path hex;
  private static Path parquet;
  private static Path badJson;
  private static Path badHex;
  private static Path badParquet;
  private static Path deepJson;
  private static Path deepHex;
  private static Path deepParquet;

  /** One row of the table for one command: the arguments and what the run must give. */
  private record Case(int code, String command, List<String> args, String stderr) {
    String name() {
      return "exit " + code + ": variant " + String.join(" ", args).replace(dir + "/", "");
    }
  }

  @BeforeAll
  static void inputs() throws IOException {
    json = Files.write(dir.resolve("events.ndjson"), Fixtures.eventLines().subList(0, 300));
    hex = Files.writeString(dir.resolve("events.hex"), Fixtures.ok("encode", s(json)).out());
    parquet = dir.resolve("events.parquet");
    Fixtures.ok("convert", s(json), "-o", s(parquet), "-q");
    badJson = Files.writeString(dir.resolve("bad.ndjson"), "{\"a\": 1}\n{\"a\": NaN}\n");
    badHex = Files.writeString(dir.resolve("bad.hex"), "01 zz\n");
    badParquet =
        Files.write(
            dir.resolve("bad.parquet"), Fixtures.footerCut(Files.readAllBytes(parquet), 10));
    deepJson = Files.writeString(dir.resolve("deep.ndjson"), "[[[[[1]]]]]\n");
    deepHex = Files.writeString(dir.resolve("deep.hex"), Fixtures.ok("encode", s(deepJson)).out());
    deepParquet = dir.resolve("deep.parquet");
    Fixtures.ok("convert", s(deepJson), "-o", s(deepParquet), "-q");
  }

  private static String s(Path p) {
    return p.toString();
  }

  /** {@code command} reading {@code input} (with {@code -o} for convert), then {@code options}. */
  private static List<String> args(String command, Path input, String... options) {
    List<String> a = new ArrayList<>(List.of(command, s(input)));
    if (command.equals("get") || command.equals("select")) {
      a.add("$");
    }
    if (command.equals("convert")) {
      a.addAll(List.of("-o", s(dir.resolve("out.parquet")), "--overwrite", "-q"));
    }
    a.addAll(List.of(options));
    return a;
  }

  /** {@code --max-depth 4}, and for {@code count}, which reads values only then, a --where. */
  private static String[] deepOptions(String command) {
    return command.equals("count")
        ? new String[] {"--max-depth", "4", "--where", "$ is not null"}
        : new String[] {"--max-depth", "4"};
  }

  private static boolean readsJson(String command) {
    return List.of("encode", "plan", "convert").contains(command);
  }

  /** The input each command reads: JSON, hex or Parquet, in its good, bad or deep form. */
  private static Path input(String command, Path jsonFile, Path hexFile, Path parquetFile) {
    return readsJson(command) ? jsonFile : command.equals("decode") ? hexFile : parquetFile;
  }

  private static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    for (String c : COMMANDS) {
      cases.add(new Case(0, c, args(c, input(c, json, hex, parquet)), ""));
      Path bad = input(c, badJson, badHex, badParquet);
      cases.add(new Case(1, c, args(c, bad), bad + ":"));
      cases.add(
          new Case(
              2,
              c,
              args(c, input(c, json, hex, parquet), "--no-such-option"),
              "variant " + c + ": Unknown option: '--no-such-option'"));
      Path missing =
          input(
              c,
              dir.resolve("missing.ndjson"),
              dir.resolve("missing.hex"),
              dir.resolve("no.parquet"));
      cases.add(new Case(3, c, args(c, missing), missing + ": no such file"));
      if (!c.equals("schema") && !c.equals("meta")) {
        cases.add(
            new Case(
                4,
                c,
                args(c, input(c, deepJson, deepHex, deepParquet), deepOptions(c)),
                "nesting deeper than 4 levels"));
      }
    }
    cases.add(
        new Case(
            2,
            "convert",
            List.of("convert", s(json), "-o", s(parquet)),
            parquet + ": already exists; add --overwrite to replace it"));
    Path nowhere = dir.resolve("no-such-dir/out.parquet");
    cases.add(
        new Case(3, "convert", List.of("convert", s(json), "-o", s(nowhere)), "no such directory"));
    return cases;
  }

  /** The rows of the README's table are the ones tested here, no more and no fewer. */
  @Test
  void theReadmeTableHasTheRowsTestedHere() throws IOException {
    String readme = Files.readString(CliRunner.repoRoot().resolve("README.md"));
    String table = readme.substring(readme.indexOf("### Exit codes"));
    table = table.substring(0, table.indexOf("\n\n", table.indexOf("| code |")));
    List<Integer> rows = new ArrayList<>();
    Matcher row = Pattern.compile("(?m)^\\| (\\d+) \\|").matcher(table);
    while (row.find()) {
      rows.add(Integer.parseInt(row.group(1)));
    }
    assertEquals(List.of(0, 1, 2, 3, 4, 70, 141), rows, table);
  }

  @TestFactory
  Stream<DynamicTest> eachRowForEachCommandThatCanProduceIt() {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  private static void check(Case c) {
    CliRunner.Result r = CliRunner.run("", c.args().toArray(String[]::new));
    String what = c.name() + "\nstderr: " + r.err();
    assertEquals(c.code(), r.exitCode(), what);
    assertFalse(r.hasStackTrace(), what);
    if (c.code() == 0) {
      assertEquals("", r.err(), what);
      return;
    }
    assertTrue(r.err().contains(c.stderr()), what);
    long lines = r.err().strip().lines().count();
    assertEquals(r.err().contains("\nTry '") ? 2 : 1, lines, what); // a bad command line adds it
  }

  /** Row 141: stdout closed by its reader; no message (nobody reads it). */
  @TestFactory
  Stream<DynamicTest> aClosedStdoutIs141ForEveryCommand() {
    return forEveryCommand(141, ExitCodeTableTest::closedStdout);
  }

  /**
   * Row 70: a failure no other row claims (a bug) is "internal error" with exit code 70, for every
   * command, and a stack trace only with --verbose.
   */
  @TestFactory
  Stream<DynamicTest> anInternalErrorIs70ForEveryCommand() {
    return forEveryCommand(70, ExitCodeTableTest::internalError);
  }

  private static Stream<DynamicTest> forEveryCommand(int code, ThrowingConsumer<String> check) {
    return COMMANDS.stream()
        .map(
            c -> DynamicTest.dynamicTest("exit " + code + ": variant " + c, () -> check.accept(c)));
  }

  private static void closedStdout(String command) {
    List<String> a =
        command.equals("convert")
            ? List.of("convert", s(json), "-o", "-")
            : args(command, input(command, json, hex, parquet));
    CliRunner.Result r =
        CliRunner.runTo(CliRunner.failingAfter(0, "Broken pipe"), a.toArray(String[]::new));
    assertEquals(141, r.exitCode(), command + ": " + r.err());
    assertEquals("", r.err(), command);
  }

  /** Hands a bug's exception, as if {@code command} threw it, to the reporter. */
  private static void internalError(String command) throws Exception {
    StringWriter err = new StringWriter();
    String[] a = args(command, input(command, json, hex, parquet)).toArray(String[]::new);
    CommandLine cmd =
        VariantCli.commandLine(
            System.in, new ByteArrayOutputStream(), new PrintWriter(err, true), a);
    CommandLine.ParseResult parsed = cmd.parseArgs(a);
    int code =
        cmd.getExecutionExceptionHandler()
            .handleExecutionException(new IllegalStateException("a bug"), cmd, parsed);
    assertEquals(70, code, err.toString());
    assertTrue(err.toString().startsWith("variant: internal error: "), err.toString());
    assertFalse(err.toString().contains("\tat "), err.toString());
  }
}
