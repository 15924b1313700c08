// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.util.function.Predicate;

/**
 * How a reader tells a job's output directory that is not complete from one that is. A job writing
 * through Hadoop's {@code FileOutputCommitter} keeps {@value #TEMPORARY}{@code /} in the directory
 * until the job commits or aborts, and with its default algorithm each task's part file appears in
 * the directory as soon as that task commits: a job that fails or is killed can leave committed
 * part files, and no {@code _SUCCESS}. {@link VariantParquetOutputFormat} also writes {@value
 * #IN_PROGRESS} when the job starts and deletes it after the job committed (and wrote {@code
 * _SUCCESS}), so its outputs say they are incomplete even after the job's own clean-up.
 *
 * <p>Readers of directories ({@code variant cat DIR}, {@link VariantParquetInputFormat}) refuse
 * such a directory unless told to read it anyway ({@code --allow-incomplete}, {@link
 * #ALLOW_INCOMPLETE}). This class needs no Hadoop class, so that readers of local files can use it
 * without starting Hadoop.
 *
 * <p><b>Internal:</b> not API, and may change without notice (the marker names are documented in
 * the README, not this class). Public only for the project's CLI; it stays in this package for the
 * input and output formats' use.
 */
public final class IncompleteOutput {
  /** The marker a job writing with {@link VariantParquetOutputFormat} keeps until it commits. */
  public static final String IN_PROGRESS = "_IN_PROGRESS";

  /** Hadoop's {@code FileOutputCommitter} working directory, present until the job ends. */
  public static final String TEMPORARY = "_temporary";

  /**
   * Configuration key: {@code true} lets {@link VariantParquetInputFormat} read the part files of
   * an incomplete output directory.
   */
  public static final String ALLOW_INCOMPLETE = "variant.input.allow-incomplete";

  private IncompleteOutput() {}

  /**
   * Why a directory is the output of a job that has not finished, or {@code null} if nothing says
   * so.
   *
   * @param holds whether the directory holds an entry of the given name
   */
  public static String reason(Predicate<String> holds) {
    if (holds.test(IN_PROGRESS)) {
      return "it is the output of a job that has not finished (it holds "
          + IN_PROGRESS
          + "): the job is still running, or it failed or was killed";
    }
    if (holds.test(TEMPORARY)) {
      return "it is the output of a job that has not finished (it holds "
          + TEMPORARY
          + "/): the job is still running, or it failed or was killed";
    }
    return null;
  }
}
