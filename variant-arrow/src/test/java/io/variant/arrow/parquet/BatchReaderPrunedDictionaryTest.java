// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.read.EncodedPagesFile;
import io.variant.parquet.read.FuzzDamage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batch reader's side of {@code PrunedDictionaryDamageTest}: a filter reads the dictionary
 * pages of its typed column as the reader opens; one that does not decode names the file, the
 * column and its row group's first row, whole rows ({@code select} of the column) and paths alike.
 */
class BatchReaderPrunedDictionaryTest {
  private static final String OSES = "v.typed_value.d.typed_value.os.typed_value";

  @TempDir Path dir;

  @Test
  void aDictionaryPageThatDoesNotDecodeNamesColumnAndRowGroup() throws IOException {
    byte[] intact = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("intact.parquet")));
    BatchOptions where =
        BatchOptions.defaults().withFilter(VariantPredicate.eq("v", "$.d.os", Literal.of("bsd")));
    assertEquals(EncodedPagesFile.ROWS, readAll(dir.resolve("intact.parquet"), where));

    // row group 2's first entry's length prefix claims 127 bytes: more than the page holds
    Path forged =
        Files.write(
            dir.resolve("forged.parquet"),
            FuzzDamage.withDictionaryPageByte(intact, OSES, 1, 0, 0x7f));
    for (BatchOptions options : List.of(where, where.withPaths("v", VariantPath.parse("$.n")))) {
      VariantParquetException e =
          assertThrows(VariantParquetException.class, () -> readAll(forged, options));
      assertEquals(forged.toString(), e.file(), e.getMessage());
      assertEquals(OSES, e.column(), e.getMessage());
      assertEquals(40, e.row(), e.getMessage());
      assertTrue(
          e.getMessage().contains("dictionary page of its column chunk in row group 2"),
          e.getMessage());
    }
  }

  private static long readAll(Path file, BatchOptions options) throws IOException {
    long rows = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader = VariantBatchReader.open(file, allocator, options)) {
      while (reader.loadNextBatch()) {
        rows += reader.root().getRowCount();
      }
    }
    return rows;
  }
}
