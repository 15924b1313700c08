// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.arrow.parquet.BatchOptions;
import io.variant.arrow.parquet.VariantBatchReader;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions.Validation;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * A same-run measurement, not a test: where the CPU time of reading a shredded file into batches
 * and unshredding each one goes, step by step, against our row reader of the same file. The steps
 * are the calls {@link Unshred#unshred} makes for a column it copies to the heap: the batch read,
 * the heap copies of the column's buffers, the row rebuild over them ({@link Unshred#fromHeap}),
 * and the result's copy into Arrow. Thread CPU time of each step summed over every batch, per row;
 * passes alternated with the row reader (LAZY, as {@code variant cat} reads), medians printed.
 *
 * <p>The file: {@code testdata/events.ndjson} repeated to {@code rows} rows, shredded by the plan
 * inferred from the log, in 8 MiB row groups, the VARIANT group required: the inferred file of
 * {@code ColumnarReadCpuTime} in variant-bench. Run after {@code mvn -o test-compile -pl
 * variant-arrow -am}:
 *
 * <pre>
 * java -XX:+UseSerialGC -Xmx3g -cp variant-arrow/target/test-classes:variant-arrow/target/classes:$(cat cp.txt) \
 *   io.variant.arrow.UnshredSteps testdata/events.ndjson 20000 21
 * </pre>
 */
final class UnshredSteps {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final long ROW_GROUP_BYTES = 8 << 20;
  private static final String[] STEPS = {"batch read", "heap copies", "rebuild", "into Arrow"};

  private UnshredSteps() {}

  public static void main(String[] args) throws IOException {
    Path ndjson = Path.of(args[0]);
    int rows = Integer.parseInt(args[1]);
    int passes = Integer.parseInt(args[2]);
    List<String> lines = Files.readAllLines(ndjson, StandardCharsets.UTF_8);
    Path file = Files.createTempFile("events-inferred", ".parquet");
    try {
      List<Variant> events = lines.stream().map(VariantJson::parse).toList();
      ShreddingPlan plan = PlanInference.infer(events, InferenceOptions.defaults()).plan();
      try (VariantParquetWriter w =
          VariantParquetWriter.builder(file)
              .overwrite()
              .variantColumn("v", plan)
              .nullableVariants(false)
              .rowGroupSize(ROW_GROUP_BYTES)
              .build()) {
        for (int i = 0; i < rows; i++) {
          w.write(VariantRecord.builder().set("v", events.get(i % events.size())).build());
        }
      }
      long[][] steps = new long[STEPS.length][passes];
      long[] rowReader = new long[passes];
      for (int p = 0; p < passes; p++) {
        unshredSteps(file, steps, p);
        long t0 = THREADS.getCurrentThreadCpuTime();
        long n = rowRead(file);
        rowReader[p] = THREADS.getCurrentThreadCpuTime() - t0;
        if (n != rows) {
          throw new IllegalStateException("row reader read " + n + " of " + rows + " rows");
        }
      }
      // the first half of the passes warm the JIT up
      int from = passes / 2;
      double reader = median(rowReader, from) / rows;
      StringBuilder out = new StringBuilder();
      double sum = 0;
      for (int s = 0; s < STEPS.length; s++) {
        double ns = median(steps[s], from) / rows;
        sum += ns;
        out.append(String.format(Locale.ROOT, "%s %.0f, ", STEPS[s], ns));
      }
      System.out.printf(
          Locale.ROOT,
          "%d rows, ns/row (medians of passes %d to %d): %sall %.0f; our row reader %.0f;"
              + " batch read, copies and into Arrow ÷ row reader %.2f%n",
          rows,
          from + 1,
          passes,
          out,
          sum,
          reader,
          (median(steps[0], from) + median(steps[1], from) + median(steps[3], from))
              / rows
              / reader);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** One pass: each step's thread CPU time over every batch, into {@code steps[s][pass]}. */
  private static void unshredSteps(Path file, long[][] steps, int pass) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(file, allocator, BatchOptions.defaults())) {
      while (true) {
        long t0 = THREADS.getCurrentThreadCpuTime();
        boolean more = reader.loadNextBatch();
        long t1 = THREADS.getCurrentThreadCpuTime();
        steps[0][pass] += t1 - t0;
        if (!more) {
          return;
        }
        VariantVector column = (VariantVector) reader.root().getVector("v");
        int n = column.getValueCount();
        ShreddingPlan plan = column.plan();
        HeapSlot root = HeapSlot.of(SlotVectors.of(column.getUnderlyingVector(), plan), n);
        HeapBuffers metadata = HeapBuffers.of(column.metadataVector(), n, 0);
        long t2 = THREADS.getCurrentThreadCpuTime();
        steps[1][pass] += t2 - t1;
        UnshreddedRows rebuilt = Unshred.fromHeap(column, plan, root, metadata, n);
        long t3 = THREADS.getCurrentThreadCpuTime();
        steps[2][pass] += t3 - t2;
        try (VariantVector whole =
            VariantVector.create("v", ShreddingPlan.residual(), column.getAllocator())) {
          rebuilt.into(whole);
          steps[3][pass] += THREADS.getCurrentThreadCpuTime() - t3;
        }
      }
    }
  }

  private static long rowRead(Path file) throws IOException {
    long n = 0;
    try (VariantParquetReader r =
        VariantParquetReader.builder(file).validation(Validation.LAZY).build()) {
      for (VariantRecord rec = r.read(); rec != null; rec = r.read()) {
        n++;
      }
    }
    return n;
  }

  private static double median(long[] times, int from) {
    long[] t = Arrays.copyOfRange(times, from, times.length);
    Arrays.sort(t);
    return t[t.length / 2];
  }
}
