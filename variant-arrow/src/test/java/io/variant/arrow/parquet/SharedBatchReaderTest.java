// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Together;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link VariantBatchReader} shared by threads refuses overlapping {@link
 * VariantBatchReader#loadNextBatch()} calls ({@link ConcurrentModificationException}) and loses no
 * batch: the calls that succeed load exactly the file's batches. Unguarded, two threads inside one
 * reader moved its page cursors at once and failed as if the file were damaged.
 */
class SharedBatchReaderTest {
  private static final int THREADS = 4;
  private static final int ROWS = 4_000;
  private static final int BATCH = 64;

  @TempDir Path tmp;

  @Test
  void overlappingLoadsAreRefusedAndEveryBatchIsLoadedOnce() throws Exception {
    Path file = tmp.resolve("shared.parquet");
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(
          VariantJson.parse("{\"a\": " + i + ", \"b\": \"s" + i % 17 + "\", \"c\": [" + i + "]}"));
    }
    BatchFiles.write(
        file, ShreddingPlan.parse("{\"a\": int64, \"b\": string}"), rows, new Random(7));
    AtomicInteger loaded = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(
                file, allocator, BatchOptions.defaults().withBatchSize(BATCH))) {
      Together.onThreads(
          THREADS,
          t -> {
            while (true) {
              try {
                if (!reader.loadNextBatch()) {
                  return null;
                }
                loaded.incrementAndGet();
              } catch (ConcurrentModificationException e) {
                refused.incrementAndGet(); // refused before it touched the reader: again
              }
            }
          });
      // every row group's rows in batches of at most BATCH: as many loads as one thread makes
      int expected = 0;
      try (VariantBatchReader alone =
          VariantBatchReader.open(file, allocator, BatchOptions.defaults().withBatchSize(BATCH))) {
        while (alone.loadNextBatch()) {
          expected++;
        }
      }
      System.out.println("[shared batch reader] " + refused + " loads refused as concurrent");
      assertEquals(expected, loaded.get());
    }
  }
}
