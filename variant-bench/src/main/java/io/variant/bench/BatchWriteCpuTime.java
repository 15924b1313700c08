// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.arrow.Shred;
import io.variant.arrow.VariantVector;
import io.variant.arrow.parquet.VariantBatchWriter;
import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writing Arrow batches to Parquet, as <b>thread CPU time</b>, the writers alternated pass by pass
 * in one JVM ({@link ReadCpuTime#alternate}): the event log of {@code testdata} repeated to each
 * row count, shredded by the plan inferred from it, written as column {@code v} (an {@code
 * optional} group, as the batches' nullable field makes it) by
 *
 * <ol start="0">
 *   <li>{@code VariantParquetWriter} from the rows as {@code Variant}s (the row writer);
 *   <li>{@code VariantBatchWriter} from batches in the unshredded storage;
 *   <li>{@code VariantBatchWriter} from batches shredded by the same plan ({@code Shred}), each row
 *       rebuilt from them and split again.
 * </ol>
 *
 * <p>The batches (4,096 rows) are made once, before the passes. Run from the repository root after
 * {@code mvn -B -o -q -pl variant-bench -am package -DskipTests}: {@code java -XX:+UseSerialGC
 * -Xmx3g -cp variant-bench/target/benchmarks.jar io.variant.bench.BatchWriteCpuTime [PASSES
 * [ROWS...]]} (defaults: 9 passes; 20000).
 */
public final class BatchWriteCpuTime {
  private static final String COLUMN = "v";
  private static final int BATCH_ROWS = 4096;

  private BatchWriteCpuTime() {}

  public static void main(String[] args) throws IOException {
    int passes = args.length > 0 ? Integer.parseInt(args[0]) : 9;
    List<Integer> counts = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      counts.add(Integer.parseInt(args[i]));
    }
    if (counts.isEmpty()) {
      counts.add(20_000);
    }
    List<Variant> log = EventData.variants();
    ShreddingPlan plan = ReadCpuTime.infer(log);
    Path dir = Files.createTempDirectory("variant-batch-write");
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int n : counts) {
        List<Variant> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          rows.add(log.get(i % log.size()));
        }
        List<VectorSchemaRoot> whole = batches(rows, null, allocator);
        List<VectorSchemaRoot> shredded = batches(rows, plan, allocator);
        Path file = dir.resolve("out.parquet");
        try {
          double[] ns =
              ReadCpuTime.alternate(
                  passes,
                  () -> rowWriter(file, rows, plan),
                  () -> batchWriter(file, whole, plan),
                  () -> batchWriter(file, shredded, plan));
          System.out.printf(
              Locale.ROOT,
              "%d rows, ns/row: row writer %.0f, batch writer from unshredded batches %.0f (%.2f×"
                  + " the row writer's time), from shredded batches %.0f (%.2f×)%n",
              n,
              ns[0],
              ns[1],
              ns[1] / ns[0],
              ns[2],
              ns[2] / ns[0]);
        } finally {
          whole.forEach(VectorSchemaRoot::close);
          shredded.forEach(VectorSchemaRoot::close);
          Files.deleteIfExists(file);
        }
      }
    } finally {
      Files.deleteIfExists(dir);
    }
  }

  /** {@code rows} in batches of column {@code v}: unshredded, or shredded by {@code plan}. */
  private static List<VectorSchemaRoot> batches(
      List<Variant> rows, ShreddingPlan plan, BufferAllocator allocator) {
    List<VectorSchemaRoot> out = new ArrayList<>();
    for (int from = 0; from < rows.size(); from += BATCH_ROWS) {
      int to = Math.min(rows.size(), from + BATCH_ROWS);
      VariantVector v = VariantVector.create(COLUMN, ShreddingPlan.residual(), allocator);
      for (int i = from; i < to; i++) {
        v.setSafe(i - from, rows.get(i));
      }
      v.setValueCount(to - from);
      if (plan != null) {
        try (VariantVector whole = v) {
          v = Shred.shred(whole, plan);
        }
      }
      out.add(VectorSchemaRoot.of(v));
    }
    return out;
  }

  private static long rowWriter(Path file, List<Variant> rows, ShreddingPlan plan)
      throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .variantColumn(COLUMN, plan)
            .nullableVariants(true)
            .build()) {
      for (Variant v : rows) {
        w.write(VariantRecord.builder().set(COLUMN, v).build());
      }
    }
    return rows.size();
  }

  private static long batchWriter(Path file, List<VectorSchemaRoot> batches, ShreddingPlan plan)
      throws IOException {
    long rows = 0;
    try (VariantBatchWriter w =
        VariantBatchWriter.builder(file)
            .overwrite()
            .plan(COLUMN, plan)
            .build(batches.get(0).getSchema())) {
      for (VectorSchemaRoot b : batches) {
        b.setRowCount(b.getVector(0).getValueCount());
        w.write(b);
        rows += b.getRowCount();
      }
    }
    return rows;
  }
}
