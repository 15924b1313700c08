// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GuardedInputFile#withChecksums()} checks each page's CRC as its bytes are read, however
 * the reads cut the pages and their headers: a file read in reads of random sizes passes, and the
 * same file with one payload byte changed fails at that page, naming its column and the byte its
 * header starts at. parquet-java's own check names neither.
 */
class StreamedChecksumTest {
  @TempDir static Path tmp;

  private static ParquetSurgery good;

  /** 2,000 rows in small pages, uncompressed and ZSTD: many pages, dictionaries and headers. */
  @BeforeAll
  static void writeFiles() throws IOException {
    Path file = tmp.resolve("pages.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("v", ShreddingPlan.parse("{\"a\": int64, \"b\": string}"))
            .codec(CompressionCodecName.ZSTD)
            .pageSize(2048)
            .build()) {
      for (long i = 0; i < 2000; i++) {
        String json =
            "{\"a\": " + i * 7919 % 1000 + ", \"b\": \"s" + i % 37 + "\", \"c\": " + i + "}";
        w.write(VariantRecord.builder().set("id", i).set("v", VariantJson.parse(json)).build());
      }
    }
    good = ParquetSurgery.of(Files.readAllBytes(file));
    assertTrue(good.allPages().size() > 20, "pages: " + good.allPages().size());
  }

  /** Reads the whole file from its first byte in reads of random sizes and kinds. */
  private static void readInRandomPieces(byte[] bytes, Random rnd) throws IOException {
    Path file = Files.write(tmp.resolve("read-" + rnd.nextInt(1 << 30) + ".parquet"), bytes);
    GuardedInputFile guarded =
        GuardedInputFile.open(new LocalInputFile(file), file.toString()).withChecksums();
    try (SeekableInputStream in = guarded.newStream()) {
      int left = bytes.length;
      int max = 1 + rnd.nextInt(rnd.nextBoolean() ? 64 : 8192);
      while (left > 0) {
        int n = Math.min(left, 1 + rnd.nextInt(max));
        switch (rnd.nextInt(3)) {
          case 0 -> in.readFully(new byte[n]);
          case 1 -> in.readFully(ByteBuffer.allocateDirect(n));
          default -> {
            for (int i = 0; i < n; i++) {
              in.read();
            }
          }
        }
        left -= n;
      }
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void anIntactFilePassesWhateverTheReads() {
    Trials.run("intactFilePasses", 40, rnd -> readInRandomPieces(good.file, rnd));
  }

  @Test
  void aChangedPayloadByteFailsAtItsPageWhateverTheReads() {
    List<ParquetSurgery.Page> pages = good.allPages();
    Trials.run(
        "changedPayloadFailsAtItsPage",
        60,
        rnd -> {
          ParquetSurgery.Page page = pages.get(rnd.nextInt(pages.size()));
          if (page.payloadLength() == 0) {
            return;
          }
          byte[] bytes = good.file.clone();
          bytes[(int) page.payloadStart() + rnd.nextInt(page.payloadLength())] ^=
              (byte) (1 + rnd.nextInt(255));
          VariantParquetException e =
              assertThrows(VariantParquetException.class, () -> readInRandomPieces(bytes, rnd));
          String kind = page.header().isSetDictionary_page_header() ? "dictionary page" : "page";
          assertTrue(
              e.getMessage().contains("Cannot read the " + kind + " at byte " + page.start() + ":"),
              e.getMessage());
          assertTrue(e.getMessage().contains("do not match the CRC"), e.getMessage());
          assertEquals(columnOf(page), e.column());
        });
  }

  private static String columnOf(ParquetSurgery.Page page) {
    for (ParquetSurgery.Chunk c : good.chunks) {
      if (c.pages().contains(page)) {
        return String.join(
            ".",
            good.footer
                .getRow_groups()
                .get(c.rowGroup())
                .getColumns()
                .get(c.column())
                .getMeta_data()
                .getPath_in_schema());
      }
    }
    throw new AssertionError("no chunk holds the page at " + page.start());
  }
}
