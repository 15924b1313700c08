// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import picocli.CommandLine.Option;

/**
 * {@code --allow-incomplete} of the commands that read directories of Parquet part files; a picocli
 * mixin. Without it, a directory that a job has not finished writing is refused (see {@link
 * InputPaths}).
 */
final class AllowIncomplete {
  @Option(
      names = "--allow-incomplete",
      description =
          "Read the part files of a directory that a job has not finished writing (it holds "
              + "_temporary/ or _IN_PROGRESS: the job is running, or failed or was killed) instead of "
              + "refusing it; they may be only some of the output.")
  boolean allow;

  /** What {@link InputPaths} does with such a directory. */
  InputPaths.Incomplete policy() {
    return allow ? InputPaths.Incomplete.READ : InputPaths.Incomplete.REFUSE;
  }
}
