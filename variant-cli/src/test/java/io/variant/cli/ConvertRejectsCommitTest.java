// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert --rejects} lands two things, OUT and the rejects file: both, or neither. Each test
 * breaks one of them once every row was read, before the commit, and finds OUT as it was and the
 * rejected rows in {@code REJECTS.failed}, which stderr names. OUT had been committed first, and a
 * rejects file that then failed to move lost its rows beside a complete-looking OUT.
 */
class ConvertRejectsCommitTest {
  private static final String BAD = "{\"a\": }\n[1, 2\n"; // two rejected rows

  @TempDir Path dir;

  /** What a test does to the directory once the convert has read its last row. */
  private interface Meddling {
    void run() throws IOException;
  }

  private Path out() {
    return dir.resolve("out.parquet");
  }

  private Path rejects() {
    return dir.resolve("rejects.ndjson");
  }

  private Path failed() {
    return dir.resolve("rejects.ndjson.failed");
  }

  /** Converts {@code rows} from stdin, running {@code atEnd} when stdin is read to its end. */
  private CliRunner.Result convert(String rows, Meddling atEnd, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "convert", "-", "-o", out().toString(), "--rejects", rejects().toString(), "-q"));
    args.addAll(List.of("--plan", "{\"a\": int64}")); // nothing is read before the output opens
    args.addAll(List.of(extra));
    InputStream stdin = endingWith(rows.getBytes(StandardCharsets.UTF_8), atEnd);
    return CliRunner.run(stdin, new ByteArrayOutputStream(), args.toArray(String[]::new));
  }

  /**
   * {@code bytes}, then {@code atEnd} once, at the first read that finds no more: every output is
   * open by then, and none is committed (the commit waits for the last row).
   */
  private static InputStream endingWith(byte[] bytes, Meddling atEnd) {
    return new FilterInputStream(new ByteArrayInputStream(bytes)) {
      private boolean ended;

      @Override
      public int read() throws IOException {
        return atEnd(super.read());
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return atEnd(super.read(b, off, len));
      }

      private int atEnd(int n) throws IOException {
        if (n < 0 && !ended) {
          ended = true;
          atEnd.run();
        }
        return n;
      }
    };
  }

  /** Someone else's directory where {@code file} goes. */
  private static void becomesADirectory(Path file) throws IOException {
    Files.deleteIfExists(file);
    Files.writeString(Files.createDirectory(file).resolve("theirs"), "theirs");
  }

  /** The failure to move onto {@code file}, created meanwhile, without --overwrite. */
  private static String createdMeanwhile(Path file) {
    return file
        + ": was created by another process while converting; kept it "
        + "(add --overwrite to replace it)";
  }

  /** stderr: where the rows are kept, then the failure, one line each. */
  private void assertFailed(CliRunner.Result r, String failure) throws IOException {
    assertEquals(3, r.exitCode(), r.err());
    assertEquals(
        List.of(
            "variant: the 2 rows rejected before the failure are kept in " + failed(),
            "variant: " + failure),
        r.err().strip().lines().toList());
    List<String> kept = Files.readAllLines(failed());
    assertEquals(2, kept.size(), kept.toString());
    assertTrue(kept.get(0).contains("\"file\":\"<stdin>\""), kept.get(0));
  }

  private List<String> listing() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aRejectsFileThatCannotMoveLeavesNoOutput() throws IOException {
    CliRunner.Result r = convert("{\"a\": 1}\n" + BAD, () -> becomesADirectory(rejects()));

    assertFailed(r, createdMeanwhile(rejects()));
    assertEquals(List.of("rejects.ndjson", "rejects.ndjson.failed"), listing());
  }

  @Test
  void aRejectsFileThatCannotReplaceLeavesTheOutputItWouldHaveReplaced() throws IOException {
    Files.writeString(out(), "old");
    Files.writeString(rejects(), "old\n");

    CliRunner.Result r =
        convert("{\"a\": 1}\n" + BAD, () -> becomesADirectory(rejects()), "--overwrite");

    assertFailed(r, rejects() + ": is a directory");
    assertEquals("old", Files.readString(out()));
    assertEquals(List.of("out.parquet", "rejects.ndjson", "rejects.ndjson.failed"), listing());
  }

  @Test
  void anOutputThatCannotMoveTakesBackTheRejectsFile() throws IOException {
    CliRunner.Result r = convert("{\"a\": 1}\n" + BAD, () -> Files.writeString(out(), "theirs"));

    assertFailed(r, createdMeanwhile(out()));
    assertEquals("theirs", Files.readString(out()));
    assertEquals(List.of("out.parquet", "rejects.ndjson.failed"), listing());
  }

  @Test
  void anOutputThatCannotReplacePutsBackTheRejectsFileItReplaced() throws IOException {
    Files.writeString(out(), "old");
    Files.writeString(rejects(), "old\n");

    CliRunner.Result r =
        convert("{\"a\": 1}\n" + BAD, () -> becomesADirectory(out()), "--overwrite");

    assertFailed(r, out() + ": is a directory");
    assertEquals("old\n", Files.readString(rejects()));
    assertEquals(List.of("out.parquet", "rejects.ndjson", "rejects.ndjson.failed"), listing());
  }

  /** The files of a numbered set, by name, with their bytes. */
  private Map<String, byte[]> set() throws IOException {
    Map<String, byte[]> files = new TreeMap<>();
    try (Stream<Path> listed = Files.list(dir)) {
      for (Path p : listed.toList()) {
        if (p.getFileName().toString().matches("out-\\d{5}\\.parquet")) {
          files.put(p.getFileName().toString(), Files.readAllBytes(p));
        }
      }
    }
    return files;
  }

  @Test
  void aRejectsFileThatCannotReplaceLeavesTheEarlierSetWhole() throws IOException {
    String events = Files.readString(Fixtures.events());
    // more files than the new set has: none of them may go as the earlier set's surplus
    ok("convert", Fixtures.events().toString(), "-o", out().toString(), "--max-file-size", "20K");
    Map<String, byte[]> earlier = set();
    Files.writeString(rejects(), "old\n");

    CliRunner.Result r =
        convert(
            events + BAD,
            () -> becomesADirectory(rejects()),
            "--overwrite",
            "--max-file-size",
            "40K");

    assertFailed(r, rejects() + ": is a directory");
    Map<String, byte[]> now = set();
    assertEquals(earlier.keySet(), now.keySet());
    for (String name : earlier.keySet()) {
      assertArrayEquals(earlier.get(name), now.get(name), name);
    }
    assertEquals(earlier.size() + 2, listing().size(), listing().toString());
  }

  @Test
  void aSetThatCannotMoveTakesBackTheRejectsFile() throws IOException {
    String events = Files.readString(Fixtures.events());
    Path first = dir.resolve("out-00001.parquet");

    CliRunner.Result r =
        convert(events + BAD, () -> Files.writeString(first, "theirs"), "--max-file-size", "40K");

    assertFailed(r, createdMeanwhile(first));
    assertEquals(List.of("out-00001.parquet", "rejects.ndjson.failed"), listing());
  }
}
