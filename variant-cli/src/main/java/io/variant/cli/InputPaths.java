// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.hadoop.GlobReach;
import io.variant.hadoop.IncompleteOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The inputs a reading command was given, expanded: {@code -} (stdin) as it is; a directory to the
 * data files directly in it (sorted by name; hidden files and names starting with {@code _}, such
 * as {@code _SUCCESS} and {@code .crc} files, are skipped, as Spark and Hadoop skip them; its
 * subdirectories are not entered); a glob ({@code *}, {@code ?}, {@code [..]}, <code>{a,b}</code>,
 * {@code **} across directories) that the shell did not expand, to the files it matches ({@link
 * LocalGlob}), skipping hidden and {@code _} files as a directory does (as Hadoop's {@code
 * FileInputFormat}, and so {@code convert --engine mapreduce}, skips them among a glob's matches),
 * and the files in hidden and {@code _} directories that it entered through a wildcard ({@link
 * GlobReach}: a job's {@code _temporary/}). A name that exists is taken literally even if it
 * contains glob characters, and a file named without a glob is read whatever its name.
 *
 * <p>A directory that a job has not finished writing (it holds {@code _temporary/} or {@code
 * _IN_PROGRESS}: see {@link IncompleteOutput}) may hold only some of its part files; readers of
 * Parquet part files refuse it, as they refuse a glob that reaches into it (its base directory, or
 * one between the base and a file it matches), unless told {@link Incomplete#READ}.
 */
final class InputPaths {
  /** What to do with a directory of part files that a job has not finished writing. */
  enum Incomplete {
    /** Refuse it: its part files may be only some of the output. */
    REFUSE,
    /** Read the part files it holds. */
    READ
  }

  private InputPaths() {}

  /**
   * @param dataFile which files of a directory are inputs (e.g. {@code *.parquet} for Parquet
   *     commands)
   * @throws InputException if a glob matches nothing or a directory holds no data file
   */
  static List<String> expand(List<String> args, Predicate<Path> dataFile) {
    return expand(args, dataFile, Incomplete.READ, null);
  }

  /**
   * {@link #expand(List, Predicate)}, refusing the directories of unfinished jobs unless {@code
   * incomplete} is {@link Incomplete#READ}; names with a scheme are expanded on their store ({@link
   * StorePaths}), {@code file:} URIs as the local names they are.
   *
   * @param stores the stores of names with a scheme; null to take every name as local
   * @throws InputException naming the directory, if it is refused
   */
  static List<String> expand(
      List<String> args, Predicate<Path> dataFile, Incomplete incomplete, Stores stores) {
    List<String> out = new ArrayList<>();
    for (String given : args) {
      if (Input.STDIN.equals(given)) {
        out.add(given);
        continue;
      }
      if (stores != null && Stores.isStore(given)) {
        StorePaths.expand(given, stores, dataFile, incomplete, out);
        continue;
      }
      String arg = Stores.local(given);
      Path p = Path.of(arg);
      if (Files.isDirectory(p)) {
        refuseIncomplete(p, arg, incomplete);
        List<String> files = list(p, 1, f -> dataFile.test(f) && isVisible(p, f), arg);
        if (files.isEmpty()) {
          // like a glob that matches nothing: no such file, an I/O error (exit code 3)
          throw InputException.unreadable(arg, "the directory holds no data file", null);
        }
        out.addAll(files);
      } else if (!Files.exists(p) && isGlob(arg)) {
        out.addAll(LocalGlob.expand(arg, incomplete));
      } else {
        out.add(arg);
      }
    }
    return out;
  }

  /** Refuses directory {@code dir}, named {@code name}, if its job has not finished. */
  static void refuseIncomplete(Path dir, String name, Incomplete incomplete) {
    if (incomplete == Incomplete.READ || dir == null) {
      return;
    }
    refuse(name, IncompleteOutput.reason(entry -> Files.exists(dir.resolve(entry))));
  }

  /**
   * Refuses directory {@code name} if {@code reason} (why its job has not finished) is not null.
   */
  static void refuse(String name, String reason) {
    if (reason != null) {
      throw new InputException(
          name,
          0,
          0,
          reason + "; rerun the job, or add --allow-incomplete to read the part files it holds",
          null);
    }
  }

  /** Every regular file is a data file (JSON inputs). */
  static boolean anyFile(Path p) {
    return true;
  }

  /** Parquet part files: {@code *.parquet}, as Spark and Hadoop name them. */
  static boolean parquetFile(Path p) {
    return p.getFileName().toString().endsWith(".parquet");
  }

  static boolean isGlob(String arg) {
    return arg.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }

  private static List<String> list(Path dir, int depth, Predicate<Path> include, String arg) {
    try (Stream<Path> walk = Files.walk(dir, depth)) {
      return walk.filter(Files::isRegularFile)
          .filter(include)
          .map(Path::toString)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw InputException.unreadable(arg, "cannot list: " + IoMessages.reason(e), e);
    }
  }

  private static boolean isVisible(Path dir, Path file) {
    for (Path part : dir.relativize(file)) {
      if (GlobReach.isHidden(part.toString())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Why a glob gives no file, when {@code hiddenFiles} hidden or {@code _} files matched it and
   * {@code inHiddenDirectories} files in directories it entered through a wildcard ({@link
   * GlobReach}).
   */
  static String noMatch(int hiddenFiles, int inHiddenDirectories) {
    String files = "hidden or _ files, which a glob skips (name one to read it)";
    String directories =
        "files in directories whose names start with . or _, which a glob enters only where it"
            + " spells their . or _ out";
    if (inHiddenDirectories == 0) {
      return hiddenFiles == 0 ? "no file matches" : "no file matches but " + files;
    }
    return hiddenFiles == 0
        ? "no file matches but " + directories
        : "no file matches but " + files + ", and " + directories;
  }
}
