// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.VariantEngineVersion;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FSError;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code variant} command, the shaded jar's main class. Subcommands are registered in {@link
 * #COMMANDS} and nowhere else: a new command is one class plus one entry there. A run whose first
 * argument names a command builds only that command's model: picocli reads every option of every
 * registered command by reflection before it parses, which took about a third of its start-up.
 *
 * <pre>{@code
 * ByteArrayOutputStream stdout = new ByteArrayOutputStream();
 * int exitCode = VariantCli.commandLine(System.in, stdout, new PrintWriter(System.err, true))
 *     .execute("encode", events); // one "<metadata hex> <value hex>" line per event in stdout
 * }</pre>
 *
 * <p><b>Exit codes</b> ({@link ExitCodes}): 0 success, 1 bad input, 2 usage error, 3 I/O error, 4
 * resource limit (a value over a documented limit, or the JVM out of memory), 70 internal error,
 * 141 when stdout is a closed pipe. Errors print one line, {@code <file>:<line>:<column>:
 * <message>} where the location is known, and a stack trace only with {@code --verbose}.
 */
@Command(
    name = "variant",
    mixinStandardHelpOptions = true,
    versionProvider = VariantCli.Version.class,
    header = "Encode, decode, shred and inspect Parquet VARIANT values.")
public final class VariantCli implements Callable<Integer> {
  /** Columns of the usage help. */
  static final int USAGE_WIDTH = 80;

  /** Every subcommand, by the name its {@code @Command} gives it, in the order help lists them. */
  static final Map<String, Supplier<Object>> COMMANDS = commands();

  private static Map<String, Supplier<Object>> commands() {
    Map<String, Supplier<Object>> c = new LinkedHashMap<>();
    c.put("encode", EncodeCommand::new);
    c.put("decode", DecodeCommand::new);
    c.put("plan", PlanCommand::new);
    c.put("convert", ConvertCommand::new);
    c.put("cat", CatCommand::new);
    c.put("schema", SchemaCommand::new);
    c.put("get", GetCommand::new);
    c.put("select", SelectCommand::new);
    c.put("inspect", InspectCommand::new);
    c.put("count", CountCommand::new);
    c.put("head", HeadCommand::new);
    c.put("meta", MetaCommand::new);
    c.put("help", CommandLine.HelpCommand::new);
    return Collections.unmodifiableMap(c);
  }

  @Option(
      names = "--verbose",
      scope = ScopeType.INHERIT,
      description = "Print the stack trace of an error.")
  boolean verbose;

  @Spec CommandSpec spec;

  private final InputStream stdin;
  private final OutputStream stdout;
  private LongSupplier clock = System::nanoTime; // for progress displays; tests move their own
  private Stores stores = Stores.fromEnvironment(); // names with a scheme; tests give their own

  private VariantCli(InputStream stdin, OutputStream stdout) {
    this.stdin = stdin;
    this.stdout = stdout;
  }

  /** Runs the command line and exits the JVM with its exit code. */
  public static void main(String[] args) {
    // FileOutputStream on the descriptor: Output adds the one buffer, System.out a second.
    OutputStream stdout = new FileOutputStream(FileDescriptor.out);
    // picocli looks up Groovy's closure class and the java.sql and java.time types it has
    // converters for, by reflection, on every start (~15 ms of a 20,000-row convert's CPU); no
    // option here has such a type. Settings given on the command line (-D) win.
    defaultProperty("picocli.disable.closures", "true");
    defaultProperty("picocli.converters.excludes", "java\\.(sql|time)\\..*");
    PrintWriter stderr =
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    System.exit(execute(commandLine(System.in, stdout, stderr, args), args));
  }

  private static void defaultProperty(String key, String value) {
    if (System.getProperty(key) == null) {
      System.setProperty(key, value);
    }
  }

  /**
   * Runs {@code args} on {@code cmd} and returns the exit code; the last resort for errors no
   * command can handle: running out of heap or stack is reported in one line with exit code 4
   * instead of a stack trace (the failed command's data is unreachable by then, so printing the
   * line has memory to use).
   */
  public static int execute(CommandLine cmd, String... args) {
    try {
      return cmd.execute(args);
    } catch (OutOfMemoryError e) {
      PrintWriter err = cmd.getErr();
      err.println(
          "variant: out of memory (Java heap "
              + (Runtime.getRuntime().maxMemory() >> 20)
              + " MiB): "
              + "a value or page is larger than the heap; lower --max-value-size, or raise the heap with "
              + "JAVA_OPTS=-Xmx4g");
      err.flush();
      return ExitCodes.RESOURCE_LIMIT;
    } catch (StackOverflowError e) {
      PrintWriter err = cmd.getErr();
      err.println(
          "variant: nesting too deep for the thread stack; lower --max-depth, or raise the stack with JAVA_OPTS=-Xss8m");
      err.flush();
      return ExitCodes.RESOURCE_LIMIT;
    } catch (FSError | ExceptionInInitializerError e) {
      String disk = diskFailure(e);
      if (disk == null) {
        throw e;
      }
      PrintWriter err = cmd.getErr();
      err.println("variant: " + disk);
      err.flush();
      return ExitCodes.IO;
    }
  }

