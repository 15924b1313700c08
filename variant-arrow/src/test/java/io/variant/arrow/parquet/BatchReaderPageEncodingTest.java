// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static io.variant.parquet.read.EncodedPagesFile.NUMBERS;
import static io.variant.parquet.read.EncodedPagesFile.NUMBER_RESIDUALS;
import static io.variant.parquet.read.EncodedPagesFile.STRINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.read.EncodedPagesFile;
import io.variant.parquet.read.PageForgery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batch reader's side of {@code PageEncodingDamageTest}: a page header or footer byte that no
 * checksum covers, changed so that a page's values or levels decode as another encoding or at
 * another width, once gave other values; the batch reader refuses each, naming the column and the
 * page, whole rows ({@code select} of the column) and paths alike.
 */
class BatchReaderPageEncodingTest {
  @TempDir Path dir;

  private byte[] ours;
  private byte[] deltas;

  @BeforeEach
  void write() throws IOException {
    ours = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("ours.parquet")));
    deltas = Files.readAllBytes(EncodedPagesFile.deltas(dir.resolve("deltas.parquet")));
  }

  @Test
  void theIntactFilesRead() throws IOException {
    assertEquals(EncodedPagesFile.ROWS, readAll(file("ours", ours), BatchOptions.defaults()));
    assertEquals(EncodedPagesFile.ROWS, readAll(file("deltas", deltas), BatchOptions.defaults()));
    assertEquals(EncodedPagesFile.ROWS, readAll(file("deltas", deltas), path("$.n")));
  }

  @Test
  void deltaIntegersDeclaredPlainAreRefused() throws IOException {
    Path byFooter =
        file("plain", PageForgery.withValuesEncoding(deltas, NUMBERS, 1, 0, Encoding.PLAIN));
    VariantParquetException e = refused(byFooter, BatchOptions.defaults());
    assertEquals(NUMBERS, e.column(), e.getMessage());
    assertContains(e, "data page 1 of its column chunk in row group 2");
    assertContains(e, "PLAIN, which the footer does not list");

    byte[] listed = PageForgery.withChunkEncodingListed(deltas, NUMBERS, 1, Encoding.PLAIN);
    Path byBytes =
        file("listed", PageForgery.withValuesEncoding(listed, NUMBERS, 1, 0, Encoding.PLAIN));
    assertContains(
        refused(byBytes, BatchOptions.defaults()),
        NUMBERS + ": data page 1 of its chunk does not decode");
    assertContains(refused(byBytes, path("$.n")), "data page 1 of its chunk does not decode");
  }

  @Test
  void prefixedStringsDeclaredDeltaLengthAreRefused() throws IOException {
    Encoding lengths = Encoding.DELTA_LENGTH_BYTE_ARRAY;
    VariantParquetException e =
        refused(
            file("lengths", PageForgery.withValuesEncoding(deltas, STRINGS, 0, 0, lengths)),
            path("$.s"));
    assertEquals(STRINGS, e.column(), e.getMessage());
    assertContains(e, "DELTA_LENGTH_BYTE_ARRAY, which the footer does not list");

    byte[] listed = PageForgery.withChunkEncodingListed(deltas, STRINGS, 0, lengths);
    Path decoded = file("listed", PageForgery.withValuesEncoding(listed, STRINGS, 0, 0, lengths));
    assertContains(
        refused(decoded, path("$.s")), STRINGS + ": data page 1 of its chunk does not decode");
  }

  @Test
  void definitionLevelsDeclaredBitPackedAreRefused() throws IOException {
    Path cut =
        file(
            "cut",
            PageForgery.withDefinitionLevelEncoding(
                ours, NUMBER_RESIDUALS, 0, 0, Encoding.BIT_PACKED));
    assertContains(
        refused(cut, BatchOptions.defaults()),
        NUMBER_RESIDUALS + ": its BIT_PACKED definition levels take 10");
    byte[] small = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("small.parquet"), 20));
    Path left =
        file(
            "left",
            PageForgery.withDefinitionLevelEncoding(
                small, NUMBER_RESIDUALS, 0, 0, Encoding.BIT_PACKED));
    assertContains(
        refused(left, BatchOptions.defaults()),
        NUMBER_RESIDUALS + ": data page 1 of its chunk does not decode");
  }

  @Test
  void aRequiredFieldGroupMadeOptionalIsRefused() throws IOException {
    Path forged =
        file(
            "optional",
            PageForgery.withRepetition(
                ours, EncodedPagesFile.DEVICE_GROUP, FieldRepetitionType.OPTIONAL));
    assertContains(refused(forged, BatchOptions.defaults()), "of its chunk does not decode");
    assertContains(refused(forged, path("$.d.os")), "of its chunk does not decode");
  }

  private Path file(String name, byte[] bytes) throws IOException {
    return Files.write(dir.resolve(name + ".parquet"), bytes);
  }

  private static BatchOptions path(String path) {
    return BatchOptions.defaults().withPaths("v", VariantPath.parse(path));
  }

  private static long readAll(Path file, BatchOptions options) throws IOException {
    long rows = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(file, allocator, options.withBatchSize(32))) {
      while (reader.loadNextBatch()) {
        rows += reader.root().getRowCount();
      }
    }
    return rows;
  }

  private static VariantParquetException refused(Path file, BatchOptions options) {
    return assertThrows(VariantParquetException.class, () -> readAll(file, options));
  }

  private static void assertContains(VariantParquetException e, String text) {
    assertTrue(e.getMessage().contains(text), e.getMessage());
  }
}
