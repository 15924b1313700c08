// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where {@code convert -o} writes, and what it does to what is already there (see {@link
 * OutputTarget}).
 */
class ConvertOutputTest {
  private static final String DOCS = "{\"a\": 1}\n{\"a\": 2, \"b\": \"x\"}\n{\"a\": 3}\n";

  @TempDir Path dir;

  private List<String> listing() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private Path input() throws IOException {
    return Files.writeString(dir.resolve("docs.ndjson"), DOCS);
  }

  private List<String> cat(Path parquet) {
    return ok("cat", parquet.toString()).out().lines().toList();
  }

  @Test
  void aUsersFileNamedLikeTheOldTemporaryFileIsNeverTouched() throws IOException {
    Path in = input();
    Files.writeString(dir.resolve("e.parquet.tmp"), "mine");
    ok("convert", in.toString(), "-o", dir.resolve("e.parquet").toString(), "-q");
    assertEquals("mine", Files.readString(dir.resolve("e.parquet.tmp")));
    assertEquals(List.of("docs.ndjson", "e.parquet", "e.parquet.tmp"), listing());
  }

  /**
   * Two converts to one OUT, held open together until both have their temporary file: each writes
   * its own, so without --overwrite exactly one wins and the other fails saying why; the file holds
   * the winner's rows.
   */
  @Test
  void twoConcurrentConvertsToOneOutput() throws Exception {
    Path out = dir.resolve("e.parquet");
    for (boolean overwrite : new boolean[] {false, true}) {
      Files.deleteIfExists(out);
      CountDownLatch bothWriting = new CountDownLatch(1);
      List<String> first = rows("first", 5000);
      List<String> second = rows("second", 7000);
      String[] extra = overwrite ? new String[] {"--overwrite"} : new String[0];
      CompletableFuture<CliRunner.Result> a =
          CompletableFuture.supplyAsync(() -> convertHeldOpen(first, out, bothWriting, extra));
      CompletableFuture<CliRunner.Result> b =
          CompletableFuture.supplyAsync(() -> convertHeldOpen(second, out, bothWriting, extra));
      for (int i = 0; i < 600 && temporaryFiles().size() < 2; i++) {
        Thread.sleep(50); // a hang guard, not a timing assertion
      }
      assertEquals(2, temporaryFiles().size(), "both converts write their own temporary file");
      bothWriting.countDown();
      CliRunner.Result ra = a.get(60, TimeUnit.SECONDS);
      CliRunner.Result rb = b.get(60, TimeUnit.SECONDS);
      List<String> written = cat(out);
      if (overwrite) {
        assertEquals(0, ra.exitCode(), ra.err());
        assertEquals(0, rb.exitCode(), rb.err());
        assertTrue(
            written.equals(Fixtures.canonicalJson(first))
                || written.equals(Fixtures.canonicalJson(second)));
      } else {
        assertEquals(3, ra.exitCode() + rb.exitCode(), ra.err() + rb.err()); // one 0, one 3
        CliRunner.Result winner = ra.exitCode() == 0 ? ra : rb;
        CliRunner.Result loser = ra.exitCode() == 0 ? rb : ra;
        assertEquals(Fixtures.canonicalJson(winner == ra ? first : second), written);
        assertEquals(
            "variant: "
                + out
                + ": was created by another process while converting; kept it "
                + "(add --overwrite to replace it)",
            loser.err().strip());
        assertTrue(
            winner
                .err()
                .startsWith(out + ": " + (winner == ra ? "5,000" : "7,000") + " rows written"),
            winner.err());
      }
      assertEquals(List.of(), temporaryFiles());
    }
  }

  private static List<String> rows(String tag, int n) {
    return java.util.stream.IntStream.range(0, n)
        .mapToObj(i -> "{\"tag\": \"" + tag + "\", \"i\": " + i + "}")
        .toList();
  }

