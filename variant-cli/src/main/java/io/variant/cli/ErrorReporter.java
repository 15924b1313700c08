// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.VariantException;
import io.variant.core.VariantLimitException;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one place that turns exceptions into messages and exit codes (see {@link ExitCodes}).
 * Commands throw; they never print errors or choose exit codes themselves. A stack trace is printed
 * only with {@code --verbose}: users get one line naming the file, line and column.
 */
final class ErrorReporter implements IExecutionExceptionHandler, IParameterExceptionHandler {
  private static final String VERBOSE = "--verbose";

  /**
   * A bad command line: the message, a spelling suggestion if any, and where to find help. Exit
   * code 2.
   */
  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    PrintWriter err = cmd.getErr();
    String name = cmd.getCommandSpec().qualifiedName();
    err.println(name + ": " + ex.getMessage());
    UnmatchedArgumentException.printSuggestions(ex, err);
    err.println("Try '" + name + " --help' for more information.");
    err.flush();
    return ExitCodes.USAGE;
  }

  /** A failure while a command ran: a one-line message and the exit code for its kind. */
  @Override
  public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
    PrintWriter err = cmd.getErr();
    int code = exitCode(ex);
    if (code == ExitCodes.INTERNAL) {
      err.println(
          "variant: internal error: "
              + ex
              + (isVerbose(parseResult) ? "" : " (rerun with --verbose for the stack trace)"));
    } else if (code
        != ExitCodes.BROKEN_PIPE) { // the reader of a closed pipe has gone: nobody reads a message
      err.println(message(ex));
    }
    if (isVerbose(parseResult)) {
      ex.printStackTrace(err);
    }
    err.flush();
    return code;
  }

  /** The exit code for a failure. */
  static int exitCode(Exception ex) {
    OutputException output = outputFailure(ex);
    if (output != null) {
      return output.isBrokenPipe() ? ExitCodes.BROKEN_PIPE : ExitCodes.IO;
    }
    if (ex instanceof RefusedException) {
      return ExitCodes.USAGE;
    }
    if (isLimit(ex)) {
      return ExitCodes.RESOURCE_LIMIT;
    }
    if (ex instanceof InputException ie) {
      return ie.isUnreadable() ? ExitCodes.IO : ExitCodes.BAD_INPUT;
    }
    if (ex instanceof VariantException) {
      return ExitCodes.BAD_INPUT;
    }
    if (ex instanceof IOException) {
      return ExitCodes.IO;
    }
    return ExitCodes.INTERNAL;
  }

  /**
   * {@code ex} or its first cause that is an {@link OutputException}, or null: a writer may wrap
   * the failure of the stream it writes to (a Parquet writer's, for {@code convert -o}).
   */
  static OutputException outputFailure(Throwable ex) {
    for (Throwable t = ex; t != null; t = t.getCause()) {
      if (t instanceof OutputException oe) {
        return oe;
      }
    }
    return null;
  }

  /**
   * True if {@code ex} or a cause is a documented limit: {@link VariantLimitException}, or
   * jackson's constraint on string or number length, which the JSON limits set from {@code
   * --max-value-size}.
   */
  static boolean isLimit(Throwable ex) {
    return VariantLimitException.isCauseOf(ex);
  }

  /** The one line a user reads. */
  static String message(Exception ex) {
    if (ex instanceof InputException) {
      return UserMessages.of(ex.getMessage()); // already starts with file:line:column
    }
    OutputException output = outputFailure(ex);
    if (output != null) {
      return "variant: cannot write "
          + output.target()
          + ": "
          + IoMessages.reason(output.getCause() instanceof IOException io ? io : output);
    }
    if (ex instanceof IOException io) {
      return "variant: " + UserMessages.of(IoMessages.describe(io));
    }
    return "variant: " + UserMessages.of(ex.getMessage());
  }

  /**
   * True if {@code --verbose} was given to the top command or to any subcommand (it is inherited).
   */
  static boolean isVerbose(ParseResult parseResult) {
    for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
      if (pr.hasMatchedOption(VERBOSE)) {
        return true;
      }
    }
    return false;
  }
}
