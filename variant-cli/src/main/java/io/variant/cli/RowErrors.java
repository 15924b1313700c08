package io.variant.cli;

import io.variant.core.VariantBuilder;
import io.variant.core.json.VariantJson;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What {@code convert} does with a row it cannot read ({@code --on-error}, {@code --rejects},
 * {@code --max-errors}); a picocli mixin. With {@code skip}, every valid row is kept and each
 * rejected one is counted and, with {@code --rejects FILE}, written there as one NDJSON line:
 * <code>{"file": ..., "line":
 * ..., "column": ..., "reason": ..., "text": ...}</code> (keys in Variant order: column, file,
 * line, reason, text) ({@code text}: the line as read, up to 64 KiB, invalid UTF-8 replaced by
 * U+FFFD). Skipping is line by line, so it needs NDJSON input; in JSON input the first malformed
 * document still ends the conversion.
 */
final class RowErrors implements Closeable {
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
              + "Not an input nor OUT; an existing FILE needs --overwrite.")
  Path rejectsFile;

  @Option(
      names = "--max-errors",
      paramLabel = "N",
      description = "Fail once more than N rows have been skipped (default: no limit).")
  Long maxErrors;

  private Writer rejects;
  private long rejected;

  /**
   * Checks the options and opens {@code --rejects}; call once before reading. The rejects file
   * follows {@code OUT}'s rule where it can: an existing regular file needs {@code overwrite}, and
   * it may not be one of the inputs, nor {@code OUT}, nor a directory; a FIFO or device is written
   * through.
   *
   * @param output the {@code -o} value
   * @throws RefusedException if the rejects file may not be written
   */
  void start(List<String> inputs, String output, boolean overwrite) throws IOException {
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
      rejects =
          new BufferedWriter(
              new OutputStreamWriter(Files.newOutputStream(rejectsFile), StandardCharsets.UTF_8));
    }
  }

  private void refuse(List<String> inputs, String output, boolean overwrite) throws IOException {
    String name = "--rejects " + rejectsFile;
    if (Files.isDirectory(rejectsFile)) {
      throw new RefusedException(name + ": is a directory; give a file name");
    }
    if (!Input.STDIN.equals(output)
        && Path.of(output)
            .toAbsolutePath()
            .normalize()
            .equals(rejectsFile.toAbsolutePath().normalize())) {
      throw new RefusedException(
          name + ": is also the output (-o); write the rejects to another file");
    }
    OutputTarget.refuseInputs(name, rejectsFile, inputs);
    if (Files.isRegularFile(rejectsFile)) {
      if (!Input.STDIN.equals(output)
          && Files.exists(Path.of(output))
          && Files.isSameFile(Path.of(output), rejectsFile)) {
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
    if (rejects != null) {
      VariantBuilder line = new VariantBuilder().startObject();
      line.key("file").appendString(e.source());
      line.key("line").appendLong(e.line());
      line.key("column").appendLong(e.column());
      line.key("reason").appendString(e.detail());
      if (text != null) {
        line.key("text")
            .appendString(
                StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(text))
                    .toString());
      }
      rejects.append(VariantJson.toJson(line.endObject().build())).append('\n');
    }
    if (maxErrors != null && rejected > maxErrors) {
      throw new InputException(
          e.source(),
          e.line(),
          e.column(),
          "more than " + maxErrors + " rows rejected (--max-errors); the last: " + e.detail(),
          e);
    }
  }

  /** Rows rejected so far. */
  long rejected() {
    return rejected;
  }

  @Override
  public void close() throws IOException {
    if (rejects != null) {
      rejects.close();
    }
  }
}
