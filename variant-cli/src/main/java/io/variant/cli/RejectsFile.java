// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.VariantBuilder;
import io.variant.core.json.VariantJson;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The {@code --rejects} file: one NDJSON line per rejected row, <code>
 * {"column": ..., "file": ..., "line": ..., "reason": ..., "text": ...}</code> (keys in Variant
 * order; {@code text}: the line as read, up to 64 KiB, invalid UTF-8 replaced by U+FFFD, left out
 * when there is no line, as for compressed data that ended its input).
 *
 * <p>Written as {@link OutputTarget} writes {@code OUT}: a regular file under a temporary name
 * beside it, moved into place by {@link #commit()} when the convert succeeds; a FIFO or device is
 * written through. An exit (Ctrl-C, SIGTERM) deletes the temporary file. A convert that fails
 * leaves the rejects file as it was, so the same command can run again, and keeps the rows it
 * rejected under {@code REJECTS.failed} (replacing what an earlier failure kept there): they are
 * what tells why it failed, as after {@code --max-errors}. With no row rejected, nothing is kept.
 */
final class RejectsFile implements Closeable {
  static final String FAILED_SUFFIX = ".failed";

  private final OutputTarget target;
  private final TemporaryFileGuard guard;
  private final Writer out;
  private final TemporaryFiles.Removed leftovers;
  private long lines;
  private boolean done;

  private RejectsFile(
      OutputTarget target, TemporaryFileGuard guard, Writer out, TemporaryFiles.Removed leftovers) {
    this.target = target;
    this.guard = guard;
    this.out = out;
    this.leftovers = leftovers;
  }

  /**
   * Starts writing {@code file}, first removing the temporary files that killed converts left for
   * it.
   *
   * @throws RefusedException as {@link OutputTarget#of} refuses it
   */
  static RejectsFile open(Path file, boolean overwrite) throws IOException {
    OutputTarget target = OutputTarget.of(file.toString(), overwrite, null);
    TemporaryFiles.Removed leftovers = target.removeLeftovers();
    TemporaryFileGuard guard = new TemporaryFileGuard();
    try {
      StreamOutputFile opened =
          guard.step(
              () -> {
                StreamOutputFile f = target.open();
                guard.watch(target.temporary());
                return f;
              });
      Writer out = new OutputStreamWriter(opened.create(0), StandardCharsets.UTF_8);
      return new RejectsFile(target, guard, out, leftovers);
    } catch (IOException | RuntimeException e) {
      target.abort();
      guard.close();
      throw e;
    }
  }

  /** Writes one rejected row; {@code text} is its line, or null if there is none. */
  void write(InputException e, byte[] text) throws IOException {
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
    out.append(VariantJson.toJson(line.endObject().build())).append('\n');
    lines++;
  }

  /** Where the rows of a failed convert are kept: {@code REJECTS.failed}; null for a stream. */
  Path failedPath() {
    return target.kind() == OutputTarget.Kind.FILE ? Path.of(target.name() + FAILED_SUFFIX) : null;
  }

  /** The temporary files of killed converts removed before writing. */
  TemporaryFiles.Removed leftovers() {
    return leftovers;
  }

  /** Moves the file into place: the convert succeeded. */
  void commit() throws IOException {
    done = true;
    try {
      out.close();
      guard.step(target::commit);
    } finally {
      target.abort();
      guard.close();
    }
  }

  /**
   * Ends a failed convert's rejects file: keeps its rows at {@link #failedPath()} if it has any,
   * else deletes it; {@code REJECTS} itself is untouched. Never throws: the convert's own failure
   * is what the user must read.
   *
   * @return where the rows were kept, or null
   */
  Path abandon() {
    if (done) {
      return null;
    }
    done = true;
    Path kept = null;
    try {
      out.close();
      Path temporary = target.temporary();
      if (lines > 0 && temporary != null) {
        kept =
            guard.step(
                () -> Files.move(temporary, failedPath(), StandardCopyOption.REPLACE_EXISTING));
      }
    } catch (IOException e) {
      kept = null; // not kept: the temporary file is deleted below
    }
    try {
      target.abort();
    } catch (IOException e) {
      // the exit hook or a later convert removes it
    }
    guard.close();
    return kept;
  }

  /** {@link #abandon()}s the file unless it was committed. */
  @Override
  public void close() {
    abandon();
  }
}
