// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The names of the numbered files {@code convert --max-file-size} writes for {@code -o OUT}: OUT
 * without a final {@code .parquet} is the stem, and file {@code k} (from 1) is {@code
 * STEM-0000k.parquet} beside it, five digits at least ({@code -o out.parquet}: {@code
 * out-00001.parquet}; {@code -o logs/day}: {@code logs/day-00001.parquet}; past 99,999 the numbers
 * grow a digit). OUT itself is not written.
 */
final class PartNames {
  private static final String SUFFIX = ".parquet";

  private final Path dir;
  private final String stem;
  private final Pattern part;

  private PartNames(Path dir, String stem) {
    this.dir = dir;
    this.stem = stem;
    this.part = Pattern.compile(Pattern.quote(stem) + "-\\d{5,}" + Pattern.quote(SUFFIX));
  }

  /**
   * The names for {@code -o out}.
   *
   * @throws NoSuchFileException if the directory they go to does not exist
   */
  static PartNames of(Path out) throws NoSuchFileException {
    Path absoluteDir = out.toAbsolutePath().getParent();
    if (absoluteDir != null && !Files.isDirectory(absoluteDir)) {
      throw new NoSuchFileException(out.toString(), null, "no such directory: " + absoluteDir);
    }
    String name = out.getFileName().toString();
    if (name.toLowerCase(Locale.ROOT).endsWith(SUFFIX) && name.length() > SUFFIX.length()) {
      name = name.substring(0, name.length() - SUFFIX.length());
    }
    return new PartNames(out.getParent() == null ? Path.of("") : out.getParent(), name);
  }

  /** File {@code k} (from 1), as the user named its directory. */
  Path part(int k) {
    return dir.resolve(String.format(Locale.ROOT, "%s-%05d%s", stem, k, SUFFIX));
  }

  /** What {@code --help} and messages call the set: {@code out-NNNNN.parquet}. */
  String pattern() {
    return dir.resolve(stem + "-NNNNN" + SUFFIX).toString();
  }

  /** Whether {@code fileName} is the name of a file of the set ({@code STEM-<digits>.parquet}). */
  boolean isPart(String fileName) {
    return part.matcher(fileName).matches();
  }

  /** The files of an earlier set: every {@code STEM-<digits>.parquet} in the directory, sorted. */
  List<Path> existing() throws IOException {
    List<Path> out = new ArrayList<>();
    Path listed = dir.toString().isEmpty() ? Path.of(".") : dir;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(listed)) {
      for (Path p : files) {
        if (isPart(p.getFileName().toString())) {
          out.add(dir.resolve(p.getFileName()));
        }
      }
    }
    // by number: a longer number is a later file
    out.sort(
        Comparator.comparingInt((Path p) -> p.getFileName().toString().length())
            .thenComparing(Path::toString));
    return out;
  }
}
