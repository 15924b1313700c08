package io.variant.cli;

import io.variant.core.VariantException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one place that turns exceptions into messages and exit codes (see {@link ExitCodes}). Commands
 * throw; they never print errors or choose exit codes themselves. A stack trace is printed only with
 * {@code --verbose}: users get one line naming the file, line and column.
 */
final class ErrorReporter implements IExecutionExceptionHandler, IParameterExceptionHandler {
  private static final String VERBOSE = "--verbose";

  /** A bad command line: the message, a spelling suggestion if any, and where to find help. Exit code 2. */
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
    int code;
    if (ex instanceof OutputException && ((OutputException) ex).isBrokenPipe()) {
      code = ExitCodes.BROKEN_PIPE; // the reader has gone; nobody is left to read a message
    } else if (ex instanceof InputException) {
      err.println(ex.getMessage()); // already starts with file:line:column
      code = ExitCodes.BAD_INPUT;
    } else if (ex instanceof OutputException) {
      err.println("variant: cannot write output: " + ex.getMessage());
      code = ExitCodes.BAD_INPUT;
    } else if (ex instanceof VariantException || ex instanceof java.io.IOException) {
      err.println("variant: " + ex.getMessage());
      code = ExitCodes.BAD_INPUT;
    } else {
      err.println("variant: internal error: " + ex + (isVerbose(parseResult) ? "" : " (rerun with --verbose for the stack trace)"));
      code = ExitCodes.INTERNAL;
    }
    if (isVerbose(parseResult)) {
      ex.printStackTrace(err);
    }
    err.flush();
    return code;
  }

  /** True if {@code --verbose} was given to the top command or to any subcommand (it is inherited). */
  static boolean isVerbose(ParseResult parseResult) {
    for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
      if (pr.hasMatchedOption(VERBOSE)) {
        return true;
      }
    }
    return false;
  }
}
