// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Line numbers for the rejects of splits that start after their file's first byte. Such a task
 * cannot know how many lines come before its split without reading them, which for the last split
 * of a large file would be nearly the whole file, once per split: it numbers its rejects from its
 * split's start and leaves its split's count of lines, {@code _rejects/.lines-m-00003} (start,
 * count, file). Every task of a file read in several splits leaves one, as a later split's rejects
 * need them all. Once the job has succeeded, and before its output is published, the client adds to
 * each such task's rejects the lines of the file's splits before it ({@link #renumber}), reading
 * only those rejects, and deletes the counts: the rejects then number their lines as the local
 * engine does.
 */
final class SplitLines {
  private static final String PREFIX = ".lines-m-";

  private SplitLines() {}

  /** A split's count of lines, as a task left it. */
  private record Split(String task, String file, long start, long lines) {}

  /** Leaves the count of {@code lines} read from byte {@code start} of {@code file}, for a task. */
  static void write(FileSystem fs, Path directory, int task, Path file, long start, long lines)
      throws IOException {
    Path path = new Path(directory, PREFIX + TaskRejects.taskNumber(task));
    try (OutputStream out = fs.create(path, true)) { // a task attempt run again writes it again
      out.write((start + "\t" + lines + "\t" + file + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  /**
   * Renumbers the rejects under {@code output} that the tasks numbered from their split's start,
   * and deletes the counts (and {@code _rejects/} if nothing else is in it).
   */
  static void renumber(Path output, Configuration conf) throws IOException {
    Path directory = new Path(output, ConvertMapper.REJECTS_DIR);
    FileSystem fs = directory.getFileSystem(conf);
    if (!fs.exists(directory)) {
      return;
    }
    FileStatus[] counts = fs.listStatus(directory, p -> p.getName().startsWith(PREFIX));
    Map<String, List<Split>> byFile = new HashMap<>();
    for (FileStatus c : counts) {
      Split s = read(fs, c.getPath());
      byFile.computeIfAbsent(s.file(), f -> new ArrayList<>()).add(s);
    }
    for (List<Split> splits : byFile.values()) {
      splits.sort(Comparator.comparingLong(Split::start));
      long before = 0;
      for (Split s : splits) {
        Path rejects = new Path(directory, "rejects-m-" + s.task() + ".ndjson");
        if (before > 0 && fs.exists(rejects)) {
          shift(fs, rejects, before);
        }
        before += s.lines();
      }
    }
    for (FileStatus c : counts) {
      fs.delete(c.getPath(), false);
    }
    if (fs.listStatus(directory).length == 0) {
      fs.delete(directory, false);
    }
  }

  private static Split read(FileSystem fs, Path count) throws IOException {
    String text;
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(fs.open(count), StandardCharsets.UTF_8))) {
      text = in.readLine();
    }
    String[] fields = text == null ? new String[0] : text.split("\t", 3);
    if (fields.length != 3) {
      throw new IOException("Cannot read the line count " + count + ": " + text);
    }
    String task = count.getName().substring(PREFIX.length());
    return new Split(task, fields[2], Long.parseLong(fields[0]), Long.parseLong(fields[1]));
  }

  /** Adds {@code lines} to the line of every reject in {@code rejects}, written anew. */
  private static void shift(FileSystem fs, Path rejects, long lines) throws IOException {
    Path shifted = new Path(rejects.getParent(), "." + rejects.getName() + ".renumbered");
    try (BufferedReader in =
            new BufferedReader(new InputStreamReader(fs.open(rejects), StandardCharsets.UTF_8));
        OutputStream out = fs.create(shifted, true)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        RejectedLine r = RejectedLine.parse(line);
        out.write((r.withLine(r.line() + lines).toJson() + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    if (!fs.delete(rejects, false) || !fs.rename(shifted, rejects)) {
      throw new IOException(
          "Cannot renumber the rejects " + rejects + ": it could not be replaced");
    }
  }
}
