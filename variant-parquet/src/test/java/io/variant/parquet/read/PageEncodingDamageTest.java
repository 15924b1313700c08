// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static io.variant.parquet.read.EncodedPagesFile.NUMBERS;
import static io.variant.parquet.read.EncodedPagesFile.NUMBER_RESIDUALS;
import static io.variant.parquet.read.EncodedPagesFile.STRINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page headers and the footer carry no checksum, so one changed byte there reaches the decoders: a
 * page's values read as another encoding, levels read as another encoding or at another width. Each
 * of these files once read to other values, exit 0; the row reader (and the path reader of {@code
 * get}) now refuses each, naming the column and the page. The batch reader's counterpart is {@code
 * BatchReaderPageEncodingTest}.
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
  void deltaIntegersDeclaredPlainAreRefusedByTheBytesLeftOver() throws IOException {
    // the footer lists PLAIN too: only decoding can tell, by the bytes the 20 values leave
    byte[] listed = PageForgery.withChunkEncodingListed(deltas, NUMBERS, 1, Encoding.PLAIN);
    Path forged =
        file("plain", PageForgery.withValuesEncoding(listed, NUMBERS, 1, 0, Encoding.PLAIN));
    assertContains(refused(forged), NUMBERS + ": data page 1 of its chunk does not decode");
    assertContains(
        refusedAt(forged, "$.n"), NUMBERS + ": data page 1 of its chunk does not decode");
  }

  @Test
  void prefixedStringsDeclaredDeltaLengthAreRefused() throws IOException {
    Encoding lengths = Encoding.DELTA_LENGTH_BYTE_ARRAY;
    VariantParquetException e =
        refused(file("lengths", PageForgery.withValuesEncoding(deltas, STRINGS, 0, 0, lengths)));
    assertEquals(STRINGS, e.column(), e.getMessage());
    assertContains(e, "data page 1 of its column chunk in row group 1");
    assertContains(e, "DELTA_LENGTH_BYTE_ARRAY, which the footer does not list");

    byte[] listed = PageForgery.withChunkEncodingListed(deltas, STRINGS, 0, lengths);
    Path decoded = file("listed", PageForgery.withValuesEncoding(listed, STRINGS, 0, 0, lengths));
    assertContains(refused(decoded), STRINGS + ": data page 1 of its chunk does not decode");
  }

  @Test
  void definitionLevelsDeclaredBitPackedAreRefused() throws IOException {
    // the footer lists BIT_PACKED, for the repetition levels the column does not have
    assertTrue(PageForgery.chunkEncodings(ours, NUMBER_RESIDUALS, 0).contains(Encoding.BIT_PACKED));
    // the page's RLE levels are one run of 6 bytes: 40 levels of 2 bits take 10 packed back to back
    Path cut =
        file(
            "cut",
            PageForgery.withDefinitionLevelEncoding(
                ours, NUMBER_RESIDUALS, 0, 0, Encoding.BIT_PACKED));
    assertContains(refused(cut), NUMBER_RESIDUALS + ": its BIT_PACKED definition levels take 10");
    // 20 levels take 5 of them, none read as the maximum: the sixth byte is left
    byte[] small = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("small.parquet"), 20));
    Path left =
        file(
            "left",
            PageForgery.withDefinitionLevelEncoding(
                small, NUMBER_RESIDUALS, 0, 0, Encoding.BIT_PACKED));
    assertContains(refused(left), NUMBER_RESIDUALS + ": data page 1 of its chunk does not decode");
  }

  @Test
  void aRequiredFieldGroupMadeOptionalIsRefused() throws IOException {
    // every column below d now has a maximum definition level one higher than its pages' levels
    Path forged =
        file(
            "optional",
            PageForgery.withRepetition(
                ours, EncodedPagesFile.DEVICE_GROUP, FieldRepetitionType.OPTIONAL));
    assertContains(refused(forged), "v.typed_value.d");
    // the path reader reads d.os's typed column alone, whose levels never reach the new maximum
    assertContains(refusedAt(forged, "$.d.os"), "of its chunk does not decode");
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

  /** Reads every row's value at {@code path} ({@code get}'s reader); returns what refused it. */
  private static VariantParquetException refusedAt(Path file, String path) {
    return assertThrows(
        VariantParquetException.class,
        () -> {
          try (VariantParquetReader r = VariantParquetReader.open(file);
              VariantPathReader values = r.project("v", VariantPath.parse(path))) {
            while (values.read() != null) {
              // every row, to the end
            }
          }
        });
  }

  private static void assertContains(VariantParquetException e, String text) {
    assertTrue(e.getMessage().contains(text), e.getMessage());
  }
}
