// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.VariantVector;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.testkit.ChangedPageFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A page whose bytes changed after its writer computed its CRC ({@link ChangedPageFile}) fails the
 * batch read, naming the file, as it fails the row reader ({@code CorruptFileTest}): without the
 * check, the changed byte inside a string reads as another string.
 */
class BatchReaderChecksumTest {
  @TempDir Path tmp;

  private Path damagedFile() throws IOException {
    return ChangedPageFile.write(tmp.resolve("names.parquet"));
  }

  @Test
  void batchesRefuseTheChangedPageInEveryStorage() throws IOException {
    Path file = damagedFile();
    for (BatchOptions options :
        List.of(
            BatchOptions.defaults(),
            BatchOptions.defaults().withUnshredded(),
            BatchOptions.defaults().withPaths("v", VariantPath.parse("$.name")))) {
      try (BufferAllocator allocator = new RootAllocator()) {
        List<String> names = new ArrayList<>();
        VariantParquetException e =
            assertThrows(
                VariantParquetException.class,
                () -> {
                  try (VariantBatchReader reader =
                      VariantBatchReader.open(file, allocator, options)) {
                    while (reader.loadNextBatch()) {
                      VariantVector v =
                          (VariantVector) reader.root().getVector(ChangedPageFile.COLUMN);
                      for (int row = 0; row < v.getValueCount(); row++) {
                        names.add(String.valueOf(v.getObject(row)));
                      }
                    }
                  }
                },
                () -> options + " read " + names.size() + " rows");
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("CRC"), e.getMessage());
        assertEquals(0, names.size(), options + ": no row of the damaged group is handed out");
      }
    }
  }
}
