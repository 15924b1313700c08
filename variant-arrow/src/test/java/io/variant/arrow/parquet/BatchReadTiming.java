// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * A same-run comparison, not a test: the whole inferred event log ({@code testdata/events.ndjson}
 * repeated to {@code rows} rows, plan inferred by our writer) read into batches, against our row
 * reader rebuilding every row. Alternates the two, prints each one's median and the ratio. Run
 * after {@code mvn -o test-compile -pl variant-arrow -am}:
 *
 * <pre>
 * java -cp variant-arrow/target/test-classes:variant-arrow/target/classes:$(cat cp.txt) \
 *   io.variant.arrow.parquet.BatchReadTiming testdata/events.ndjson 200000 9
 * </pre>
 */
final class BatchReadTiming {
  private BatchReadTiming() {}

  public static void main(String[] args) throws IOException {
    Path ndjson = Path.of(args[0]);
    int rows = Integer.parseInt(args[1]);
    int rounds = Integer.parseInt(args[2]);
    List<String> lines = Files.readAllLines(ndjson, StandardCharsets.UTF_8);
    Path file = Files.createTempFile("events-inferred", ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).variantColumn("event").overwrite().build()) {
      for (int i = 0; i < rows; i++) {
        Variant v = VariantJson.parse(lines.get(i % lines.size()));
        w.write(VariantRecord.builder().set("event", v).build());
      }
    }
    long[] rowTimes = new long[rounds];
    long[] batchTimes = new long[rounds];
    long check = 0;
    for (int r = 0; r < rounds; r++) {
      long t0 = System.nanoTime();
      check += rowRead(file);
      long t1 = System.nanoTime();
      check += batchRead(file);
      long t2 = System.nanoTime();
      rowTimes[r] = t1 - t0;
      batchTimes[r] = t2 - t1;
    }
    long row = median(rowTimes);
    long batch = median(batchTimes);
    System.out.printf(
        "%d rows, %d bytes; row reader %.1f ms, batches %.1f ms, ratio %.2fx (check %d)%n",
        rows, Files.size(file), row / 1e6, batch / 1e6, (double) row / batch, check);
    Files.delete(file);
  }

  private static long rowRead(Path file) throws IOException {
    long n = 0;
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (VariantRecord record : r) {
        n += record.variant("event") == null ? 0 : 1;
      }
    }
    return n;
  }

  private static long batchRead(Path file) throws IOException {
    long n = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(file, allocator, BatchOptions.defaults())) {
      while (reader.loadNextBatch()) {
        n += reader.root().getRowCount() - reader.root().getVector("event").getNullCount();
      }
    }
    return n;
  }

  private static long median(long[] times) {
    long[] sorted = times.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
