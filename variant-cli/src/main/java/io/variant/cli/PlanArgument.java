// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.shredding.PlanSyntaxException;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The value of {@code convert --plan}: the plan's text form itself, or {@code @FILE} for a file
 * holding it. A file is read up to its first blank line, so the whole output of {@code variant
 * plan} (the plan, a blank line, the coverage table) can be given as it is.
 */
final class PlanArgument {
  /** How messages name a plan given inline: there is no file. */
  static final String INLINE = "--plan";

  private PlanArgument() {}

  /**
   * Parses {@code arg}.
   *
   * @throws InputException if the file cannot be read, or the text is not a plan; the location is
   *     the file (or {@code --plan}), line and column of the error, and the message ends with an
   *     excerpt and a caret
   */
  static ShreddingPlan parse(String arg) {
    if (!arg.startsWith("@")) {
      return parse(INLINE, arg);
    }
    String file = arg.substring(1);
    String text;
    try {
      text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw InputException.unreadable(file, "no such file", e);
    } catch (AccessDeniedException e) {
      throw InputException.unreadable(file, "permission denied", e);
    } catch (IOException e) { // MalformedInputException too: the file is not UTF-8
      throw Input.readFailure(file, 0, e);
    }
    return parse(file, beforeBlankLine(text));
  }

  private static ShreddingPlan parse(String source, String text) {
    try {
      return ShreddingPlan.parse(text);
    } catch (PlanSyntaxException e) {
      int at = e.position();
      int lineStart = text.lastIndexOf('\n', at - 1) + 1;
      long line = 1 + text.substring(0, lineStart).chars().filter(c -> c == '\n').count();
      long column = 1 + text.codePointCount(lineStart, at);
      // The start of PlanSyntaxException's message, which the excerpt and caret follow.
      String prefix = "Invalid plan at position " + at + ": " + e.reason();
      String excerpt =
          e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length()) : "";
      throw new InputException(source, line, column, "Invalid plan: " + e.reason() + excerpt, e);
    }
  }

  /** The text up to the first line that is empty or blank; all of it if there is none. */
  static String beforeBlankLine(String text) {
    int lineStart = 0;
    while (lineStart < text.length()) {
      int end = text.indexOf('\n', lineStart);
      if (end < 0) {
        end = text.length();
      }
      if (text.substring(lineStart, end).isBlank()) {
        return text.substring(0, lineStart);
      }
      lineStart = end + 1;
    }
    return text;
  }
}
