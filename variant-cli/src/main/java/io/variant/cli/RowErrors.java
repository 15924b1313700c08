// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What {@code convert} does with a row it cannot read ({@code --on-error}, {@code --rejects},
 * {@code --max-errors}); a picocli mixin. With {@code skip}, every valid row is kept and each
 * rejected one is counted and, with {@code --rejects FILE}, written there ({@link RejectsFile}: its
 * format, and how it is written so that a failed convert does not leave it in the way of the next
 * one). Skipping is line by line, so it needs NDJSON input; in JSON input the first malformed
 * document still ends the conversion. Compressed input whose data fails ends there: that is one
 * rejected entry, reported in the summary too, and reading goes on with the next input.
 */
final class RowErrors implements Closeable, ConvertWriter.Companion {
  /** The {@code --on-error} values. */
  enum Policy {
    FAIL,
    SKIP
  }

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--on-error",
      paramLabel = "fail|skip",
      description =
          "A malformed row: fail stops with exit code 1 and writes nothing (the default); skip leaves "
              + "it out, reports it in the summary and --rejects, and goes on (it needs NDJSON input: "
              + "one document per line). --rejects and --max-errors imply skip.")
  Policy policy;

  @Option(
      names = "--rejects",
      paramLabel = "FILE",
      description =
          "Write each skipped row as an NDJSON line with its file, line, column, reason and text. "
              + "Not an input nor OUT; an existing FILE needs --overwrite. Written like OUT, in place only "
              + "once the convert succeeds; a failed convert keeps its rejects in FILE.failed.")
  String rejectsFile; // as typed: a Path would show s3a://bucket/x as s3a:/bucket/x

  @Option(
      names = "--max-errors",
      paramLabel = "N",
      description = "Fail once more than N rows have been skipped (default: no limit).")
  Long maxErrors;

  private RejectsFile rejects;
  private long rejected;
  private final List<String> endedInputs = new ArrayList<>();

  /**
   * Checks the options and opens {@code --rejects}; call once before reading. The rejects file
   * follows {@code OUT}'s rule where it can: an existing regular file needs {@code overwrite}, and
   * it may not be one of the inputs, nor {@code OUT}, nor a directory; a FIFO or device is written
   * through.
   *
   * @param output the {@code -o} value
   * @return this, to close when the command ends
   * @throws RefusedException if the rejects file may not be written
   */
  RowErrors start(List<String> inputs, String output, boolean overwrite) throws IOException {
    if (maxErrors != null && maxErrors < 0) {
      throw new ParameterException(
          spec.commandLine(), "--max-errors must be at least 0, was " + maxErrors);
    }
    if (policy == Policy.FAIL && (rejectsFile != null || maxErrors != null)) {
      throw new ParameterException(
          spec.commandLine(), "--rejects and --max-errors need --on-error skip");
    }
    if (rejectsFile != null) {
      refuse(inputs, output, overwrite);
      rejects = RejectsFile.open(rejectsPath(), overwrite);
    }
    return this;
  }

  /** The {@code --rejects} file, or null if there is none. */
  Path rejectsPath() {
    return rejectsFile == null ? null : Path.of(rejectsFile);
  }

  private void refuse(List<String> inputs, String output, boolean overwrite) throws IOException {
    String name = "--rejects " + rejectsFile;
    if (Input.STDIN.equals(rejectsFile)) {
      throw new RefusedException(name + ": give a file name (or /dev/stdout)");
    }
    if (rejectsFile.matches("(?i)(?!file:)[A-Za-z][A-Za-z0-9+.-]*:/.*")) {
      throw new RefusedException(name + ": the rejects file is written locally; give a local name");
    }
    Path file = rejectsPath();
    if (Files.isDirectory(file)) {
      throw new RefusedException(name + ": is a directory; give a file name");
    }
    if (!Input.STDIN.equals(output)
        && Path.of(output).toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize())) {
      throw new RefusedException(
          name + ": is also the output (-o); write the rejects to another file");
    }
    OutputTarget.refuseInputs(name, file, inputs);
    if (Files.isRegularFile(file)) {
      if (!Input.STDIN.equals(output)
          && Files.exists(Path.of(output))
          && Files.isSameFile(Path.of(output), file)) {
        throw new RefusedException(
            name + ": is also the output (-o); write the rejects to another file");
      }
      if (!overwrite) {
        throw new RefusedException(name + ": already exists; add --overwrite to replace it");
      }
    }
  }

  /** True if bad rows are skipped. */
  boolean skips() {
    return policy == Policy.SKIP || (policy == null && (rejectsFile != null || maxErrors != null));
  }

  /**
   * Records a rejected row, or rethrows {@code e} if rows are not skipped, the input cannot go on
   * after it, or there have been more than {@code --max-errors}.
   *
   * @param text the row's text, or null if unknown
   */
  void reject(InputException e, boolean canContinue, byte[] text) throws IOException {
    if (!skips() || !canContinue || e.isUnreadable()) {
      throw e;
    }
    rejected++;
    if (e.endsInput()) {
      endedInputs.add(e.source() + ": " + e.detail());
    }
    if (rejects != null) {
      rejects.write(e, text);
    }
    if (maxErrors != null && rejected > maxErrors) {
      Path kept = rejects == null ? null : rejects.failedPath();
      throw new InputException(
          e.source(),
          e.line(),
          e.column(),
          "more than "
              + maxErrors
              + " rows rejected (--max-errors); the last: "
              + e.detail()
              + (kept == null ? "" : "; the rows rejected are kept in " + kept),
          e);
    }
  }

  /** Rows rejected so far. */
  long rejected() {
    return rejected;
  }

  /** The failures that ended an input (its compressed data failed), each as its message. */
  List<String> endedInputs() {
    return List.copyOf(endedInputs);
  }

  /** The temporary files of killed converts removed for the rejects file. */
  TemporaryFiles.Removed leftovers() {
    return rejects == null ? TemporaryFiles.Removed.NONE : rejects.leftovers();
  }

  /** Moves the rejects file into place, with the output ({@link ConvertWriter#commit}). */
  @Override
  public void commit() throws IOException {
    if (rejects != null) {
      rejects.commit();
    }
  }

  @Override
  public void withdraw() {
    if (rejects != null) {
      rejects.withdraw();
    }
  }

  @Override
  public void settle() throws IOException {
    if (rejects != null) {
      rejects.settle();
    }
  }

  /**
   * Ends the rejects file: if it did not land with the output, the convert failed, and the rows
   * rejected so far are kept apart ({@link RejectsFile#abandon()}), which is said on stderr unless
   * the {@code --max-errors} message said it.
   */
  @Override
  public void close() {
    if (rejects == null) {
      return;
    }
    Path kept = rejects.abandon();
    if (kept != null && (maxErrors == null || rejected <= maxErrors)) {
      String rows = rejected == 1 ? "the row" : "the " + rejected + " rows";
      spec.commandLine()
          .getErr()
          .println("variant: " + rows + " rejected before the failure are kept in " + kept);
    }
  }
}
