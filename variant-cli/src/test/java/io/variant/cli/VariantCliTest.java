// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.VariantEngineVersion;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class VariantCliTest {
  @Test
  void helpListsEveryCommandAndTheExitCodes() {
    CliRunner.Result r = run("", "--help");
    assertEquals(0, r.exitCode());
    assertTrue(r.out().contains("Usage: variant"), r.out());
    for (String command :
        new String[] {"encode", "decode", "plan", "convert", "cat", "schema", "get"}) {
      assertTrue(r.out().contains("\n  " + command + " "), command + " missing from\n" + r.out());
    }
    assertTrue(r.out().contains("\n    2   usage error"), r.out());
    assertTrue(r.out().contains("\n  141   stdout closed by its reader"), r.out());
    assertEquals("", r.err());
  }

  /**
   * Main registers only the command it runs, looked up by name: each name must be its class's own.
   */
  @Test
  void everyCommandIsRegisteredUnderItsOwnName() {
    VariantCli.COMMANDS.forEach(
        (name, command) ->
            assertEquals(
                name,
                command.get().getClass().getAnnotation(CommandLine.Command.class).name(),
                name));
    CommandLine all =
        VariantCli.commandLine(
            System.in, new ByteArrayOutputStream(), new PrintWriter(new StringWriter()));
    assertEquals(VariantCli.COMMANDS.keySet(), all.getSubcommands().keySet());
    CommandLine one =
        VariantCli.commandLine(
            System.in,
            new ByteArrayOutputStream(),
            new PrintWriter(new StringWriter()),
            new String[] {"cat", "x.parquet"});
    assertEquals(java.util.Set.of("cat"), one.getSubcommands().keySet());
  }

  @Test
  void helpCommandShowsSubcommandUsage() {
    CliRunner.Result r = run("", "help", "decode");
    assertEquals(0, r.exitCode());
    assertTrue(r.out().contains("Usage: variant decode"), r.out());
    assertTrue(r.out().contains("--pretty"), r.out());
  }

  @Test
  void versionNamesTheProgramAndJava() {
    CliRunner.Result r = run("", "--version");
    assertEquals(0, r.exitCode());
    assertTrue(r.out().startsWith("variant "), r.out());
    assertTrue(r.out().contains("Java " + System.getProperty("java.version")), r.out());
  }

  /** The library's version and the commit the build recorded, one per line. */
  @Test
  void versionNamesTheReleaseAndTheCommitItWasBuiltFrom() {
    VariantEngineVersion v = VariantEngineVersion.current();
    CliRunner.Result r = run("", "--version");
    assertEquals(0, r.exitCode());
    String[] lines = r.out().split("\\R");
    assertEquals("variant " + v.version(), lines[0], r.out());
    assertEquals("commit " + v.commit() + (v.modified() ? " (modified)" : ""), lines[1], r.out());
  }

  @Test
  void missingCommandIsUsageError() {
    CliRunner.Result r = run("");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("variant: Missing a command"), r.err());
    assertTrue(r.err().contains("Try 'variant --help'"), r.err());
    assertEquals("", r.out());
  }

  @Test
  void unknownCommandIsUsageErrorWithSuggestion() {
    CliRunner.Result r = run("", "decod");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("Unmatched argument at index 0: 'decod'"), r.err());
    assertTrue(r.err().contains("decode"), r.err()); // "Did you mean: decode?"
  }

  @Test
  void unknownOptionOfSubcommandNamesTheSubcommand() {
    CliRunner.Result r = run("", "decode", "--prety");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("variant decode: Unknown option: '--prety'"), r.err());
    assertTrue(r.err().contains("Try 'variant decode --help'"), r.err());
    assertFalse(r.hasStackTrace(), r.err());
  }

  @Test
  void severalInputsAreReadNotAUsageError() {
    CliRunner.Result r = run("", "decode", "a.hex", "b.hex");
    assertEquals(3, r.exitCode(), r.err()); // the first is missing: an I/O error, not usage
    assertEquals("a.hex: no such file", r.err().strip());
  }

  /**
   * Hands {@code ex} to the configured execution-exception handler as if a command run with {@code
   * args} threw it.
   */
  private static CliRunner.Result handle(Exception ex, String... args) throws Exception {
    StringWriter err = new StringWriter();
    CommandLine cmd =
        VariantCli.commandLine(System.in, new ByteArrayOutputStream(), new PrintWriter(err, true));
    CommandLine.ParseResult parsed = cmd.parseArgs(args);
    int code = cmd.getExecutionExceptionHandler().handleExecutionException(ex, cmd, parsed);
    return new CliRunner.Result(code, "", err.toString());
  }

  @Test
  void internalErrorHasExitCode70AndNoStackTraceWithoutVerbose() throws Exception {
    CliRunner.Result r = handle(new IllegalStateException("boom"), "decode");
    assertEquals(70, r.exitCode());
    assertTrue(
        r.err().startsWith("variant: internal error: java.lang.IllegalStateException: boom"),
        r.err());
    assertTrue(r.err().contains("rerun with --verbose"), r.err());
    assertFalse(r.hasStackTrace(), r.err());
  }

  @Test
  void internalErrorPrintsStackTraceWithVerbose() throws Exception {
    CliRunner.Result r = handle(new IllegalStateException("boom"), "decode", "--verbose");
    assertEquals(70, r.exitCode());
    assertTrue(r.err().contains("\tat io.variant.cli.VariantCliTest"), r.err());
  }

  @Test
  void brokenPipeExitsSilentlyWith141() throws Exception {
    CliRunner.Result r =
        handle(new OutputException("stdout", new IOException("Broken pipe")), "decode");
    assertEquals(141, r.exitCode());
    assertEquals("", r.err());
  }

  @Test
  void otherWriteFailureIsReported() throws Exception {
    CliRunner.Result r =
        handle(new OutputException("stdout", new IOException("No space left on device")), "decode");
    assertEquals(3, r.exitCode());
    assertEquals("variant: cannot write stdout: no space left on device", r.err().strip());
  }
}
