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
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine that runs its own parquet-java {@code ParquetReader} with {@link VariantReadSupport}
 * gets the corrupt-file guards of {@link VariantParquetReader} by reading through {@link
 * GuardedInputFile}, exactly as the Javadoc shows: forged footers fail when the file is opened,
 * forged page headers before parquet-java allocates what they claim, flipped bits at the page CRC;
 * a good file reads the same rows.
 */
class GuardedReadSupportTest {
  /** A forged size followed would allocate at least this much; the guarded reads stay far below. */
  private static final long MAX_ALLOCATED_BYTES = 256L << 20;

  @TempDir Path tmp;

  private Path goodFile;
  private ParquetSurgery good;

  @BeforeEach
  void writeGoodFile() throws IOException {
    goodFile = tmp.resolve("good.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(goodFile)
            .longColumn("id")
            .variantColumn("v", ShreddingPlan.parse("{\"a\": int64, \"b\": string}"))
            .codec(CompressionCodecName.ZSTD)
            .build()) {
      for (long i = 0; i < 30; i++) {
        w.write(
            VariantRecord.builder()
                .set("id", i)
                .set(
                    "v",
                    VariantJson.parse(
                        "{\"a\": " + i + ", \"b\": \"s" + i % 3 + "\", \"c\": [" + i + "]}"))
                .build());
      }
    }
    good = ParquetSurgery.of(Files.readAllBytes(goodFile));
  }

  /** The engine's side: its own ParquetReader over the guarded file, checksums on. */
  private static List<VariantRecord> readAsAnEngine(Path file) throws IOException {
    InputFile in = GuardedInputFile.open(new LocalInputFile(file), file.toString());
    List<VariantRecord> rows = new ArrayList<>();
    try (ParquetReader<VariantRecord> r =
        new ParquetReader.Builder<VariantRecord>(
            in,
            GuardedInputFile.verifyChecksums(
                new org.apache.parquet.conf.PlainParquetConfiguration())) {
          @Override
          protected ReadSupport<VariantRecord> getReadSupport() {
            return new VariantReadSupport();
          }
        }.build()) {
      for (VariantRecord row = r.read(); row != null; row = r.read()) {
        rows.add(row);
      }
    }
    return rows;
  }

  private static List<VariantRecord> readWithVariantParquetReader(Path file) throws IOException {
    List<VariantRecord> rows = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      r.forEach(rows::add);
    }
    return rows;
  }

  /**
   * The guard's exception, wherever parquet-java wrapped it, after an allocation far below the
   * forged claim.
   */
  private static VariantParquetException failsAsAnEngine(Path file) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    Exception e = assertThrows(Exception.class, () -> readAsAnEngine(file));
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertTrue(allocated < MAX_ALLOCATED_BYTES, "allocated " + allocated + " bytes");
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof VariantParquetException v) {
        assertEquals(file.toString(), v.file());
        return v;
      }
    }
    throw new AssertionError("not stopped by a guard: " + e, e);
  }

  private Path damaged(byte[] bytes) throws IOException {
    return Files.write(tmp.resolve("bad.parquet"), bytes);
  }

  @Test
  void aGoodFileReadsTheSameRowsBothWays() throws IOException {
    List<VariantRecord> engine = readAsAnEngine(goodFile);
    assertEquals(30, engine.size());
    assertEquals(readWithVariantParquetReader(goodFile), engine);
  }

  @Test
  void aForgedDictionarySizeIsStoppedBeforeParquetJavaAllocatesIt() throws IOException {
    ParquetSurgery.Chunk chunk = good.chunk("v.metadata");
    ParquetSurgery.Page dictionary = chunk.pages().get(0);
    PageHeader forged = dictionary.header().deepCopy();
    forged.getDictionary_page_header().setNum_values(Integer.MAX_VALUE);

    VariantParquetException e =
        failsAsAnEngine(damaged(good.withPageHeader(chunk, dictionary, forged)));
    assertEquals("v.metadata", e.column());
    assertTrue(e.getMessage().contains("its dictionary claims 2147483647 values"), e.getMessage());
  }

  @Test
  void aForgedUncompressedSizeIsStoppedBeforeParquetJavaAllocatesIt() throws IOException {
    ParquetSurgery.Chunk chunk = good.chunk("v.typed_value.a.typed_value");
    ParquetSurgery.Page page = chunk.pages().get(chunk.pages().size() - 1);
    PageHeader forged = page.header().deepCopy();
    forged.setUncompressed_page_size(1 << 30);

    VariantParquetException e = failsAsAnEngine(damaged(good.withPageHeader(chunk, page, forged)));
    assertTrue(e.getMessage().contains("it claims 1073741824 uncompressed bytes"), e.getMessage());
  }

  @Test
  void aRowGroupThatClaimsFewerRowsFailsAtOpenInsteadOfDroppingRows() throws IOException {
    FileMetaData footer = good.footerCopy();
    footer.getRow_groups().get(0).setNum_rows(29);

    VariantParquetException e = failsAsAnEngine(damaged(good.withFooter(footer)));
    assertTrue(
        e.getMessage().contains("a row group claims 29 rows but its column chunk holds 30 values"),
        e.getMessage());
  }

  @Test
  void aFlippedBitInAPagePayloadFailsItsChecksum() throws IOException {
    ParquetSurgery.Page page = good.chunk("v.typed_value.b.typed_value").pages().get(0);
    assertTrue(page.header().isSetCrc(), "the writer stores page CRCs");
    byte[] bytes = good.file.clone();
    bytes[(int) page.payloadStart() + page.payloadLength() / 2] ^= 0x10;

    Exception e = assertThrows(Exception.class, () -> readAsAnEngine(damaged(bytes)));
    boolean crc = false;
    for (Throwable t = e; t != null; t = t.getCause()) {
      crc |= String.valueOf(t.getMessage()).contains("CRC");
    }
    assertTrue(crc, "not a checksum failure: " + e);
  }
}
