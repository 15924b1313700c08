// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.GlobFilter;
import org.apache.hadoop.fs.Path;

/**
 * A glob in Hadoop's syntax ({@code FileSystem.globStatus}: each name of a match is matched by one
 * name of the pattern, and no wildcard crosses a {@code /}), compiled once, for {@link GlobReach}'s
 * rule. A pattern that is not qualified is matched by the last names of a qualified path, as {@code
 * globStatus} qualifies its matches. A path whose names do not line up with the pattern's (the
 * match of a {@code {..}} that holds a {@code /}) is not taken for a match.
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public only for the project's CLI; it
 * stays in this package for {@link ConvertJob}'s input filter. <b>Thread safety:</b> immutable.
 */
public final class HadoopGlob {
  private final Path pattern;
  private final List<GlobFilter> names; // one per name of the pattern
  private final int baseDepth; // the leading names without a wildcard

  private HadoopGlob(Path pattern, List<GlobFilter> names) {
    this.pattern = pattern;
    this.names = names;
    int depth = 0;
    while (depth < names.size() && !names.get(depth).hasPattern()) {
      depth++;
    }
    this.baseDepth = depth;
  }

  /**
   * Compiles {@code pattern}.
   *
   * @throws IOException if a name of it is not a valid glob, as {@code globStatus} throws
   */
  public static HadoopGlob of(Path pattern) throws IOException {
    List<GlobFilter> filters = new ArrayList<>();
    for (String name : names(pattern)) {
      filters.add(new GlobFilter(name));
    }
    return new HadoopGlob(pattern, filters);
  }

  /** The glob's base: the pattern without its names from the first that holds a wildcard on. */
  public Path base() {
    Path p = pattern;
    while (p.depth() > baseDepth && p.getParent() != null) {
      p = p.getParent();
    }
    return p;
  }

  /** Whether {@code path} is a match of the glob. */
  public boolean matches(Path path) {
    List<String> last = lastNames(path);
    return last != null && lineUp(last, 0);
  }

  /**
   * True if {@code match} is a match of the glob that lies in a directory whose name starts with
   * {@code .} or {@code _} and that the glob entered through a wildcard ({@link GlobReach}).
   */
  public boolean entersHiddenDirectory(Path match) {
    List<String> last = lastNames(match);
    if (last == null || !lineUp(last, 0)) {
      return false;
    }
    return GlobReach.entersHiddenDirectory(
        last.subList(baseDepth, last.size()), n -> lineUp(n, baseDepth));
  }

  private List<String> lastNames(Path path) {
    List<String> all = names(path);
    return all.size() < names.size() ? null : all.subList(all.size() - names.size(), all.size());
  }

  /** Whether {@code given} are matched, one by one, by the pattern's names from {@code from} on. */
  private boolean lineUp(List<String> given, int from) {
    if (given.size() != names.size() - from) {
      return false;
    }
    for (int i = 0; i < given.size(); i++) {
      if (!names.get(from + i).accept(named(given.get(i)))) {
        return false;
      }
    }
    return true;
  }

  private static List<String> names(Path p) {
    return Arrays.stream(p.toUri().getPath().split("/")).filter(n -> !n.isEmpty()).toList();
  }

  /** A path named {@code name}, however it is spelled ({@code :} included): filters see names. */
  private static Path named(String name) {
    try {
      return new Path(new URI(null, null, "/" + name, null));
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("Cannot name a path " + name, e);
    }
  }
}