  /**
   * What the disk refused, where {@code e} is its failure rather than a bug; else null. Hadoop's
   * local file system throws {@code FSError} (the job runner copying its jar onto a full disk), and
   * zstd-jni fails its class set-up when it cannot unpack its native library into the temporary
   * directory: both had left as a stack trace with exit code 1.
   */
  static String diskFailure(Error e) {
    Throwable cause = e.getCause();
    if (cause instanceof IOException io) {
      return IoMessages.describe(io);
    }
    String message = e.getMessage();
    if (e instanceof ExceptionInInitializerError && message != null) {
      if (message.startsWith("Cannot unpack")) { // zstd-jni's own words, without a cause
        return message + " (in " + System.getProperty("java.io.tmpdir") + ")";
      }
    }
    return e instanceof FSError ? String.valueOf(message) : null;
  }

  /**
   * The configured command line, ready for {@link CommandLine#execute}: commands read {@code stdin}
   * for the file name {@code -}, write results and help to {@code stdout} (UTF-8), and errors to
   * {@code stderr}. None of the three streams is closed.
   */
  public static CommandLine commandLine(
      InputStream stdin, OutputStream stdout, PrintWriter stderr) {
    return commandLine(stdin, stdout, stderr, new String[0]);
  }

  /**
   * {@link #commandLine(InputStream, OutputStream, PrintWriter)} for running {@code args}: with
   * only the command {@code args[0]} names, if it names one, else with all (help, a misspelt
   * command and options before the command need them all).
   */
  static CommandLine commandLine(
      InputStream stdin, OutputStream stdout, PrintWriter stderr, String[] args) {
    ErrorReporter reporter = new ErrorReporter();
    CommandLine cmd = new CommandLine(new VariantCli(stdin, stdout));
    Supplier<Object> named = args.length == 0 ? null : COMMANDS.get(args[0]);
    if (named != null && !args[0].equals("help")) {
      cmd.addSubcommand(named.get());
    } else {
      COMMANDS.values().forEach(c -> cmd.addSubcommand(c.get()));
    }
    ExitCodeHelp.addTo(cmd);
    // Set, not taken from the picocli.usage.width property: HelpRenderingTest checks the help
    // renders cleanly at this width (Java's line breaking may split "$.items" after the dot).
    cmd.setUsageHelpWidth(USAGE_WIDTH);
    return cmd.setOut(new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true))
        .setErr(stderr)
        .setCaseInsensitiveEnumValuesAllowed(true)
        // '@FILE' belongs to options such as convert --plan, not to picocli's argument files.
        .setExpandAtFiles(false)
        .setExecutionExceptionHandler(reporter)
        .setParameterExceptionHandler(reporter);
  }

  /** Without a subcommand there is nothing to do: a usage error that lists the commands. */
  @Override
  public Integer call() {
    throw new ParameterException(
        spec.commandLine(), "Missing a command, e.g. 'variant encode FILE'");
  }

  /** Opens input {@code path} (on its store if it has a scheme), or stdin for {@code -} or null. */
  Input open(String path) {
    return Input.open(path, stdin, stores);
  }

  /** The file systems of names with a scheme ({@code hdfs://}, {@code s3a://}, ...). */
  Stores stores() {
    return stores;
  }

  /**
   * Replaces the configuration of names with a scheme (tests: a store's endpoint and credentials).
   */
  void stores(Stores stores) {
    this.stores = stores;
  }

  /** stdout itself, for binary output ({@code convert -o -}); never closed by commands. */
  OutputStream stdout() {
    return stdout;
  }

  /** Nanoseconds, for progress displays: {@link System#nanoTime()} unless a test set its own. */
  LongSupplier clock() {
    return clock;
  }

  /** Replaces the clock of progress displays (tests: a clock that moves as the test says). */
  void clock(LongSupplier clock) {
    this.clock = clock;
  }

  /** A new buffered UTF-8 writer on stdout; closing it flushes without closing stdout. */
  Writer output() {
    return Output.writer(stdout);
  }

  /**
   * The library's version and the commit it was built from ({@link VariantEngineVersion}), then the
   * Java that runs it.
   */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      VariantEngineVersion v = VariantEngineVersion.current();
      return new String[] {
        "variant " + v.version(),
        "commit " + v.commit() + (v.modified() ? " (modified)" : ""),
        "Java "
            + System.getProperty("java.version")
            + " ("
            + System.getProperty("java.vendor")
            + ")",
      };
    }
  }
}
