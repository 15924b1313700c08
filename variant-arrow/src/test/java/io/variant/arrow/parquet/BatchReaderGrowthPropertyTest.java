// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.arrow.Unshred;
import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Trials;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batches large enough that the batch reader's vectors outgrow their buffers within a batch (long
 * strings, long lists, thousands of rows), and batches whose buffers the caller transfers away
 * before the next one is read: unshredded, they give the row reader's rows byte for byte.
 */
class BatchReaderGrowthPropertyTest {
  private static final int TRIALS = Math.max(4, Trials.trials() / 100);
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse(
          "{\"s\": string, \"n\": int64, \"i\": int16, \"d\": decimal(9,2), \"f\": double,"
              + " \"a\": [{\"x\": string, \"y\": int32}], \"t\": [string]}");

  @TempDir Path tmp;

  @Test
  void vectorsGrowWithinABatch() {
    Trials.run(
        "vectorsGrowWithinABatch",
        TRIALS,
        rnd -> {
          Path file = written(rnd);
          List<Variant> expected = BatchFiles.rowReader(file, BatchFiles.COLUMN);
          try (BufferAllocator allocator = new RootAllocator()) {
            int size = 500 + rnd.nextInt(5000);
            assertSame(expected, BatchFiles.batchRows(file, BatchFiles.COLUMN, allocator, size));
          }
        });
  }

  @Test
  void batchesWhoseBuffersWereTransferredAwayAreReadAgain() {
    Trials.run(
        "batchesWhoseBuffersWereTransferredAwayAreReadAgain",
        TRIALS,
        rnd -> {
          Path file = written(rnd);
          List<Variant> expected = BatchFiles.rowReader(file, BatchFiles.COLUMN);
          List<Variant> actual = new ArrayList<>();
          BatchOptions options = BatchOptions.defaults().withBatchSize(1 + rnd.nextInt(1500));
          try (BufferAllocator allocator = new RootAllocator();
              VariantBatchReader reader = VariantBatchReader.open(file, allocator, options)) {
            while (reader.loadNextBatch()) {
              VariantVector batch = (VariantVector) reader.root().getVector(BatchFiles.COLUMN);
              TransferPair move = batch.getTransferPair(allocator);
              move.transfer(); // the reader's vector is left with no buffers
              try (VariantVector moved = (VariantVector) move.getTo();
                  VariantVector whole = Unshred.unshred(moved)) {
                for (int row = 0; row < whole.getValueCount(); row++) {
                  actual.add(whole.getObject(row));
                }
              }
            }
          }
          assertSame(expected, actual);
        });
  }

  /**
   * 2,000 to 6,000 rows in one row group: most shaped like the plan, with long strings and lists,
   * some not.
   */
  private Path written(Random rnd) throws Exception {
    int n = 2000 + rnd.nextInt(4000);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(rnd.nextInt(20) == 0 ? null : VariantJson.parse(row(rnd, i)));
    }
    Path file = Files.createTempFile(tmp, "g", ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn(BatchFiles.COLUMN, PLAN)
            .pageRowLimit(100 + rnd.nextInt(3000))
            .overwrite()
            .build()) {
      for (Variant v : rows) {
        w.write(VariantRecord.builder().set(BatchFiles.COLUMN, v).build());
      }
    }
    return file;
  }

  private static String row(Random rnd, int i) {
    if (rnd.nextInt(15) == 0) {
      return rnd.nextBoolean() ? "[" + i + ", \"" + text(rnd, 40) + "\"]" : "\"" + i + "\"";
    }
    StringBuilder b = new StringBuilder("{");
    b.append("\"s\": \"").append(text(rnd, rnd.nextInt(8) == 0 ? 2000 : 60)).append('"');
    b.append(", \"n\": ").append(rnd.nextInt(10) == 0 ? "\"many\"" : rnd.nextLong());
    b.append(", \"i\": ").append(rnd.nextInt(65536) - 32768);
    b.append(", \"d\": ")
        .append(rnd.nextInt(2_000_000) - 1_000_000)
        .append('.')
        .append(10 + rnd.nextInt(90));
    b.append(", \"f\": ").append(String.format(Locale.ROOT, "%.4fe3", rnd.nextGaussian()));
    b.append(", \"a\": [");
    int elements = rnd.nextInt(4) == 0 ? rnd.nextInt(60) : rnd.nextInt(3);
    for (int e = 0; e < elements; e++) {
      b.append(e == 0 ? "" : ", ");
      b.append(
          rnd.nextInt(12) == 0 ? "null" : "{\"x\": \"" + text(rnd, 30) + "\", \"y\": " + e + "}");
    }
    b.append("], \"t\": ").append(rnd.nextInt(6) == 0 ? "null" : "[\"" + text(rnd, 5) + "\"]");
    if (rnd.nextInt(5) == 0) {
      b.append(", \"other\": ").append(i);
    }
    return b.append('}').toString();
  }

  private static String text(Random rnd, int max) {
    int length = rnd.nextInt(max + 1);
    StringBuilder b = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      b.append(rnd.nextInt(30) == 0 ? 'é' : (char) ('a' + rnd.nextInt(26)));
    }
    return b.toString();
  }

  private static void assertSame(List<Variant> expected, List<Variant> actual) {
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
