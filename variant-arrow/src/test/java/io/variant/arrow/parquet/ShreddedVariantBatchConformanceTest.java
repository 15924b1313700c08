// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.testkit.ParquetTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every file of apache/parquet-testing {@code shredded_variant/} that the row reader reads: its
 * batches, unshredded, give the row reader's rows byte for byte. The files the row reader rejects
 * (the error cases) are that reader's conformance test's business. Skipped with a message when
 * {@code PARQUET_TESTING_DIR} is missing, failed under {@code CI=true} ({@link ParquetTesting}).
 */
class ShreddedVariantBatchConformanceTest {
  private static final String COLUMN = "var";

  @TestFactory
  Stream<DynamicTest> batchesGiveTheRowReadersRows() throws IOException {
    Path dir = ParquetTesting.dir("shredded_variant");
    List<Path> files;
    try (Stream<Path> listed = Files.list(dir)) {
      files = listed.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    assertTrue(files.size() > 100, "shredded_variant has " + files.size() + " files");
    return files.stream()
        .map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> compare(f)));
  }

  private static void compare(Path file) throws IOException {
    List<Variant> expected;
    try {
      expected = BatchFiles.rowReader(file, COLUMN);
    } catch (RuntimeException e) {
      Assumptions.abort("an error case: the row reader refuses it: " + e.getMessage());
      return;
    }
    try (BufferAllocator allocator = new RootAllocator()) {
      List<Variant> actual = BatchFiles.batchRows(file, COLUMN, allocator, 2);
      assertEquals(expected.size(), actual.size(), "rows");
      for (int row = 0; row < expected.size(); row++) {
        Variant e = expected.get(row);
        Variant a = actual.get(row);
        if (e == null) {
          assertNull(a, "row " + row);
          continue;
        }
        assertArrayEquals(e.metadataBytes(), a.metadataBytes(), "row " + row + ": metadata");
        assertArrayEquals(e.valueBytes(), a.valueBytes(), "row " + row + ": value");
      }
    }
  }
}
