// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The product speaks of itself only: no source file or document of the repository points at a
 * tracker's issue numbers, at numbered work stops, or at the team's private notes on the spec and
 * its design drafts. The Parquet spec is cited by file and section instead (e.g. {@code spec:
 * VariantEncoding §Value encoding}).
 *
 * <p>Scanned: every {@code .java} and {@code .md} file under the repository root (every module's
 * {@code src/main} and {@code src/test}, the top-level documents, {@code bench} and {@code
 * testdata}), skipping only build output ({@code target}) and hidden directories. The patterns are
 * assembled from pieces so that this file does not match them itself.
 */
class OutsideReferencesTest {
  private static final Pattern OUTSIDE_REFERENCE =
      Pattern.compile(
          String.join(
              "|",
              "\\b" + "issue" + " #?\\d+",
              "\\b" + "stop" + " \\d+",
              "dige" + "st §",
              "spec" + " dige" + "st",
              "\\bthe" + " dige" + "st\\b",
              "\\b" + "seed" + " 00\\d",
              "\\b" + "seed" + " draft"),
          Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

  @Test
  void noSourceOrDocumentReferencesOutsideTheRepository() {
    Path repo = RepoFiles.root();
    List<Path> files = scannedFiles(repo);
    assertTrue(
        files.stream().anyMatch(f -> f.endsWith("README.md"))
            && files.stream().anyMatch(f -> f.toString().contains("src" + "/main")),
        "expected README.md and the modules' sources under " + repo + ", found " + files.size());
    List<String> hits = outsideReferences(repo, files);
    assertTrue(
        hits.isEmpty(),
        hits.size()
            + " references outside the repository (say what the rule is, or cite the spec by"
            + " file and section):\n  "
            + String.join("\n  ", hits));
  }

  @Test
  void reportsEachPlantedReferenceWithItsFileAndLine(@TempDir Path dir) throws IOException {
    RepoFiles.write(dir, "m/src/test/java/A.java", "class A {}\n// see Iss" + "ue 13\n");
    RepoFiles.write(
        dir, "m/src/main/java/B.java", "/** per the spec dig" + "est §C */\nclass B {}\n");
    RepoFiles.write(
        dir,
        "NOTES.md",
        "fine\nas the dige" + "st's table says\nSeed" + " 002's example, st" + "op 4\n");
    RepoFiles.write(dir, "m/target/C.java", "// iss" + "ue 9: build output is not scanned\n");
    RepoFiles.write(
        dir, "m/src/main/java/D.java", "// an issue with 2 causes; stop the run; a digest\n");

    List<String> hits = outsideReferences(dir, scannedFiles(dir));

    assertEquals(
        List.of(
            "NOTES.md:2: as the dige" + "st's table says",
            "NOTES.md:3: Seed" + " 002's example, st" + "op 4",
            "m/src/main/java/B.java:1: /** per the spec dig" + "est §C */",
            "m/src/test/java/A.java:2: // see Iss" + "ue 13"),
        hits);
  }

  /** Every {@code .java} and {@code .md} file under {@code root}, sorted, outside build output. */
  private static List<Path> scannedFiles(Path root) {
    List<Path> files = new ArrayList<>();
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
              String name = d.getFileName() == null ? "" : d.getFileName().toString();
              boolean skip = !d.equals(root) && (name.equals("target") || name.startsWith("."));
              return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
              String name = f.getFileName().toString();
              if (name.endsWith(".java") || name.endsWith(".md")) {
                files.add(f);
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    files.sort(null);
    return files;
  }

  /** {@code path:line: text} of every line that matches, paths relative to {@code root}. */
  private static List<String> outsideReferences(Path root, List<Path> files) {
    List<String> hits = new ArrayList<>();
    for (Path file : files) {
      List<String> lines;
      try {
        lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      for (int i = 0; i < lines.size(); i++) {
        if (OUTSIDE_REFERENCE.matcher(lines.get(i)).find()) {
          hits.add(root.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
        }
      }
    }
    return hits;
  }
}
