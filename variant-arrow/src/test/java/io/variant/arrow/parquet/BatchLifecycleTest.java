// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.CastMode;
import io.variant.arrow.VariantGet;
import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an engine may get wrong with readers, writers and vectors it holds fails loudly and leaks
 * nothing: a closed reader or writer refuses further use, a selection may not name rows past a
 * vector's count (a reused vector still holds an earlier batch there), and an allocator's limit is
 * reported as such, not as a damaged file.
 */
class BatchLifecycleTest {
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");

  @TempDir Path tmp;

  private Path file(int rows) throws IOException {
    Path file = tmp.resolve("f" + rows + ".parquet");
    List<Variant> values = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      values.add(VariantJson.parse("{\"a\": " + i + ", \"b\": \"s" + i + "\"}"));
    }
    BatchFiles.write(file, PLAN, values, new java.util.Random(1));
    return file;
  }

  @Test
  void aClosedReaderRefusesToLoadAndLeaksNothing() throws IOException {
    Path file = file(30);
    try (BufferAllocator allocator = new RootAllocator()) {
      VariantBatchReader reader =
          VariantBatchReader.open(file, allocator, BatchOptions.defaults().withBatchSize(10));
      assertTrue(reader.loadNextBatch());
      reader.close();
      IllegalStateException e = assertThrows(IllegalStateException.class, reader::loadNextBatch);
      assertTrue(e.getMessage().endsWith("the reader is closed"), e.getMessage());
      reader.close(); // again: nothing to do
    } // the allocator's close fails on a leak
  }

  @Test
  void aClosedWriterRefusesABatchAndKeepsItsFile() throws IOException {
    Path file = tmp.resolve("w.parquet");
    List<Variant> rows = List.of(VariantJson.parse("{\"a\": 1, \"b\": \"x\"}"));
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot batch = BatchWriterPropertyTest.batch(rows, 0, null, allocator)) {
      VariantBatchWriter w =
          VariantBatchWriter.builder(file).build(BatchWriterPropertyTest.schema(allocator, null));
      w.write(batch);
      w.close();
      byte[] written = Files.readAllBytes(file);
      assertThrows(IllegalStateException.class, () -> w.write(batch));
      w.close(); // idempotent, and says nothing untrue
      assertEquals(written.length, Files.readAllBytes(file).length);
      assertEquals(1, BatchFiles.rowReader(file, BatchFiles.COLUMN).size());
    }
  }

  @Test
  void aSelectionMayNotNameRowsPastTheCount() {
    try (BufferAllocator allocator = new RootAllocator();
        VariantVector v = VariantVector.create("v", ShreddingPlan.residual(), allocator)) {
      for (int i = 0; i < 10; i++) {
        v.setSafe(i, VariantJson.parse("{\"id\": " + (100 + i) + "}"));
      }
      v.setValueCount(10);
      v.setValueCount(3); // reused for a batch of 3 rows: rows 3 to 9 still sit in the buffers
      VariantPath id = VariantPath.parse("$.id");
      ArrowType bigint = new ArrowType.Int(64, true);
      IndexOutOfBoundsException e =
          assertThrows(
              IndexOutOfBoundsException.class,
              () -> VariantGet.variantGet(v, id, bigint, CastMode.STRICT, new int[] {0, 7}));
      assertTrue(e.getMessage().contains("row 7 of v: it has 3 rows"), e.getMessage());
      assertThrows(
          IndexOutOfBoundsException.class, () -> VariantGet.variantGet(v, id, new int[] {-1}));
      VariantGet.variantGet(v, id, bigint, CastMode.STRICT, new int[] {2, 0}).close();
    }
  }

  @Test
  void anAllocatorsLimitIsReportedAsSuchNotAsDamage() throws IOException {
    Path file = file(2_000);
    try (BufferAllocator allocator = new RootAllocator(64 * 1024);
        VariantBatchReader reader =
            VariantBatchReader.open(
                file, allocator, BatchOptions.defaults().withBatchSize(2_000))) {
      assertThrows(
          OutOfMemoryException.class,
          () -> {
            while (reader.loadNextBatch()) {
              // until the batch outgrows the limit
            }
          });
    }
  }
}
