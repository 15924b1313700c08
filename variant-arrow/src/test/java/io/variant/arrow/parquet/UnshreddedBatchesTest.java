// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.Unshred;
import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unshredded batches ({@link BatchOptions#withUnshredded()}): each row, byte for byte, what the row
 * reader gives and what {@code Unshred} makes of the shredded batch, in either layout, with the
 * plain columns beside; nothing leaks ({@code BatchReaderReleaseTest} damages a file read so).
 */
class UnshreddedBatchesTest {
  /** Each trial writes a file: a tenth of the configured trials, at least 20. */
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir Path tmp;

  @Test
  void unshreddedBatchesHoldTheRowReadersRows() {
    Trials.run(
        "unshreddedBatchesHoldTheRowReadersRows",
        TRIALS,
        rnd -> {
          List<Variant> rows = BatchFiles.rows(rnd);
          ShreddingPlan plan = BatchFiles.plan(rnd, rows);
          Path file = Files.createTempFile(tmp, "u", ".parquet");
          BatchFiles.write(file, plan, rows, rnd);
          List<Variant> expected = BatchFiles.rowReader(file, BatchFiles.COLUMN);
          int size = 1 + rnd.nextInt(9);
          try (BufferAllocator allocator = new RootAllocator()) {
            List<Variant> fromShredded =
                BatchFiles.batchRows(file, BatchFiles.COLUMN, allocator, size);
            List<Variant> actual = new ArrayList<>();
            try (VariantBatchReader reader =
                VariantBatchReader.open(
                    file,
                    allocator,
                    BatchOptions.defaults().withBatchSize(size).withUnshredded())) {
              assertEquals(Map.of(BatchFiles.COLUMN, ShreddingPlan.residual()), reader.plans());
              while (reader.loadNextBatch()) {
                VariantVector batch = (VariantVector) reader.root().getVector(BatchFiles.COLUMN);
                assertFalse(batch.isShredded());
                BigIntVector id = (BigIntVector) reader.root().getVector("id");
                for (int i = 0; i < batch.getValueCount(); i++) {
                  assertEquals(actual.size(), id.get(i), "the plain column beside, plan " + plan);
                  actual.add(batch.getObject(i));
                }
              }
            }
            assertEquals(expected.size(), actual.size(), "rows, plan " + plan);
            for (int row = 0; row < expected.size(); row++) {
              String at = "row " + row + " plan " + plan;
              assertSame(expected.get(row), actual.get(row), at);
              assertSame(fromShredded.get(row), actual.get(row), at + " (Unshred of the batch)");
            }
          } // the allocator's close fails on a leak
        });
  }

  private static void assertSame(Variant expected, Variant actual, String at) {
    if (expected == null) {
      assertNull(actual, at);
      return;
    }
    assertArrayEquals(expected.metadataBytes(), actual.metadataBytes(), at + ": metadata");
    assertArrayEquals(expected.valueBytes(), actual.valueBytes(), at + ": value");
  }

  private Path file(ShreddingLayout layout, int rows) throws IOException {
    Path file = tmp.resolve(layout + "-" + rows + ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", ShreddingPlan.parse("{\"a\": int64, \"t\": [string]}"))
            .layout(layout)
            .rowGroupRowLimit(500)
            .pageRowLimit(50)
            .build()) {
      for (int i = 0; i < rows; i++) {
        String json = "{\"a\": " + i + ", \"b\": \"x" + i + "\", \"t\": [\"p\", \"q" + i + "\"]}";
        w.write(
            VariantRecord.builder().set("v", i % 7 == 3 ? null : VariantJson.parse(json)).build());
      }
    }
    return file;
  }

  @Test
  void theDraftLayoutReadsUnshredded() throws IOException {
    Path file = file(ShreddingLayout.DRAFT, 1200);
    List<Variant> expected = BatchFiles.rowReader(file, "v");
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(
                file, allocator, BatchOptions.defaults().withBatchSize(300).withUnshredded())) {
      int row = 0;
      while (reader.loadNextBatch()) {
        VariantVector batch = (VariantVector) reader.root().getVector("v");
        for (int i = 0; i < batch.getValueCount(); i++, row++) {
          assertSame(expected.get(row), batch.getObject(i), "row " + row);
        }
      }
      assertEquals(1200, row);
      assertNull(expected.get(3));
      assertEquals(
          "{\"a\":4,\"b\":\"x4\",\"t\":[\"p\",\"q4\"]}", VariantJson.toJson(expected.get(4)));
    }
  }

  @Test
  void pathsAndUnshreddedColumnsDoNotGoTogether() {
    BatchOptions unshredded = BatchOptions.defaults().withUnshredded();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> unshredded.withPaths("v", VariantPath.parse("$.a")));
    assertTrue(e.getMessage().contains("unshredded"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> BatchOptions.defaults().withPaths("v", VariantPath.parse("$.a")).withUnshredded());
  }

  @Test
  void unshredOfAnUnshreddedBatchCopiesIt() throws IOException {
    Path file = file(ShreddingLayout.SPEC, 40);
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(file, allocator, BatchOptions.defaults().withUnshredded())) {
      assertTrue(reader.loadNextBatch());
      VariantVector batch = (VariantVector) reader.root().getVector("v");
      try (VariantVector copy = Unshred.unshred(batch)) {
        for (int i = 0; i < 40; i++) {
          assertSame(batch.getObject(i), copy.getObject(i), "row " + i);
        }
      }
    }
  }
}