  /** Converts {@code lines} from stdin, which blocks half-way until {@code release} opens. */
  private static CliRunner.Result convertHeldOpen(
      List<String> lines, Path out, CountDownLatch release, String... extra) {
    int half = lines.size() / 2;
    byte[] head =
        (String.join("\n", lines.subList(0, half)) + "\n").getBytes(StandardCharsets.UTF_8);
    byte[] tail =
        (String.join("\n", lines.subList(half, lines.size())) + "\n")
            .getBytes(StandardCharsets.UTF_8);
    InputStream held =
        new InputStream() {
          private InputStream rest;

          @Override
          public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            if (rest == null) {
              try {
                release.await();
              } catch (InterruptedException e) {
                throw new IOException(e);
              }
              rest = new java.io.ByteArrayInputStream(tail);
            }
            return rest.read(b, off, len);
          }
        };
    InputStream stdin = new SequenceInputStream(new java.io.ByteArrayInputStream(head), held);
    // --sample 1000: the plan is inferred from the first 1000 rows, so the temporary file appears
    // while stdin is open
    String[] args =
        Stream.concat(
                Stream.of("convert", "-", "-o", out.toString(), "--sample", "1000"),
                Arrays.stream(extra))
            .toArray(String[]::new);
    return run(stdin, new ByteArrayOutputStream(), args);
  }

  private List<String> temporaryFiles() throws IOException {
    return listing().stream().filter(n -> n.endsWith(".tmp")).toList();
  }

  @Test
  void dashWritesTheParquetFileToStdout() throws IOException {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    CliRunner.Result r =
        run(
            new java.io.ByteArrayInputStream(DOCS.getBytes(StandardCharsets.UTF_8)),
            stdout,
            "convert",
            "-",
            "-o",
            "-");
    assertEquals(0, r.exitCode(), r.err());
    byte[] bytes = stdout.toByteArray();
    assertArrayEquals("PAR1".getBytes(StandardCharsets.US_ASCII), Arrays.copyOf(bytes, 4));
    assertTrue(r.err().startsWith("<stdout>: 3 rows written"), r.err());
    assertTrue(r.err().contains(ByteSize.format(bytes.length) + " out"), r.err());
    Path copy = Files.write(dir.resolve("copy.parquet"), bytes);
    assertEquals(Fixtures.canonicalJson(DOCS.lines().toList()), cat(copy));
  }

  /** {@code convert -o - | head -c 100}: as {@code cat | head}, exit code 141 and no message. */
  @Test
  void aStdoutClosedByItsReaderEndsConvertSilentlyWith141() throws IOException {
    Path in = Files.writeString(dir.resolve("in.ndjson"), DOCS.repeat(2000));
    CliRunner.Result r =
        CliRunner.runTo(
            CliRunner.failingAfter(100, "Broken pipe"), "convert", in.toString(), "-o", "-");
    assertEquals(141, r.exitCode(), r.err());
    assertEquals("", r.err());
  }

  /** A failed write names the output, whether it fails while rows are written or at the end. */
  @Test
  void aWriteFailureNamesTheOutput() throws IOException {
    assumeTrue(Files.exists(Path.of("/dev/full")), "needs /dev/full");
    for (int copies : new int[] {1, 20_000}) {
      Path in = Files.writeString(dir.resolve("in.ndjson"), DOCS.repeat(copies));
      CliRunner.Result r = run("", "convert", in.toString(), "-o", "/dev/full", "-q");
      assertEquals(3, r.exitCode(), r.err());
      assertEquals(
          "variant: cannot write /dev/full: no space left on device", r.err().strip(), r.err());
    }
    CliRunner.Result full =
        CliRunner.runTo(
            CliRunner.failingAfter(0, "No space left on device"),
            "convert",
            dir.resolve("in.ndjson").toString(),
            "-o",
            "-");
    assertEquals(3, full.exitCode(), full.err());
    assertEquals("variant: cannot write stdout: no space left on device", full.err().strip());
  }

  @Test
  void aDirectoryIsRefusedAndNothingIsLeftBehind() throws IOException {
    Path in = input();
    Path target = Files.createDirectory(dir.resolve("out"));
    for (String[] extra : new String[][] {{}, {"--overwrite"}}) {
      List<String> args =
          new java.util.ArrayList<>(List.of("convert", in.toString(), "-o", target.toString()));
      args.addAll(List.of(extra));
      CliRunner.Result r = run("", args.toArray(String[]::new));
      assertEquals(2, r.exitCode(), r.err());
      assertEquals(
          "variant: "
              + target
              + ": is a directory; give a file name, e.g. "
              + target.resolve("out.parquet"),
          r.err().strip());
      assertEquals(List.of("docs.ndjson", "out"), listing());
      assertEquals(List.of(), Files.list(target).toList());
    }
  }

  @Test
  void convertingOntoItsOwnInputIsRefused() throws IOException {
    Path in = input();
    Path link = Files.createSymbolicLink(dir.resolve("link.ndjson"), in);
    for (Path out : List.of(in, link)) {
      CliRunner.Result r = run("", "convert", in.toString(), "-o", out.toString(), "--overwrite");
      assertEquals(2, r.exitCode(), r.err());
      assertEquals(
          "variant: " + out + ": is also an input (" + in + "); write to another file",
          r.err().strip());
      assertEquals(DOCS, Files.readString(in));
    }
  }

  /**
   * {@code --rejects} truncated whatever it named before reading began: an input (the data was
   * gone), OUT, or a user's file. It follows OUT's rule now.
   */
  @Test
  void theRejectsFileFollowsTheRuleOfTheOutput() throws IOException {
    Path in = input();
    Path out = dir.resolve("out.parquet");
    Path dirRejects = Files.createDirectory(dir.resolve("rejects"));
    String[][] refused = {
      {in.toString(), "--rejects " + in + ": is also an input (" + in + "); write to another file"},
      {
        out.toString(),
        "--rejects " + out + ": is also the output (-o); write the rejects to another file"
      },
      {dirRejects.toString(), "--rejects " + dirRejects + ": is a directory; give a file name"},
      // named as typed: a path would have shown s3a:/bucket/x
      {
        "s3a://bucket/x",
        "--rejects s3a://bucket/x: the rejects file is written locally; give a local name"
      },
    };
    for (String[] c : refused) {
      CliRunner.Result r =
          run("", "convert", in.toString(), "-o", out.toString(), "--rejects", c[0]);
      assertEquals(2, r.exitCode(), r.err());
      assertEquals("variant: " + c[1], r.err().strip());
      assertEquals(DOCS, Files.readString(in));
      assertEquals(List.of("docs.ndjson", "rejects"), listing());
    }

    Path mine = Files.writeString(dir.resolve("mine.txt"), "my notes\n");
    CliRunner.Result kept =
        run("", "convert", in.toString(), "-o", out.toString(), "--rejects", mine.toString());
    assertEquals(2, kept.exitCode(), kept.err());
    assertEquals(
        "variant: --rejects " + mine + ": already exists; add --overwrite to replace it",
        kept.err().strip());
    assertEquals("my notes\n", Files.readString(mine));
    ok("convert", in.toString(), "-o", out.toString(), "--rejects", mine.toString(), "--overwrite");
    assertEquals("", Files.readString(mine)); // no rejects: replaced by an empty file
  }

  @Test
  void aSymbolicLinkKeepsPointingAtTheReplacedFile() throws IOException {
    Path in = input();
    Path real = Files.writeString(dir.resolve("real.parquet"), "old");
    Path link = Files.createSymbolicLink(dir.resolve("link.parquet"), real);
    assertEquals(
        2,
        run("", "convert", in.toString(), "-o", link.toString())
            .exitCode()); // exists: needs --overwrite
    ok("convert", in.toString(), "-o", link.toString(), "--overwrite", "-q");
    assertTrue(Files.isSymbolicLink(link));
    assertEquals(Fixtures.canonicalJson(DOCS.lines().toList()), cat(real));

    Path dangling =
        Files.createSymbolicLink(dir.resolve("dangling.parquet"), dir.resolve("nowhere.parquet"));
    CliRunner.Result r = run("", "convert", in.toString(), "-o", dangling.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("is a symbolic link to a missing file"), r.err());
    assertTrue(Files.isSymbolicLink(dangling));
  }

  @Test
  void aCharacterDeviceIsWrittenThroughNotReplaced() throws IOException {
    Path devNull = Path.of("/dev/null");
    assumeTrue(Files.exists(devNull) && !Files.isRegularFile(devNull));
    CliRunner.Result r = run("", "convert", input().toString(), "-o", devNull.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.err().startsWith("/dev/null: 3 rows written"), r.err());
    assertTrue(!Files.isRegularFile(devNull) && Files.exists(devNull));
  }

  @Test
  void aFifoIsWrittenThrough() throws Exception {
    Path fifo = dir.resolve("pipe.parquet");
    Process mkfifo;
    try {
      mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    } catch (IOException e) {
      assumeTrue(false, "no mkfifo here");
      return;
    }
    assumeTrue(mkfifo.waitFor() == 0, "mkfifo failed");
    Path in = input();
    CompletableFuture<byte[]> reader =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return Files.readAllBytes(fifo);
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    CliRunner.Result r = run("", "convert", in.toString(), "-o", fifo.toString());
    assertEquals(0, r.exitCode(), r.err());
    byte[] bytes = reader.get(60, TimeUnit.SECONDS);
    assertEquals(
        Fixtures.canonicalJson(DOCS.lines().toList()),
        cat(Files.write(dir.resolve("copy.parquet"), bytes)));
    assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "the FIFO is still a FIFO");
  }

  @Test
  void aMissingDirectoryOrPermissionSaysWhy() throws IOException {
    Path in = input();
    CliRunner.Result r =
        run("", "convert", in.toString(), "-o", dir.resolve("no/such/e.parquet").toString());
    assertEquals(3, r.exitCode());
    assertTrue(r.err().contains("no such directory: " + dir.resolve("no/such")), r.err());

    Path locked = Files.createDirectory(dir.resolve("locked"));
    assumeTrue(
        locked.toFile().setWritable(false) && !Files.isWritable(locked),
        "running as root: permissions are not enforced");
    CliRunner.Result denied =
        run("", "convert", in.toString(), "-o", locked.resolve("e.parquet").toString());
    assertEquals(3, denied.exitCode());
    assertTrue(denied.err().contains("permission denied"), denied.err());
  }
}
