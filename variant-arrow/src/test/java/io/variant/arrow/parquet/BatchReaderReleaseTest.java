// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batch reader releases every vector it allocated: after a full read, after a refused column
 * and after a damaged page ({@link RootAllocator#close()} fails on a leak); and what it refuses it
 * names.
 */
class BatchReaderReleaseTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"a\": int64, \"b\": {\"c\": string}, \"t\": [string]}");

  @TempDir Path tmp;

  private Path file(ShreddingLayout layout, int rows) throws IOException {
    Path file = tmp.resolve(layout + "-" + rows + ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", PLAN)
            .layout(layout)
            .rowGroupRowLimit(500)
            .pageRowLimit(50)
            .build()) {
      for (int i = 0; i < rows; i++) {
        String json =
            "{\"a\": " + i + ", \"b\": {\"c\": \"x" + i + "\"}, \"t\": [\"p\", \"q" + i + "\"]}";
        w.write(VariantRecord.builder().set("v", VariantJson.parse(json)).build());
      }
    }
    return file;
  }

  @Test
  void closeReleasesEveryVector() throws IOException {
    Path file = file(ShreddingLayout.SPEC, 1200);
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(file, allocator, BatchOptions.defaults().withBatchSize(300))) {
      int batches = 0;
      while (reader.loadNextBatch()) {
        assertTrue(reader.root().getRowCount() <= 300);
        batches++;
      }
      assertEquals(5, batches, "300, 200, 300, 200, 200: no batch spans two row groups");
    }
  }

  @Test
  void theDraftLayoutIsRefusedByNameAndNothingLeaks() throws IOException {
    Path file = file(ShreddingLayout.DRAFT, 10);
    try (BufferAllocator allocator = new RootAllocator()) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> VariantBatchReader.open(file, allocator, BatchOptions.defaults()));
      assertTrue(e.getMessage().contains("column \"v\""), e.getMessage());
      assertTrue(e.getMessage().contains("draft shredding layout"), e.getMessage());
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void pathsOfAMissingColumnAreRefused() throws IOException {
    Path file = file(ShreddingLayout.SPEC, 10);
    try (BufferAllocator allocator = new RootAllocator()) {
      BatchOptions options = BatchOptions.defaults().withPaths("w", VariantPath.parse("$.a"));
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> VariantBatchReader.open(file, allocator, options));
      assertTrue(e.getMessage().contains("column \"w\""), e.getMessage());
    }
  }

  @Test
  void aProjectionKeepsOnlyWhatItsPathsNeed() throws IOException {
    Path file = file(ShreddingLayout.SPEC, 10);
    BatchOptions options = BatchOptions.defaults().withPaths("v", VariantPath.parse("$.b.c"));
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader = VariantBatchReader.open(file, allocator, options)) {
      assertEquals(Map.of("v", ShreddingPlan.parse("{\"b\": {\"c\": string}}")), reader.plans());
    }
  }

  /** In the shredded storage and unshredded (each row rebuilt while its pages are read). */
  @Test
  void aDamagedPageFailsNamingTheFileAndNothingLeaks() throws IOException {
    Path file = file(ShreddingLayout.SPEC, 1200);
    BatchFiles.damage(file);
    for (BatchOptions options :
        List.of(BatchOptions.defaults(), BatchOptions.defaults().withUnshredded())) {
      try (BufferAllocator allocator = new RootAllocator()) {
        Exception e =
            assertThrows(
                Exception.class,
                () -> {
                  try (VariantBatchReader reader =
                      VariantBatchReader.open(file, allocator, options)) {
                    List<Variant> none = new ArrayList<>();
                    while (reader.loadNextBatch()) {
                      none.add(null);
                    }
                  }
                });
        assertTrue(e.getMessage().contains(file.toString()), options + ": " + e.getMessage());
      }
    }
  }

  /**
   * Every data page overwritten: the page headers do not decode, which is bad input, not an I/O
   * error.
   */
  @Test
  void aDamagedPageHeaderIsBadInputNamingTheFile() throws IOException {
    Path file = file(ShreddingLayout.SPEC, 1200);
    byte[] bytes = Files.readAllBytes(file);
    int footer =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    for (int i = 4; i < bytes.length - 8 - footer; i++) {
      bytes[i] = (byte) 0xEE;
    }
    Files.write(file, bytes);
    try (BufferAllocator allocator = new RootAllocator()) {
      VariantParquetException e =
          assertThrows(
              VariantParquetException.class,
              () -> {
                try (VariantBatchReader reader =
                    VariantBatchReader.open(file, allocator, BatchOptions.defaults())) {
                  while (reader.loadNextBatch()) {
                    // reading is what fails
                  }
                }
              });
      assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("damaged page header"), e.getMessage());
    }
  }
}
