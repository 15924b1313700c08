// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * The {@code --help} of the top level and of every command, rendered at picocli's usage width of 80
 * columns, as a terminal shows it: no line is wider, no word is broken across lines (every word of
 * the 80-column text is a word of the same help rendered without wrapping), every option it
 * mentions before the exit codes is one of the command's own (or follows the name of the command it
 * belongs to), and it ends with the complete list of exit codes, each continuation line indented
 * under its text.
 */
class HelpRenderingTest {
  private static final int WIDTH = VariantCli.USAGE_WIDTH;
  private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z-]*[a-z]");
  private static final List<String> EXIT_CODES = List.of("0", "1", "2", "3", "4", "70", "141");

  @TestFactory
  Stream<DynamicTest> everyCommandsHelpRendersCleanlyAt80Columns() {
    List<String> commands = new ArrayList<>();
    commands.add(""); // the top level
    commands.addAll(VariantCli.COMMANDS.keySet());
    return commands.stream()
        .map(
            name ->
                DynamicTest.dynamicTest(
                    name.isEmpty() ? "variant --help" : "variant " + name + " --help",
                    () -> checkHelp(name)));
  }

  private static void checkHelp(String command) {
    String narrow = help(command, WIDTH);
    String wide = help(command, 2000);
    List<String> lines = narrow.lines().toList();
    for (String line : lines) {
      assertTrue(
          line.codePointCount(0, line.length()) <= WIDTH,
          "wider than " + WIDTH + " columns:\n" + line + "\nin\n" + narrow);
    }
    Set<String> words = words(wide);
    for (int i = 0; i < lines.size(); i++) {
      for (String word : lines.get(i).trim().split("\\s+")) {
        assertTrue(
            word.isEmpty() || words.contains(word),
            "'"
                + word
                + "' (line "
                + (i + 1)
                + ") is part of a word broken across lines:\n"
                + narrow);
      }
    }
    // the exit codes speak of the program (a value over --max-depth), not of one command
    checkOptionsMentioned(command, narrow.substring(0, Math.max(0, narrow.indexOf("Exit codes:"))));
    checkExitCodes(lines, narrow);
  }

  /** The help of {@code command} ("" for the top level) as {@code variant ... --help} prints it. */
  private static String help(String command, int width) {
    String[] args = command.isEmpty() ? new String[] {"--help"} : new String[] {command, "--help"};
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StringWriter err = new StringWriter();
    CommandLine cmd =
        VariantCli.commandLine(
            new ByteArrayInputStream(new byte[0]), out, new PrintWriter(err, true), args);
    cmd.setUsageHelpWidth(width);
    assertEquals(0, VariantCli.execute(cmd, args), err.toString());
    return out.toString(StandardCharsets.UTF_8);
  }

  private static Set<String> words(String text) {
    Set<String> words = new HashSet<>();
    for (String w : text.split("\\s+")) {
      words.add(w);
    }
    return words;
  }

  /**
   * Every {@code --option} in the help is the command's own, or another command's named just before
   * it ("'variant plan --explain' shows the numbers").
   */
  private static void checkOptionsMentioned(String command, String help) {
    CommandLine cmd =
        VariantCli.commandLine(
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintWriter(new StringWriter()),
            command.isEmpty() ? new String[0] : new String[] {command});
    CommandLine.Model.CommandSpec spec =
        command.isEmpty()
            ? cmd.getCommandSpec()
            : cmd.getSubcommands().get(command).getCommandSpec();
    Set<String> own = new LinkedHashSet<>();
    spec.options().forEach(o -> own.addAll(List.of(o.names())));
    if (command.isEmpty()) { // the list of commands says what each does, with its options
      spec.subcommands()
          .values()
          .forEach(c -> c.getCommandSpec().options().forEach(o -> own.addAll(List.of(o.names()))));
    }
    String[] tokens = help.split("\\s+");
    for (int i = 0; i < tokens.length; i++) {
      Matcher m = OPTION.matcher(tokens[i]);
      while (m.find()) {
        String previous = i == 0 ? "" : tokens[i - 1].replaceAll("^\\W+", "");
        assertTrue(
            own.contains(m.group()) || VariantCli.COMMANDS.containsKey(previous),
            "the help of '" + command + "' mentions " + m.group() + ", which it lacks:\n" + help);
      }
    }
  }

  /** The help ends with every exit code, one per line, continuation lines indented. */
  private static void checkExitCodes(List<String> lines, String help) {
    int heading = lines.indexOf("Exit codes:");
    assertTrue(heading >= 0, "no 'Exit codes:' heading in\n" + help);
    List<String> codes = new ArrayList<>();
    for (String line : lines.subList(heading + 1, lines.size())) {
      assertTrue(line.startsWith(" "), "not indented: '" + line + "' in\n" + help);
      String first = line.trim().split("\\s+")[0];
      if (first.matches("\\d+") && line.indexOf(first) < 6) {
        codes.add(first);
      }
    }
    assertEquals(EXIT_CODES, codes, help);
  }
}
