// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compressed input that is truncated, corrupt or followed by other bytes: the decompression error
 * ends that input (one reject, then the next input, with {@code --on-error skip}; exit code 1
 * naming the file otherwise), and it is never taken for a bad row to skip past, which would be read
 * again and again.
 */
class ConvertCompressedInputTest {
  /** A bound on a run that must end at all; a run that ends does so in seconds. */
  private static final Duration ENDS_WITHIN = Duration.ofSeconds(60);

  @TempDir Path dir;

  private static final String ROWS =
      IntStream.rangeClosed(1, 200)
          .mapToObj(i -> "{\"id\": " + i + ", \"name\": \"n" + i + "\"}\n")
          .collect(Collectors.joining());

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] zstd(byte[] data) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZstdOutputStream z = new ZstdOutputStream(bytes)) {
      z.setChecksum(true); // as the zstd command writes it
      z.write(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private Path file(String name, byte[] content) throws IOException {
    return Files.write(dir.resolve(name), content);
  }

  /** Runs {@code variant args...}, failing the test if the run does not end. */
  private static CliRunner.Result ends(String... args) {
    return assertTimeoutPreemptively(ENDS_WITHIN, () -> run("", args));
  }

  private CliRunner.Result skipping(Path bad, Path rejects, String... more) throws IOException {
    Path good = file("good.ndjson", utf8("{\"id\": 1000}\n"));
    List<String> args =
        new ArrayList<>(
            List.of(
                "convert",
                bad.toString(),
                good.toString(),
                "-o",
                dir.resolve("out.parquet").toString(),
                "--rejects",
                rejects.toString()));
    args.addAll(List.of(more));
    return ends(args.toArray(String[]::new));
  }

  /** Converts {@code bad} with {@code --rejects}: one reject, holding each of {@code fragments}. */
  private void oneReject(Path bad, String... fragments) throws IOException {
    Path rejects = dir.resolve("rejects.ndjson");
    CliRunner.Result r = skipping(bad, rejects);
    assertEquals(0, r.exitCode(), r.err());
    List<String> lines = Files.readAllLines(rejects);
    assertEquals(1, lines.size(), lines.toString());
    for (String fragment : fragments) {
      assertTrue(lines.get(0).contains(fragment), lines.get(0));
    }
  }

  @Test
  void aTruncatedGzipEndsItsInputWithOneRejectAndTheNextInputIsRead() throws IOException {
    Path cut = file("cut.ndjson.gz", Arrays.copyOf(CliRunner.gzip(utf8(ROWS)), 30));
    Path rejects = dir.resolve("rejects.ndjson");
    CliRunner.Result r = skipping(cut, rejects);
    assertEquals(0, r.exitCode(), r.err());
    List<String> lines = Files.readAllLines(rejects);
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).contains("\"file\":\"" + cut + "\""), lines.get(0));
    assertTrue(lines.get(0).contains("compressed byte 30"), lines.get(0));
    assertTrue(r.err().contains("1 rejected"), r.err());
    assertTrue(r.err().contains(cut + ": truncated gzip data"), r.err()); // the summary warns
    assertEquals("{\"id\":1000}", ok("cat", dir.resolve("out.parquet").toString()).out().strip());
  }

  /** The same with a plan given: no sample is taken, the rows are read once. */
  @Test
  void aTruncatedGzipEndsItsInputAlsoWithAGivenPlan() throws IOException {
    Path cut = file("cut.json.gz", Arrays.copyOf(CliRunner.gzip(utf8(ROWS)), 30));
    Path rejects = dir.resolve("rejects.ndjson");
    CliRunner.Result r = skipping(cut, rejects, "--plan", "{\"id\": int64}");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(1, Files.readAllLines(rejects).size());
  }

  @Test
  void aCrcMismatchIsOneRejectAtTheTrailer() throws IOException {
    byte[] gz = CliRunner.gzip(utf8(ROWS));
    gz[gz.length - 8] ^= 0x01; // the first byte of the CRC-32 in the trailer
    Path bad = file("crc.ndjson.gz", gz);
    oneReject(bad, "CRC-32", "compressed byte " + (gz.length - 8), "may hold corrupt data");
    // every row came before the trailer: all are written, then the next input's
    assertEquals(201, ok("cat", dir.resolve("out.parquet").toString()).out().lines().count());
  }

  @Test
  void aTruncatedZstdEndsItsInputWithOneReject() throws IOException {
    byte[] zst = zstd(utf8(ROWS.repeat(50)));
    Path cut = file("cut.ndjson.zst", Arrays.copyOf(zst, zst.length / 2));
    oneReject(cut, "truncated zstd data", "compressed byte " + zst.length / 2);
  }

  @Test
  void corruptZstdNamesTheDecompressedOffset() throws IOException {
    byte[] zst = zstd(utf8(ROWS.repeat(50)));
    Arrays.fill(zst, zst.length / 2, zst.length / 2 + 64, (byte) 0x55);
    Path bad = file("bad.ndjson.zst", zst);
    Path rejects = dir.resolve("rejects.ndjson");
    CliRunner.Result r = skipping(bad, rejects);
    assertEquals(0, r.exitCode(), r.err());
    // bytes decoded before the error was found may have made malformed rows too
    List<String> lines =
        Files.readAllLines(rejects).stream().filter(l -> l.contains("zstd")).toList();
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).contains("corrupt zstd data"), lines.get(0));
    assertTrue(lines.get(0).contains("decompressed byte"), lines.get(0));
  }

  @Test
  void withoutSkipATruncatedInputFailsWithExitCode1NamingIt() throws IOException {
    Path cut = file("cut.ndjson.gz", Arrays.copyOf(CliRunner.gzip(utf8(ROWS)), 30));
    for (String command : List.of("convert", "plan", "encode")) {
      CliRunner.Result r =
          command.equals("convert")
              ? ends(command, cut.toString(), "-o", dir.resolve("x.parquet").toString())
              : ends(command, cut.toString());
      assertEquals(1, r.exitCode(), command + ": " + r.err());
      assertTrue(r.err().startsWith(cut + ":"), command + ": " + r.err());
      assertTrue(r.err().contains("truncated gzip data"), command + ": " + r.err());
      assertTrue(r.err().contains("compressed byte 30"), command + ": " + r.err());
      assertFalse(r.hasStackTrace(), r.err());
    }
    assertFalse(Files.exists(dir.resolve("x.parquet")));
  }

  @Test
  void bytesAfterTheLastGzipMemberAreAnError() throws IOException {
    byte[] gz = CliRunner.gzip(utf8(ROWS));
    byte[] trailing = Arrays.copyOf(gz, gz.length + 7);
    System.arraycopy(utf8("garbage"), 0, trailing, gz.length, 7);
    Path bad = file("trailing.ndjson.gz", trailing);
    CliRunner.Result r = ends("convert", bad.toString(), "-o", dir.resolve("x.parquet").toString());
    assertEquals(1, r.exitCode(), r.err());
    assertTrue(r.err().startsWith(bad + ":"), r.err());
    assertTrue(r.err().contains("compressed byte " + gz.length), r.err());
    assertTrue(r.err().contains("after the last gzip member"), r.err());
  }

  /**
   * Gzip members one after another are one input; through a pipe, the next member may not have
   * arrived yet when one ends (java.util.zip.GZIPInputStream then ended the input there, silently).
   */
  @Test
  void concatenatedGzipMembersAreReadWholeAlsoWhenTheyArriveOneByOne() throws IOException {
    byte[] first = CliRunner.gzip(utf8(ROWS));
    byte[] second = CliRunner.gzip(utf8("{\"id\": 201}\n{\"id\": 202}\n"));
    Path out = dir.resolve("two.parquet");
    CliRunner.Result r =
        assertTimeoutPreemptively(
            ENDS_WITHIN,
            () ->
                CliRunner.run(
                    new OneChunkAtATime(first, second),
                    new ByteArrayOutputStream(),
                    "convert",
                    "-",
                    "-o",
                    out.toString()));
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(202, ok("cat", out.toString()).out().lines().count());
    Path both = file("both.ndjson.gz", concat(first, second));
    ok("convert", both.toString(), "-o", out.toString(), "--overwrite");
    assertEquals(202, ok("cat", out.toString()).out().lines().count());
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] all = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  /** A pipe whose writer sends each chunk later: one chunk per read, and nothing available. */
  private static final class OneChunkAtATime extends InputStream {
    private final byte[][] chunks;
    private int chunk;
    private int pos;

    OneChunkAtATime(byte[]... chunks) {
      this.chunks = chunks;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (chunk == chunks.length) {
        return -1;
      }
      int n = Math.min(len, chunks[chunk].length - pos);
      System.arraycopy(chunks[chunk], pos, b, off, n);
      pos += n;
      if (pos == chunks[chunk].length) {
        chunk++;
        pos = 0;
      }
      return n;
    }

    @Override
    public int available() {
      return 0;
    }
  }
}
