// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.ParquetTesting;
import io.variant.testkit.Trials;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FileMetaDataReader} decodes what parquet-java's generated thrift code decodes: on every
 * parquet-testing file and on files written with many plans the two give equal {@code FileMetaData}
 * (statistics aside unless asked for), and on damaged footers it either declines or gives what
 * thrift gives, never another exception and never a hang.
 */
class FileMetaDataReaderTest {
  private static final int TRIALS = Math.max(30, Trials.trials() / 10);
  private static final Map<String, Integer> OUTCOMES = new TreeMap<>();

  @TempDir Path tmp;

  @Test
  void equalsThriftOnEveryParquetTestingFile() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(ParquetTesting.dir())) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    assertFalse(files.isEmpty(), "no parquet-testing files");
    for (Path f : files) {
      assertDecodesAsThrift(FooterReader.footerBytes(new LocalInputFile(f)), f.toString());
    }
  }

  @Test
  void equalsThriftOnWrittenFiles() throws IOException {
    byte[][] seeds = ParquetFuzzSeeds.files(); // this project's writer, then parquet-testing's
    for (int i = 0; i < seeds.length; i++) {
      assertDecodesAsThrift(FooterReader.footerBytes(new BytesInputFile(seeds[i])), "seed " + i);
    }
    Trials.run(
        "footerEqualsThriftOnWrittenFiles",
        TRIALS,
        rnd -> {
          Path f = write(rnd);
          assertDecodesAsThrift(FooterReader.footerBytes(new LocalInputFile(f)), f.toString());
        });
  }

  @Test
  void damagedFootersDeclineOrEqualThrift() {
    byte[][] seeds = ParquetFuzzSeeds.files();
    Trials.run(
        "damagedFootersDeclineOrEqualThrift",
        TRIALS * 4,
        rnd -> {
          byte[] file = seeds[rnd.nextInt(seeds.length)];
          byte[] bad = damage(FooterReader.footerBytes(new BytesInputFile(file)), rnd);
          // No time limit: CompactReader cannot loop, as every container size is checked against
          // the bytes left (each element takes one at least) and nesting is bounded (MAX_DEPTH).
          compareDamaged(bad, rnd);
        });
  }

  @Test
  void declinesAnEncryptedFooterAndTruncations() throws IOException {
    byte[] footer = FooterReader.footerBytes(new BytesInputFile(ParquetFuzzSeeds.files()[0]));
    FileMetaData m = thrift(footer);
    m.setFooter_signing_key_metadata(new byte[] {1, 2});
    byte[] signed = serialize(m);
    assertThrows(CompactReader.Malformed.class, () -> FileMetaDataReader.read(signed, false));
    for (int n = 0; n < footer.length; n += 1 + n / 7) {
      byte[] cut = java.util.Arrays.copyOf(footer, n);
      assertThrows(
          CompactReader.Malformed.class, () -> FileMetaDataReader.read(cut, false), "length " + n);
    }
  }

  @AfterAll
  static void printOutcomes() {
    System.out.println("[footer reader] damaged footers: " + OUTCOMES);
  }

  private static void compareDamaged(byte[] bad, Random rnd) {
    boolean statistics = rnd.nextBoolean();
    FileMetaData ours;
    try {
      ours = FileMetaDataReader.read(bad, statistics);
    } catch (CompactReader.Malformed declined) {
      count(thriftReads(bad) ? "declined, thrift reads" : "declined, thrift fails");
      return;
    }
    FileMetaData theirs;
    try {
      theirs = thrift(bad);
    } catch (IOException | RuntimeException e) {
      // Only fields the reader skips without decoding (statistics) can make thrift alone fail.
      assertFalse(statistics, "thrift fails where the reader decodes everything: " + e);
      count("read, thrift fails in skipped statistics");
      return;
    }
    if (!statistics) {
      dropStatistics(theirs);
    }
    assertEquals(theirs, ours);
    count("equal");
  }

  private static boolean thriftReads(byte[] footer) {
    try {
      thrift(footer);
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static synchronized void count(String outcome) {
    OUTCOMES.merge(outcome, 1, Integer::sum);
  }

  private static void assertDecodesAsThrift(byte[] footer, String where) throws IOException {
    assertNotNull(footer, where);
    FileMetaData expected = thrift(footer);
    assertEquals(expected, FileMetaDataReader.read(footer, true), where + " with statistics");
    dropStatistics(expected);
    assertEquals(expected, FileMetaDataReader.read(footer, false), where);
  }

  private static FileMetaData thrift(byte[] footer) throws IOException {
    return Util.readFileMetaData(new ByteArrayInputStream(footer));
  }

  private static byte[] serialize(FileMetaData m) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    Util.writeFileMetaData(m, out);
    return out.toByteArray();
  }

  private static void dropStatistics(FileMetaData m) {
    for (RowGroup g : m.getRow_groups()) {
      for (ColumnChunk c : g.getColumns()) {
        if (c.isSetMeta_data()) {
          // only the null count is kept (TypedPathScan)
          org.apache.parquet.format.Statistics all = c.getMeta_data().getStatistics();
          c.getMeta_data().unsetStatistics();
          if (all != null) {
            org.apache.parquet.format.Statistics nulls = new org.apache.parquet.format.Statistics();
            if (all.isSetNull_count()) {
              nulls.setNull_count(all.getNull_count());
            }
            c.getMeta_data().setStatistics(nulls);
          }
          c.getMeta_data().unsetSize_statistics();
          c.getMeta_data().unsetGeospatial_statistics();
        }
      }
    }
  }

  /** One to three damages: flipped bits, bytes overwritten, a run cut out or repeated. */
  private static byte[] damage(byte[] footer, Random rnd) {
    byte[] b = footer.clone();
    for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
      int at = rnd.nextInt(b.length);
      switch (rnd.nextInt(4)) {
        case 0 -> b[at] ^= (byte) (1 << rnd.nextInt(8));
        case 1 -> b[at] = (byte) rnd.nextInt(256);
        case 2 -> {
          int n = Math.min(1 + rnd.nextInt(8), b.length - at);
          byte[] out = new byte[b.length - n];
          System.arraycopy(b, 0, out, 0, at);
          System.arraycopy(b, at + n, out, at, b.length - at - n);
          b = out.length == 0 ? b : out;
        }
        default -> {
          int n = Math.min(1 + rnd.nextInt(8), b.length - at);
          byte[] out = new byte[b.length + n];
          System.arraycopy(b, 0, out, 0, at + n);
          System.arraycopy(b, at, out, at + n, b.length - at);
          b = out;
        }
      }
    }
    return b;
  }

  /** A file of parquet-java's example writer: any plan, either layout, every page encoding. */
  private Path write(Random rnd) throws IOException {
    ShreddingPlan plan = PlanGen.plan(rnd, 3);
    Path file = Files.createTempFile(tmp, "footer", ".parquet");
    TestFileWriter.write(
        file,
        plan,
        rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT,
        ShapedValues.rows(plan, rnd, 20),
        2 + rnd.nextInt(8),
        TestFileWriter.Pages.values()[rnd.nextInt(TestFileWriter.Pages.values().length)]);
    return file;
  }
}
