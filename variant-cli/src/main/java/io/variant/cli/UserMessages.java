// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.hadoop.ConvertMapper;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * Library and jackson messages rewritten for a command-line user: hints that name the Java API
 * become the options that do the same, and jackson's internal names are dropped. One place, so
 * every command says it the same way.
 */
final class UserMessages {
  private static final String[][] REPLACEMENTS = { // the more specific first
    {", Limits.maxExpansion)", "; raise it with --max-expansion)"},
    {", Limits.maxValueBytes)", "; raise it with --max-value-size)"},
    {"raise Limits.maxDepth", "raise it with --max-depth"},
    {"(Limits.maxDepth)", "(raise it with --max-depth)"},
    {"raise Limits.maxValueBytes", "raise it with --max-value-size"},
    {"Limits.maxValueBytes", "--max-value-size"},
    {"use DuplicateKeys.LAST_WINS to keep the last", "--duplicate-keys=last_wins keeps the last"},
    {"DuplicateKeys.LAST_WINS", "--duplicate-keys=last_wins"},
    {"Limits.maxExpansion", "--max-expansion"},
    {"use overwrite() to replace it", "add --overwrite to replace it"},
  };

  /**
   * jackson appends its configuration API to limit errors: "(1024, from
   * `StreamReadConstraints.getMaxStringLength()`)".
   */
  private static final Pattern JACKSON_API =
      Pattern.compile(",? ?(from )?`?StreamReadConstraints\\.[A-Za-z]+\\(\\)`?");

  private static final Pattern JACKSON_STRING_LIMIT =
      Pattern.compile(
          "(String value length \\(\\d+\\) exceeds the maximum allowed \\(\\d+)(, from `StreamReadConstraints.getMaxStringLength\\(\\)`)?\\)");
  private static final Pattern SOURCE_REF = Pattern.compile("\\s*at \\[Source: [^\\]]*\\]");

  private UserMessages() {}

  /**
   * {@link #of} for the tasks of {@code convert --engine mapreduce} ({@link
   * ConvertMapper#SETTING_NAMES}): their reasons for a bad line name the options, as the local
   * engine's do.
   */
  static final class OptionNames implements UnaryOperator<String> {
    @Override
    public String apply(String message) {
      return of(message);
    }
  }

  /** {@code message} in the words of the command line. */
  static String of(String message) {
    if (message == null) {
      return "";
    }
    String m = message;
    for (String[] r : REPLACEMENTS) {
      m = m.replace(r[0], r[1]);
    }
    m = SOURCE_REF.matcher(m).replaceAll("");
    m =
        JACKSON_STRING_LIMIT
            .matcher(m)
            .replaceAll("$1 characters; raise it with --max-value-size)");
    m = JACKSON_API.matcher(m).replaceAll("");
    return m;
  }
}
