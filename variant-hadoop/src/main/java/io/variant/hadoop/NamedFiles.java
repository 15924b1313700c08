// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.security.TokenCache;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.apache.hadoop.util.StringUtils;

/**
 * Input files named without a glob whatever their names, as the CLI reads them. {@code
 * FileInputFormat} applies its filter of hidden names to an input path itself, so an input {@code
 * _part.ndjson} or {@code .events.parquet} that the user spelled out fails with "Input path does
 * not exist". Here an input that names an existing file whose name starts with {@code .} or {@code
 * _} ({@link GlobReach#isHidden}) is taken as it is, as a name that exists is taken literally by
 * the CLI; the other inputs are listed by {@code FileInputFormat}, so a glob's matches and a
 * directory's entries that are hidden are still skipped. The job's input filter applies to a named
 * file as to any input.
 */
final class NamedFiles {
  /** The listing of {@code FileInputFormat}, for the inputs of the context it is given. */
  @FunctionalInterface
  interface Listing {
    List<FileStatus> list(JobContext job) throws IOException;
  }

  private NamedFiles() {}

  /**
   * {@code listing}'s files of {@code job}'s inputs, and the hidden files those inputs name.
   *
   * @throws IOException as {@code listing} throws it
   */
  static List<FileStatus> listStatus(JobContext job, Listing listing) throws IOException {
    Configuration conf = job.getConfiguration();
    PathFilter filter = FileInputFormat.getInputPathFilter(job);
    List<Path> listed = new ArrayList<>();
    List<FileStatus> named = new ArrayList<>();
    for (Path input : FileInputFormat.getInputPaths(job)) {
      FileStatus file = hiddenFile(input, conf);
      if (file != null && (filter == null || filter.accept(file.getPath()))) {
        named.add(file);
      } else {
        listed.add(input);
      }
    }
    if (named.isEmpty()) {
      return listing.list(job);
    }
    // as FileInputFormat does for what it lists: the tasks need the file systems' tokens
    TokenCache.obtainTokensForNamenodes(
        job.getCredentials(), named.stream().map(FileStatus::getPath).toArray(Path[]::new), conf);
    List<FileStatus> files = new ArrayList<>();
    if (!listed.isEmpty()) {
      JobConf rest = new JobConf(conf); // shares the job's credentials
      rest.set(FileInputFormat.INPUT_DIR, inputDir(listed));
      files.addAll(listing.list(new JobContextImpl(rest, job.getJobID())));
    }
    files.addAll(named);
    return files;
  }

  /** The file {@code input} names if its name is hidden; null if it is not, or names no file. */
  private static FileStatus hiddenFile(Path input, Configuration conf) throws IOException {
    if (!GlobReach.isHidden(input.getName())) {
      return null;
    }
    try {
      FileStatus status = input.getFileSystem(conf).getFileStatus(input);
      return status.isFile() ? status : null;
    } catch (FileNotFoundException e) {
      return null; // a glob, or a missing file: FileInputFormat says which
    }
  }

  /** {@code paths} as {@code FileInputFormat.setInputPaths} writes them: escaped, by commas. */
  private static String inputDir(List<Path> paths) {
    List<String> escaped = new ArrayList<>();
    for (Path p : paths) {
      escaped.add(StringUtils.escapeString(p.toString()));
    }
    return String.join(",", escaped);
  }
}
