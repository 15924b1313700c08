// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;

/**
 * The exit codes as every command's {@code --help} ends with them: picocli's exit-code list, a
 * two-column table whose descriptions wrap under themselves, not to the first column as a footer's
 * lines do. The README's table says the same.
 */
final class ExitCodeHelp {
  /** Code (right-aligned, so that the descriptions line up) to description. */
  private static final Map<String, String> CODES = codes();

  private ExitCodeHelp() {}

  private static Map<String, String> codes() {
    Map<String, String> c = new LinkedHashMap<>();
    c.put(code(ExitCodes.OK), "success");
    c.put(
        code(ExitCodes.BAD_INPUT),
        "bad input: malformed JSON, hex, Variant bytes or Parquet file (the message names the"
            + " file and the line and column, or the row)");
    c.put(
        code(ExitCodes.USAGE),
        "usage error, or a refused request (e.g. OUT exists without --overwrite)");
    c.put(
        code(ExitCodes.IO),
        "I/O error: a file cannot be read or written (no such file, permission denied, disk"
            + " full)");
    c.put(
        code(ExitCodes.RESOURCE_LIMIT),
        "resource limit: a value over --max-depth, --max-value-size or --max-expansion, or out"
            + " of memory");
    c.put(
        code(ExitCodes.INTERNAL),
        "internal error (a bug: rerun with --verbose and report the stack trace)");
    c.put(
        code(ExitCodes.BROKEN_PIPE),
        "stdout closed by its reader (e.g. 'variant cat big.parquet | head')");
    return c;
  }

  private static String code(int code) {
    return String.format(java.util.Locale.ROOT, "%3d", code);
  }

  /** Ends the help of {@code cmd} and of each of its subcommands with the exit codes. */
  static void addTo(CommandLine cmd) {
    cmd.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(CODES);
    cmd.getSubcommands().values().forEach(ExitCodeHelp::addTo);
  }
}
