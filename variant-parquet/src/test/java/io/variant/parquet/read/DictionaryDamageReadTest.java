// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged dictionary page read with its row group (no condition reads it first) names the file,
 * the column and the row group's first row, through the row reader, the general projection and the
 * scan of one typed column: an entry that does not decode had named no column, and a header that
 * does not decode had been passed on with none. {@code PrunedDictionaryDamageTest} reads the same
 * damage through pruning.
 */
class DictionaryDamageReadTest {
  private static final String OSES = PrunedDictionaryDamageTest.OSES;

  @TempDir Path dir;

  private byte[] intact;

  @BeforeEach
  void write() throws IOException {
    intact = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("intact.parquet")));
  }

  @Test
  void aDictionaryEntryThatDoesNotDecodeNamesColumnAndRow() throws IOException {
    Path file =
        Files.write(
            dir.resolve("entry.parquet"),
            FuzzDamage.withDictionaryPageByte(intact, OSES, 1, 0, 0x7f));
    refusedEverywhere(file, "Cannot decode dictionary entry 0");
  }

  @Test
  void aDictionaryPageHeaderThatDoesNotDecodeNamesColumnAndRow() throws IOException {
    Path file =
        Files.write(
            dir.resolve("header.parquet"),
            FuzzDamage.withDictionaryPageHeaderDamaged(intact, OSES, 1));
    refusedEverywhere(file, "row group 2 (at byte ");
    refusedEverywhere(file, "a damaged page header");
  }

  private static void refusedEverywhere(Path file, String text) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader os = r.project("v", VariantPath.parse("$.d.os"))) {
      // the path is read from its typed column alone
      assertFalse(os.requestedSchema().toString().contains("metadata"));
    }
    Executable rows =
        () -> {
          try (VariantParquetReader r = VariantParquetReader.open(file)) {
            while (r.read() != null) {
              // the second row group's first row fails
            }
          }
        };
    for (Executable read : new Executable[] {rows, project(file, "$.d.os"), project(file, "$.d")}) {
      VariantParquetException e = assertThrows(VariantParquetException.class, read);
      assertEquals(file.toString(), e.file(), e.getMessage());
      assertEquals(OSES, e.column(), e.getMessage());
      assertEquals(40, e.row(), e.getMessage());
      assertTrue(e.getMessage().contains(text), e.getMessage());
    }
  }

  private static Executable project(Path file, String path) {
    return () -> {
      try (VariantParquetReader r = VariantParquetReader.open(file);
          VariantPathReader values = r.project("v", VariantPath.parse(path))) {
        while (values.read() != null) {
          // as above
        }
      }
    };
  }
}
