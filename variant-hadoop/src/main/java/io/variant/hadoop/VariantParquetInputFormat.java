// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.shredding.RebuildOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.apache.parquet.hadoop.ParquetInputFormat;

/**
 * Reads Parquet files with VARIANT columns as {@link VariantRecord}s in MapReduce or Spark tasks:
 * the part files {@link VariantParquetOutputFormat} writes, or any file {@code
 * VariantParquetReader} reads, each task through a {@code VariantParquetReader} of its split.
 * Splits are Parquet's (byte ranges of a file; a row group belongs to the split holding its
 * midpoint, as with {@link ParquetInputFormat}), configured through static setters that store text
 * in the job's {@link Configuration}, as {@link ParquetInputFormat} is.
 *
 * <pre>{@code
 * job.setInputFormatClass(VariantParquetInputFormat.class);
 * VariantParquetInputFormat.setProjection(job, "event", VariantPath.parse("$.user.age"));  // one path only
 * VariantParquetInputFormat.setFilter(job, VariantPredicate.gt("event", "$.user.age", Literal.of(65)));
 * // map(Void key, VariantRecord row, ...): row.variant("event") is the value at $.user.age
 * }</pre>
 *
 * <ul>
 *   <li><b>Projection</b> ({@link #setProjection}): each record has the one column, holding the
 *       Variant at the path ({@code null} when the path is absent or the row is SQL NULL), and only
 *       the Parquet columns the path needs are read. {@link #setColumns} instead reads whole
 *       top-level columns.
 *   <li><b>Filter</b> ({@link #setFilter}): row groups in which no row can match are skipped by
 *       their statistics and dictionaries (see {@link VariantPredicate#toParquetFilter}); when the
 *       records hold the predicate's column whole (no projection), rows that do not match are
 *       dropped too, so the records are exactly the matching rows. With a projection, rows of kept
 *       row groups are all returned.
 *   <li><b>Incomplete outputs</b>: an input directory that holds {@code _temporary/} or {@link
 *       IncompleteOutput#IN_PROGRESS} (a job still writing it, or one that failed or was killed
 *       after some tasks committed) is refused when the job lists its input, as is a glob whose
 *       base or a directory between the base and a match is one, unless {@link #setAllowIncomplete}
 *       says to read the part files it holds. A file named without a glob is read whatever
 *       directory holds it, as the CLI reads it: the job named that file, not the directory.
 *   <li><b>Globs</b> skip their matches in a directory whose name starts with {@code .} or {@code
 *       _} that they entered through a wildcard ({@link GlobReach}): {@code out/*}{@code /*}{@code
 *       /*.parquet} reads no attempt file under a running job's {@code out/_temporary/} and nothing
 *       under {@code out/.staging/}; {@code out/_temporary/...} spelled out is read, as is a file
 *       named without a glob whatever its name ({@link NamedFiles}).
 *   <li><b>Damaged files</b> fail the task with the words {@code variant cat} and {@code get} use,
 *       naming file, column and row, since a task reads as they do: its file's footer is checked
 *       against the file before reading (a row group whose row count its column chunks contradict
 *       fails the task instead of ending its records early), page headers before parquet-java
 *       allocates what they claim, each page's encodings against the footer and its levels and
 *       values against its bytes, the levels of a row's columns against each other, and page CRCs,
 *       naming the column and page of a mismatch, unless the job sets {@code
 *       parquet.page.verify-checksum.enabled} to {@code false}.
 * </ul>
 */
public class VariantParquetInputFormat extends ParquetInputFormat<VariantRecord> {
  /** Configuration key of the top-level columns to read: a JSON array of names. */
  public static final String COLUMNS = "variant.input.columns";

  /** Configuration key of the projected column and path: a JSON array {@code [column, path]}. */
  public static final String PROJECTION = "variant.input.projection";

  /** Configuration key of the filter predicate (see {@link #setFilter}). */
  public static final String FILTER = "variant.input.filter";

  /** Configuration key of the validation: {@code lazy} (default) or {@code full}. */
  public static final String VALIDATION = "variant.input.validation";

  /** Configuration key: {@code true} to let typed values win over conflicting residual keys. */
  public static final String LENIENT = "variant.input.lenient";

  /** Hadoop creates input formats by reflection. */
  public VariantParquetInputFormat() {}

  /** Reads only these top-level columns. */
  public static void setColumns(Job job, String... columns) {
    job.getConfiguration().set(COLUMNS, ConfText.ofList(List.of(columns)));
  }

  /**
   * Reads only the value at {@code path} of VARIANT column {@code column}; see the class comment.
   */
  public static void setProjection(Job job, String column, VariantPath path) {
    job.getConfiguration().set(PROJECTION, ConfText.ofList(List.of(column, path.toString())));
  }

  /**
   * Skips row groups (and, without a projection, rows) that do not match; see the class comment.
   */
  public static void setFilter(Job job, VariantPredicate predicate) {
    job.getConfiguration().set(FILTER, PredicateText.of(predicate));
  }

  /**
   * How much of each Variant is validated before its record is returned; {@code FULL} for untrusted
   * files.
   */
  public static void setValidation(Job job, VariantReadOptions.Validation validation) {
    job.getConfiguration().set(VALIDATION, validation.name().toLowerCase(Locale.ROOT));
  }

  /** {@link RebuildOptions#lenient()} instead of failing on invalid-but-readable shredded data. */
  public static void setLenient(Job job, boolean lenient) {
    job.getConfiguration().setBoolean(LENIENT, lenient);
  }

