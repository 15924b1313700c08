// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.hadoop.GlobReach;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A local glob that the shell did not expand ({@link InputPaths}), expanded: the names before its
 * first wildcard are its base directory, which is walked, and the rest is matched with Java's glob
 * syntax ({@code **} across directories). Its files are sorted and spelled as the user spelled the
 * base. Skipped: files whose names start with {@code .} or {@code _}, and files in a directory
 * whose name does, that the glob entered through a wildcard ({@link GlobReach}: {@code
 * out/**}{@code /*.parquet} does not read a running job's {@code out/_temporary/}). Unless told to
 * read them, the output directories of unfinished jobs that the glob reaches into are refused: its
 * base, and every directory between the base and a file it gives.
 */
final class LocalGlob {
  private LocalGlob() {}

  /**
   * The files {@code arg} matches.
   *
   * @throws InputException if it gives no file, or reaches into a directory that is refused
   */
  static List<String> expand(String arg, InputPaths.Incomplete incomplete) {
    int firstGlob = 0;
    while (firstGlob < arg.length() && "*?[{".indexOf(arg.charAt(firstGlob)) < 0) {
      firstGlob++;
    }
    int slash = arg.lastIndexOf('/', firstGlob);
    Path base = slash < 0 ? Path.of("") : Path.of(slash == 0 ? "/" : arg.substring(0, slash));
    String pattern = arg.substring(slash + 1);
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
    int depth =
        pattern.contains("**")
            ? Integer.MAX_VALUE
            : (int) pattern.chars().filter(c -> c == '/').count() + 1;
    Path root = base.toString().isEmpty() ? Path.of(".") : base;
    if (incomplete == InputPaths.Incomplete.REFUSE) { // the base, even if nothing matches in it
      String name =
          base.toString().isEmpty()
              ? root.toAbsolutePath().normalize().toString()
              : base.toString();
      InputPaths.refuseIncomplete(root, name, incomplete);
    }
    List<Path> files = new ArrayList<>();
    int hiddenFiles = 0;
    int inHiddenDirectories = 0;
    for (Path f : walk(root, depth, matcher, arg)) {
      if (GlobReach.isHidden(f.getFileName().toString())) {
        hiddenFiles++;
      } else if (GlobReach.entersHiddenDirectory(
          names(root.relativize(f)), names -> matcher.matches(path(names)))) {
        inHiddenDirectories++;
      } else {
        files.add(f);
      }
    }
    if (files.isEmpty()) {
      throw InputException.unreadable(
          arg, InputPaths.noMatch(hiddenFiles, inHiddenDirectories), null);
    }
    if (incomplete == InputPaths.Incomplete.REFUSE) {
      refuseBelow(root, base, files);
    }
    return files.stream().map(f -> spelled(base, f)).toList();
  }

  /** Refuses an unfinished job's directory between {@code root} and one of {@code files}. */
  private static void refuseBelow(Path root, Path base, List<Path> files) {
    Set<Path> checked = new HashSet<>(Set.of(root));
    for (Path f : files) {
      for (Path d = f.getParent(); d != null && checked.add(d); d = d.getParent()) {
        InputPaths.refuseIncomplete(d, spelled(base, d), InputPaths.Incomplete.REFUSE);
      }
    }
  }

  /** As the user spelled it: "data/*.json" gives "data/a.json", not "./data/a.json". */
  private static String spelled(Path base, Path f) {
    String s = f.toString();
    return base.toString().isEmpty() && s.startsWith("./") ? s.substring(2) : s;
  }

  private static List<Path> walk(Path root, int depth, PathMatcher matcher, String arg) {
    try (Stream<Path> walk = Files.walk(root, depth)) {
      return walk.filter(Files::isRegularFile)
          .filter(f -> matcher.matches(root.relativize(f)))
          .sorted((a, b) -> a.toString().compareTo(b.toString()))
          .toList();
    } catch (IOException e) {
      throw InputException.unreadable(arg, "cannot list: " + IoMessages.reason(e), e);
    }
  }

  private static List<String> names(Path relative) {
    List<String> names = new ArrayList<>();
    relative.forEach(n -> names.add(n.toString()));
    return names;
  }

  private static Path path(List<String> names) {
    return Path.of(names.get(0), names.subList(1, names.size()).toArray(String[]::new));
  }
}
