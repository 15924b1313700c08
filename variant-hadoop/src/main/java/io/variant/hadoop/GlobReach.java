// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which of a glob's matches lie in a directory that the glob entered only through a wildcard
 * although the directory's name starts with {@code .} or {@code _}: a job's {@code _temporary/},
 * where tasks write their attempt files, or a hidden staging directory. Readers skip those matches,
 * as they skip such files and as a directory's listing skips such subdirectories; a shell's {@code
 * *} likewise enters a hidden directory only where the pattern spells its leading {@code .} out.
 *
 * <p>A directory is entered through a wildcard when the pattern would match the same path with the
 * directory's first character changed: {@code out/**}{@code /*.parquet} and {@code out/*}{@code
 * /*.parquet} enter {@code out/_temporary/}, {@code out/_temporary/**}{@code /*.parquet} and {@code
 * out/_*}{@code /*.parquet} do not. Only the directories below the glob's base count (its leading
 * names without a wildcard, which the user named), and the file's own name is not this class's
 * concern. {@link HadoopGlob} applies the rule to Hadoop's globs.
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public only for the project's CLI; it
 * stays in this package for {@link ConvertJob}'s input filter.
 */
public final class GlobReach {
  /**
   * What a directory's first character becomes to ask whether a wildcard reached it: a character
   * that neither {@code .} nor {@code _} spelled out in a pattern matches.
   */
  private static final char OTHER = '~';

  private GlobReach() {}

  /**
   * True for the names that a directory's listing and a glob skip: hidden ones ({@code .crc} files)
   * and those starting with {@code _} ({@code _SUCCESS}, {@code _temporary}), as Hadoop's {@code
   * FileInputFormat} and Spark skip them.
   */
  public static boolean isHidden(String name) {
    return name.startsWith(".") || name.startsWith("_");
  }

  /**
   * True if one of the directories of {@code relative} is hidden (see {@link #isHidden}) and was
   * entered through a wildcard.
   *
   * @param relative a match's names below the glob's base, its file's name last
   * @param matches whether the pattern, below its base, matches the names it is given
   */
  public static boolean entersHiddenDirectory(
      List<String> relative, Predicate<List<String>> matches) {
    for (int i = 0; i < relative.size() - 1; i++) {
      String name = relative.get(i);
      if (isHidden(name)) {
        List<String> other = new ArrayList<>(relative);
        other.set(i, OTHER + name.substring(1));
        if (matches.test(other)) {
          return true;
        }
      }
    }
    return false;
  }
}
