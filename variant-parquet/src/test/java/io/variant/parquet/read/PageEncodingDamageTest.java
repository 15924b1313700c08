// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static io.variant.parquet.read.EncodedPagesFile.NUMBERS;
import static io.variant.parquet.read.EncodedPagesFile.NUMBER_RESIDUALS;
import static io.variant.parquet.read.EncodedPagesFile.STRINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.Encoding;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page headers carry no checksum, so one changed byte of a page's encoding reaches the decoders:
 * its values read as another encoding, which once gave other values, exit 0. The row reader refuses
 * a page whose encoding its chunk's footer does not list, naming the column, the row group and the
 * page. The batch reader's counterpart is {@code BatchReaderPageEncodingTest}.
 */
class PageEncodingDamageTest {
  @TempDir Path dir;

  private byte[] ours;
  private byte[] deltas;

  @BeforeEach
  void write() throws IOException {
    ours = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("ours.parquet")));
    deltas = Files.readAllBytes(EncodedPagesFile.deltas(dir.resolve("deltas.parquet")));
  }

  @Test
  void theIntactFilesReadAndHoldTheEncodingsTheseTestsForge() throws IOException {
    assertEquals(
        List.of(Encoding.DELTA_BINARY_PACKED), PageForgery.valuesEncodings(deltas, NUMBERS, 1));
    assertEquals(Encoding.DELTA_BYTE_ARRAY, PageForgery.valuesEncodings(deltas, STRINGS, 0).get(0));
    assertEquals(List.of(Encoding.PLAIN), PageForgery.valuesEncodings(ours, NUMBER_RESIDUALS, 0));
    for (byte[] file : List.of(ours, deltas)) {
      List<VariantRecord> rows = readRows(file("intact", file));
      assertEquals(EncodedPagesFile.ROWS, rows.size());
      for (int i = 0; i < rows.size(); i++) {
        assertEquals(
            VariantJson.toJson(VariantJson.parse(EncodedPagesFile.json(i))),
            VariantJson.toJson(rows.get(i).variant("v")),
            "row " + i);
      }
    }
  }

  @Test
  void deltaIntegersDeclaredPlainAreRefusedByTheFootersEncodings() throws IOException {
    Path forged =
        file("plain", PageForgery.withValuesEncoding(deltas, NUMBERS, 1, 0, Encoding.PLAIN));
    VariantParquetException e = refused(forged);
    assertEquals(NUMBERS, e.column(), e.getMessage());
    assertContains(e, "data page 1 of its column chunk in row group 2");
    assertContains(e, "PLAIN, which the footer does not list");
  }

  @Test
  void prefixedStringsDeclaredDeltaLengthAreRefused() throws IOException {
    Encoding lengths = Encoding.DELTA_LENGTH_BYTE_ARRAY;
    VariantParquetException e =
        refused(file("lengths", PageForgery.withValuesEncoding(deltas, STRINGS, 0, 0, lengths)));
    assertEquals(STRINGS, e.column(), e.getMessage());
    assertContains(e, "data page 1 of its column chunk in row group 1");
    assertContains(e, "DELTA_LENGTH_BYTE_ARRAY, which the footer does not list");
  }

  private Path file(String name, byte[] bytes) throws IOException {
    return Files.write(dir.resolve(name + ".parquet"), bytes);
  }

  private static List<VariantRecord> readRows(Path file) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      List<VariantRecord> rows = new ArrayList<>();
      for (VariantRecord row = r.read(); row != null; row = r.read()) {
        rows.add(row);
      }
      return rows;
    }
  }

  private static VariantParquetException refused(Path file) {
    return assertThrows(VariantParquetException.class, () -> readRows(file));
  }

  private static void assertContains(VariantParquetException e, String text) {
    assertTrue(e.getMessage().contains(text), e.getMessage());
  }
}
