// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.hadoop.RejectedLine;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The {@code --rejects} file: one NDJSON line per rejected row, <code>
 * {"column": ..., "file": ..., "line": ..., "reason": ..., "text": ...}</code>, as {@link
 * RejectedLine} writes it for both engines ({@code text}: the line as read, up to 64 KiB, invalid
 * UTF-8 replaced by U+FFFD, left out when there is no line, as for compressed data that ended its
 * input).
 *
 * <p>Written as {@link OutputTarget} writes {@code OUT}: a regular file under a temporary name
 * beside it, moved into place by {@link #commit()} when the convert succeeds, together with {@code
 * OUT} ({@link ConvertWriter.Companion}); a FIFO or device is written through. An exit (Ctrl-C,
 * SIGTERM) deletes the temporary file. A convert that fails, even while moving its files into
 * place, leaves the rejects file as it was, so the same command can run again, and keeps the rows
 * it rejected under {@code REJECTS.failed} (replacing what an earlier failure kept there): they are
 * what tells why it failed, as after {@code --max-errors}. With no row rejected, nothing is kept.
 */
final class RejectsFile implements Closeable {
  static final String FAILED_SUFFIX = ".failed";

  private enum State {
    WRITING,
    COMMITTED, // in place, what it replaced kept until settle() or withdraw()
    ENDED
  }

  private final OutputTarget target;
  private final TemporaryFileGuard guard;
  private final Writer out;
  private final TemporaryFiles.Removed leftovers;
  private long lines;
  private State state = State.WRITING;
  private Path kept; // where a withdrawn commit left the rows

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
    OutputTarget target = OutputTarget.of(file.toString(), overwrite, null).keepReplaced();
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
    RejectedLine line =
        new RejectedLine(
            e.source(),
            e.line(),
            e.column(),
            e.detail(),
            text == null ? null : RejectedLine.text(text, text.length));
    out.append(line.toJson()).append('\n');
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

  /**
   * Moves the file into place, keeping the file it replaces until {@link #settle()} or {@link
   * #withdraw()}. If the move fails, the rows are still in the temporary file, for {@link
   * #abandon()}.
   */
  void commit() throws IOException {
    out.close();
    guard.step(target::commit);
    state = State.COMMITTED;
  }

  /** The convert succeeded: drops the file the commit replaced. */
  void settle() throws IOException {
    state = State.ENDED;
    try {
      target.settle();
    } finally {
      guard.close();
    }
  }

  /**
   * Undoes {@link #commit()} (the output failed to move into place): moves the rows to {@link
   * #failedPath()} and puts back the file the commit replaced, or with no row rejected, deletes the
   * file. Never throws: if a move fails, the rows stay where they are, and {@link #abandon()} names
   * that place.
   */
  void withdraw() {
    if (state != State.COMMITTED) {
      return;
    }
    state = State.ENDED;
    try {
      if (lines == 0) {
        target.withdraw();
      } else {
        target.withdrawTo(failedPath());
        kept = failedPath();
      }
    } catch (IOException e) {
      // still at REJECTS if they could not move; else moved, and what they replaced not put back
      Path placed = Path.of(target.name());
      kept = lines == 0 ? null : Files.exists(placed) ? placed : failedPath();
    } finally {
      guard.close();
    }
  }

  /**
   * Ends a failed convert's rejects file: keeps its rows at {@link #failedPath()} if it has any,
   * else deletes it; {@code REJECTS} itself is as it was. Never throws: the convert's own failure
   * is what the user must read.
   *
   * @return where the rows were kept, or null
   */
  Path abandon() {
    withdraw(); // a commit not settled: what it went with did not land
    if (state == State.ENDED) {
      return kept;
    }
    state = State.ENDED;
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

  /** {@link #abandon()}s the file unless it landed with the output. */
  @Override
  public void close() {
    abandon();
  }
}