  /**
   * The read options the Configuration describes (the filter is kept apart: see {@link #filter}).
   */
  static VariantReadOptions options(Configuration conf) {
    String columns = conf.get(COLUMNS);
    Set<String> selected = columns == null ? null : Set.copyOf(ConfText.toList(COLUMNS, columns));
    String validation = conf.get(VALIDATION, "lazy");
    VariantReadOptions.Validation v;
    try {
      v = VariantReadOptions.Validation.valueOf(validation.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot read " + VALIDATION + ": expected lazy or full, was " + validation, e);
    }
    RebuildOptions rebuild =
        conf.getBoolean(LENIENT, false) ? RebuildOptions.lenient() : RebuildOptions.defaults();
    return new VariantReadOptions(rebuild, selected, null, v);
  }

  /** The filter predicate, or {@code null}. */
  static VariantPredicate filter(Configuration conf) {
    String text = conf.get(FILTER);
    return text == null ? null : PredicateText.parse(FILTER, text);
  }

  /** {@code [column, path]}, or {@code null} without a projection. */
  static List<String> projection(Configuration conf) {
    String text = conf.get(PROJECTION);
    if (text == null) {
      return null;
    }
    List<String> p = ConfText.toList(PROJECTION, text);
    if (p.size() != 2) {
      throw new IllegalArgumentException(
          "Cannot read " + PROJECTION + ": expected [column, path], was " + text);
    }
    VariantPath.parse(p.get(1)); // fail here, before any task, on a bad path
    return p;
  }

  /** Lets the job read the part files of incomplete output directories (see the class comment). */
  public static void setAllowIncomplete(Job job, boolean allow) {
    job.getConfiguration().setBoolean(IncompleteOutput.ALLOW_INCOMPLETE, allow);
  }

  /**
   * The input files, after checking that no input directory is an incomplete job output. A glob's
   * matches in a directory whose name starts with {@code .} or {@code _} that it entered through a
   * wildcard ({@link GlobReach}: a job's {@code _temporary/}, a staging directory) are not read, as
   * {@code FileInputFormat} skips only the matches whose own names start so; the job's own input
   * filter still applies.
   *
   * @throws IOException naming the directory, if one is incomplete and {@link #setAllowIncomplete}
   *     was not called: an input directory or one below it, a glob's base (its names before the
   *     first wildcard) or one between the base and a match
   */
  @Override
  protected List<FileStatus> listStatus(JobContext job) throws IOException {
    Configuration conf = job.getConfiguration();
    JobContext listing =
        new JobContextImpl(HiddenDirectoryFilter.withJobFilter(conf), job.getJobID());
    if (conf.getBoolean(IncompleteOutput.ALLOW_INCOMPLETE, false)) {
      return NamedFiles.listStatus(listing, super::listStatus);
    }
    Set<Path> matched = new HashSet<>();
    Set<Path> checked = new HashSet<>();
    for (Path input : getInputPaths(job)) {
      FileSystem fs = input.getFileSystem(conf);
      HadoopGlob glob = HadoopGlob.of(input);
      Path base = fs.makeQualified(glob.base());
      boolean literal = base.equals(fs.makeQualified(input)); // no wildcard: read as named
      refuseIncomplete(fs, base, checked);
      FileStatus[] statuses = fs.globStatus(input);
      for (FileStatus s : statuses == null ? new FileStatus[0] : statuses) {
        Path p = s.getPath();
        if (!literal && (GlobReach.isHidden(p.getName()) || glob.entersHiddenDirectory(p))) {
          continue; // not read
        }
        matched.add(p);
        if (s.isDirectory()) {
          refuseIncomplete(fs, p, checked);
        }
        // every directory between the glob's base and its match may be an unfinished job's output
        for (Path d = p.getParent(); d != null && d.depth() > base.depth(); d = d.getParent()) {
          refuseIncomplete(fs, d, checked);
        }
      }
    }
    List<FileStatus> files = NamedFiles.listStatus(listing, super::listStatus);
    // The listing recurses into subdirectories: every directory between a file and the input
    // directory it was listed from may be an unfinished job's output. A file an input names or a
    // glob matches was checked above as far as that input reaches: a file named without a glob is
    // read whatever directory holds it, as the CLI reads it.
    for (FileStatus f : files) {
      if (matched.contains(f.getPath())) {
        continue;
      }
      FileSystem fs = f.getPath().getFileSystem(conf);
      for (Path d = f.getPath().getParent(); d != null && !matched.contains(d); d = d.getParent()) {
        refuseIncomplete(fs, d, checked);
      }
    }
    return files;
  }

  /**
   * Refuses directory {@code d} if it is an unfinished job's output; each directory once.
   *
   * @throws IOException naming {@code d} and why
   */
  private static void refuseIncomplete(FileSystem fs, Path d, Set<Path> checked)
      throws IOException {
    if (!checked.add(d)) {
      return;
    }
    String reason = IncompleteOutput.reason(name -> exists(fs, new Path(d, name)));
    if (reason != null) {
      throw new IOException(
          "Cannot read "
              + d
              + ": "
              + reason
              + "; read it anyway with "
              + IncompleteOutput.ALLOW_INCOMPLETE
              + "=true (VariantParquetInputFormat.setAllowIncomplete)");
    }
  }

  private static boolean exists(FileSystem fs, Path p) {
    try {
      return fs.exists(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public RecordReader<Void, VariantRecord> createRecordReader(
      InputSplit split, TaskAttemptContext context) {
    return new VariantRecordReader();
  }
}
