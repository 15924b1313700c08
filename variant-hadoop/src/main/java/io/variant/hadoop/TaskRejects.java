// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * A task's rejects: {@code _rejects/rejects-m-00000.ndjson} in the task's work directory, so that
 * it is committed (or discarded) with the task's part file, one {@link RejectedLine} per line the
 * task skipped, as the local engine's {@code --rejects} writes it.
 *
 * <p>A task knows the number of a line in its file only when its split starts the file: one that
 * starts further on numbers its lines from its split's start, and every task of a file read in
 * several splits leaves its split's count of lines beside the rejects ({@link SplitLines}), by
 * which the client renumbers the rejects once the job has succeeded.
 */
final class TaskRejects {
  private final TaskInputOutputContext<?, ?, ?, ?> context;
  private final Path file;
  private final long start;
  private final long length;
  private OutputStream out;

  /**
   * The rejects of a task reading {@code length} bytes of {@code file} from byte {@code start}; a
   * file that is not split (compressed) is read from 0, whole.
   */
  TaskRejects(TaskInputOutputContext<?, ?, ?, ?> context, Path file, long start, long length) {
    this.context = context;
    this.file = file;
    this.start = start;
    this.length = length;
  }

  /** {@code rejects-m-00003.ndjson}, task 3's rejects file. */
  static String name(int task) {
    return "rejects-m-" + taskNumber(task) + ".ndjson";
  }

  /** {@code 00003} for task 3, as Hadoop numbers part files. */
  static String taskNumber(int task) {
    return String.format(Locale.ROOT, "%05d", task);
  }

  /** Writes {@code line}, numbered from the split's start, and counts it. */
  void write(RejectedLine line) throws IOException, InterruptedException {
    context.getCounter(ConvertCounters.ROWS_REJECTED).increment(1);
    if (out == null) {
      Path path = new Path(directory(), name(task()));
      out = path.getFileSystem(context.getConfiguration()).create(path, false);
    }
    out.write((line.toJson() + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Closes the rejects file, and if the task skips bad lines and its file is read in several
   * splits, leaves its split's count of lines for {@link SplitLines#renumber}.
   *
   * @param lines the lines the task read, blank ones too
   * @param skipping whether bad lines are skipped, so that rejects may need renumbering
   */
  void close(long lines, boolean skipping) throws IOException, InterruptedException {
    if (out != null) {
      out.close();
    }
    if (!skipping || file == null || lines == 0) {
      return; // no rejects, not a file's split, or no line starts in it: it shifts no number
    }
    FileSystem fs = file.getFileSystem(context.getConfiguration());
    if (start > 0 || start + length < fs.getFileStatus(file).getLen()) {
      SplitLines.write(fs, directory(), task(), file, start, lines);
    }
  }

  private Path directory() throws IOException, InterruptedException {
    return new Path(FileOutputFormat.getWorkOutputPath(context), ConvertMapper.REJECTS_DIR);
  }

  private int task() {
    return context.getTaskAttemptID().getTaskID().getId();
  }
}
