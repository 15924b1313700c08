// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.Shred;
import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated Variants in Arrow batches (unshredded, or shredded by the file's plan or another),
 * written by {@link VariantBatchWriter} and read back by the row reader: every row is the Variant
 * it was, the plain columns beside it keep their values, and the file has the schema the row writer
 * gives the same plan. Every allocation is released.
 */
class BatchWriterPropertyTest {
  /** Each trial writes two files: a tenth of the configured trials, at least 20. */
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir Path tmp;

  @Test
  void batchesWriteTheRowsTheyHold() {
    Trials.run(
        "batchesWriteTheRowsTheyHold",
        TRIALS,
        rnd -> {
          List<Variant> rows = BatchFiles.rows(rnd);
          ShreddingPlan plan = BatchFiles.plan(rnd, rows);
          ShreddingLayout layout =
              rnd.nextInt(4) == 0 ? ShreddingLayout.DRAFT : ShreddingLayout.SPEC;
          // the batches' storage: unshredded, shredded by the file's plan, or by another
          int storage = rnd.nextInt(3);
          ShreddingPlan stored = storage == 1 ? plan : PlanGen.plan(rnd);
          Path file = tmp.resolve("w" + rnd.nextInt(1 << 20) + ".parquet");
          try (BufferAllocator allocator = new RootAllocator()) {
            try (VariantBatchWriter writer =
                VariantBatchWriter.builder(file)
                    .plan(BatchFiles.COLUMN, plan)
                    .layout(layout)
                    .rowGroupRowLimit(1 + rnd.nextInt(20))
                    .pageRowLimit(1 + rnd.nextInt(8))
                    .build(schema(allocator, storage == 0 ? null : stored))) {
              for (int from = 0; from < rows.size() || from == 0; ) {
                int to = Math.min(rows.size(), from + 1 + rnd.nextInt(9));
                try (VectorSchemaRoot batch =
                    batch(rows.subList(from, to), from, storage == 0 ? null : stored, allocator)) {
                  writer.write(batch);
                }
                from = to;
                if (rows.isEmpty()) {
                  break;
                }
              }
              assertEquals(rows.size(), writer.rowCount());
            }
          }
          List<Variant> read = BatchFiles.rowReader(file, BatchFiles.COLUMN);
          assertEquals(rows.size(), read.size(), "rows");
          for (int i = 0; i < rows.size(); i++) {
            String at = "row " + i + " plan " + plan + " storage " + storage + " " + stored;
            if (rows.get(i) == null) {
              assertNull(read.get(i), at);
            } else {
              assertTrue(VariantEquality.logical(rows.get(i), read.get(i)), at);
            }
          }
          assertPlainColumns(file, rows.size());
          Path byRows = tmp.resolve("r" + rnd.nextInt(1 << 20) + ".parquet");
          BatchFiles.write(byRows, plan, rows, rnd, layout, true);
          assertEquals(schemaOf(byRows), schemaOf(file), "the row writer's schema for the plan");
        });
  }

  /** The batch schema: {@code id} int64, {@code name} string, the VARIANT column. */
  static org.apache.arrow.vector.types.pojo.Schema schema(
      BufferAllocator allocator, ShreddingPlan stored) {
    try (VectorSchemaRoot empty = batch(List.of(), 0, stored, allocator)) {
      return empty.getSchema();
    }
  }

  /**
   * A batch of {@code rows}: {@code id} (the file's row number), {@code name} (null in odd rows)
   * and the VARIANT column, unshredded when {@code stored} is null, else shredded by it.
   */
  static VectorSchemaRoot batch(
      List<Variant> rows, int first, ShreddingPlan stored, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>();
    BigIntVector id = new BigIntVector("id", allocator);
    VarCharVector name = new VarCharVector("name", allocator);
    VariantVector whole =
        VariantVector.create(BatchFiles.COLUMN, ShreddingPlan.residual(), allocator);
    for (int i = 0; i < rows.size(); i++) {
      id.setSafe(i, first + i);
      if ((first + i) % 2 == 0) {
        name.setSafe(i, ("n" + (first + i)).getBytes(StandardCharsets.UTF_8));
      }
      whole.setSafe(i, rows.get(i));
    }
    id.setValueCount(rows.size());
    name.setValueCount(rows.size());
    whole.setValueCount(rows.size());
    vectors.add(id);
    vectors.add(name);
    if (stored == null) {
      vectors.add(whole);
    } else {
      try (whole) {
        vectors.add(Shred.shred(whole, stored));
      }
    }
    VectorSchemaRoot root = new VectorSchemaRoot(vectors);
    root.setRowCount(rows.size());
    return root;
  }

  /** {@code id} and {@code name} read back as they were written. */
  private static void assertPlainColumns(Path file, int rows) throws Exception {
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      long i = 0;
      for (var record : r) {
        assertEquals(i, record.get("id"), "id");
        assertEquals(i % 2 == 0 ? "n" + i : null, record.get("name"), "name");
        i++;
      }
      assertEquals(rows, i);
    }
  }

  private static MessageType schemaOf(Path file) throws Exception {
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      return r.schema();
    }
  }
}
