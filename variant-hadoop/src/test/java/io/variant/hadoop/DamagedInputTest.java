// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged compressed input (truncated, a bad checksum, bytes after the last member or frame) is bad
 * input that names the file and where reading stopped, as the local engine reports it: with {@code
 * fail} the job fails with that line, with {@code skip} the input ends with one reject and the rows
 * before it are kept.
 */
class DamagedInputTest {
  private static final int ROWS = 4000;

  @TempDir Path dir;

  private static byte[] rows() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < ROWS; i++) {
      sb.append("{\"id\":").append(i).append(",\"name\":\"n").append(i).append("\"}\n");
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] gzip() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(bytes)) {
      out.write(rows());
    }
    return bytes.toByteArray();
  }

  private static byte[] zstd() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = new ZstdOutputStream(bytes)) {
      out.write(rows());
    }
    return bytes.toByteArray();
  }

  /** Damaged files, each named for how it is damaged. */
  private List<Path> damaged() throws IOException {
    byte[] gz = gzip();
    byte[] badCrc = gz.clone();
    badCrc[gz.length - 8] ^= 1; // the trailer's CRC-32
    byte[] garbage = Arrays.copyOf(gz, gz.length + 7);
    System.arraycopy("GARBAGE".getBytes(StandardCharsets.US_ASCII), 0, garbage, gz.length, 7);
    byte[] zst = zstd();
    return List.of(
        Files.write(dir.resolve("truncated.ndjson.gz"), Arrays.copyOf(gz, gz.length * 2 / 3)),
        Files.write(dir.resolve("crc.ndjson.gz"), badCrc),
        Files.write(dir.resolve("garbage.ndjson.gz"), garbage),
        Files.write(dir.resolve("truncated.ndjson.zst"), Arrays.copyOf(zst, zst.length * 2 / 3)));
  }

  private ConvertJob.Result run(Path in, ConvertMapper.OnError onError) throws Exception {
    return ConvertJob.run(
        Events.localConf(dir),
        ConvertJob.Options.of(List.of(in.toString()), dir.resolve("out-" + in.getFileName()) + "")
            .withSampleRows(10)
            .withOnError(onError),
        false);
  }

  @Test
  void damagedCompressedDataFailsTheJobNamingTheFileAndLine() throws Exception {
    for (Path in : damaged()) {
      ConvertJob.Result r = run(in, ConvertMapper.OnError.FAIL);

      assertFalse(r.succeeded());
      assertNotNull(r.badLine(), in + ": " + r.failure());
      assertEquals(ConvertMapper.Problem.DAMAGED, r.badLine().problem());
      assertTrue(r.badLine().file().endsWith(in.getFileName().toString()), r.badLine().file());
      assertTrue(r.badLine().where().matches("after line \\d+: .+"), r.badLine().where());
      assertFalse(r.failure().contains("NA"), r.failure());
    }
  }

  @Test
  void damagedCompressedDataEndsItsInputWithOneRejectUnderSkip() throws Exception {
    for (Path in : damaged()) {
      ConvertJob.Result r = run(in, ConvertMapper.OnError.SKIP);

      assertTrue(r.succeeded(), in + ": " + r.failure());
      assertEquals(1, r.count(ConvertCounters.ROWS_REJECTED), in.toString());
      assertEquals(1, r.count(ConvertCounters.INPUTS_ENDED), in.toString());
      if (in.toString().endsWith(".gz")) { // zstd decodes a block whole: a truncated one gives none
        assertTrue(r.count(ConvertCounters.ROWS_WRITTEN) > 0, in.toString());
      }
      String rejects =
          Files.readString(
              dir.resolve("out-" + in.getFileName())
                  .resolve(ConvertMapper.REJECTS_DIR)
                  .resolve("rejects-m-00000.ndjson"));
      assertTrue(rejects.contains("after line"), rejects);
      assertFalse(rejects.contains("\"text\""), rejects);
    }
  }
}
