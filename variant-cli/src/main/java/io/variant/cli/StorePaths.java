// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.hadoop.GlobReach;
import io.variant.hadoop.HadoopGlob;
import io.variant.hadoop.IncompleteOutput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.hadoop.fs.FileStatus;

/**
 * {@link InputPaths} for a name with a scheme: the same rules, through Hadoop's {@code FileSystem}.
 * A directory gives the data files directly in it (sorted by name; hidden names and names starting
 * with {@code _} skipped), and is refused if a job has not finished writing it; a glob that names
 * nothing that exists gives the files {@code FileSystem.globStatus} matches (Hadoop's glob syntax:
 * {@code *}, {@code ?}, {@code [..]}, <code>{a,b}</code>; no {@code **}), sorted, hidden and {@code
 * _} names skipped as in a directory, and the files in hidden and {@code _} directories it entered
 * through a wildcard ({@link GlobReach}); it is refused if a job has not finished writing its base
 * directory or one between the base and a file it gives.
 */
final class StorePaths {
  private StorePaths() {}

  /**
   * Adds to {@code out} what {@code arg} names.
   *
   * @param dataFile which files of a directory are inputs, by their name
   * @throws InputException if a glob matches nothing, a directory holds no data file, or an
   *     unfinished job's directory is refused
   */
  static void expand(
      String arg,
      Stores stores,
      Predicate<Path> dataFile,
      InputPaths.Incomplete incomplete,
      List<String> out) {
    try {
      StoreFile file = stores.file(arg);
      FileStatus status = file.status();
      if (status != null && status.isDirectory()) {
        refuseIncomplete(file, incomplete);
        List<String> files = new ArrayList<>();
        for (FileStatus s : sorted(file.fs().listStatus(file.path()))) {
          String name = s.getPath().getName();
          if (s.isFile() && !GlobReach.isHidden(name) && dataFile.test(Path.of(name))) {
            files.add(file.child(name).name());
          }
        }
        if (files.isEmpty()) {
          throw InputException.unreadable(arg, "the directory holds no data file", null);
        }
        out.addAll(files);
      } else if (status == null && InputPaths.isGlob(arg)) {
        out.addAll(glob(file, incomplete));
      } else {
        out.add(arg); // a file, or a missing one: opening it says so
      }
    } catch (IOException e) {
      throw InputException.unreadable(arg, "cannot list: " + IoMessages.reason(e), e);
    }
  }

  private static List<String> glob(StoreFile pattern, InputPaths.Incomplete incomplete)
      throws IOException {
    FileStatus[] matched = pattern.fs().globStatus(pattern.path());
    HadoopGlob glob = HadoopGlob.of(pattern.path());
    org.apache.hadoop.fs.Path base = glob.base();
    refuseIncomplete(new StoreFile(base.toString(), pattern.fs(), base), incomplete);
    Set<org.apache.hadoop.fs.Path> checked = new HashSet<>();
    List<String> files = new ArrayList<>();
    int hidden = 0;
    int inHiddenDirectories = 0;
    for (FileStatus s : matched == null ? new FileStatus[0] : sorted(matched)) {
      if (!s.isFile()) {
        continue;
      }
      if (GlobReach.isHidden(s.getPath().getName())) {
        hidden++;
      } else if (glob.entersHiddenDirectory(s.getPath())) {
        inHiddenDirectories++;
      } else {
        // every directory between the base and the file may be an unfinished job's output
        for (org.apache.hadoop.fs.Path d = s.getPath().getParent();
            d != null && d.depth() > base.depth() && checked.add(d);
            d = d.getParent()) {
          refuseIncomplete(new StoreFile(d.toString(), pattern.fs(), d), incomplete);
        }
        files.add(new StoreFile(s.getPath().toString(), pattern.fs(), s.getPath()).name());
      }
    }
    if (files.isEmpty()) {
      throw InputException.unreadable(
          pattern.name(), InputPaths.noMatch(hidden, inHiddenDirectories), null);
    }
    return files;
  }

  private static FileStatus[] sorted(FileStatus[] files) {
    FileStatus[] copy = files.clone();
    Arrays.sort(copy, Comparator.comparing((FileStatus s) -> s.getPath().toString()));
    return copy;
  }

  private static void refuseIncomplete(StoreFile dir, InputPaths.Incomplete incomplete)
      throws IOException {
    if (incomplete == InputPaths.Incomplete.READ) {
      return;
    }
    IOException[] failure = new IOException[1];
    String reason =
        IncompleteOutput.reason(
            entry -> {
              try {
                return failure[0] == null && dir.child(entry).status() != null;
              } catch (IOException e) {
                failure[0] = e;
                return false;
              }
            });
    if (failure[0] != null) {
      throw failure[0];
    }
    InputPaths.refuse(dir.name(), reason);
  }
}
