// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.CastMode;
import io.variant.arrow.VariantGet;
import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Trials;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by our writer from generated Variants and plans, read into batches: {@code
 * Unshred.unshred} of each batch's VARIANT column gives, row by row and byte for byte, what the row
 * reader ({@code VariantParquetReader}) gives; with a projection by a path, {@code VariantGet} on
 * the batches gives what it gives on the row reader's rows. Every allocation is released.
 */
class BatchReaderPropertyTest {
  /** Each trial writes a file: a tenth of the configured trials, at least 20. */
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir Path tmp;

  @Test
  void unshreddedBatchesGiveTheRowReadersRows() {
    Trials.run(
        "unshreddedBatchesGiveTheRowReadersRows",
        TRIALS,
        rnd -> {
          List<Variant> rows = BatchFiles.rows(rnd);
          ShreddingPlan plan = BatchFiles.plan(rnd, rows);
          Path file = Files.createTempFile(tmp, "b", ".parquet");
          BatchFiles.write(file, plan, rows, rnd);
          List<Variant> expected = BatchFiles.rowReader(file, BatchFiles.COLUMN);
          try (BufferAllocator allocator = new RootAllocator()) {
            List<Variant> actual =
                BatchFiles.batchRows(file, BatchFiles.COLUMN, allocator, 1 + rnd.nextInt(9));
            assertEquals(expected.size(), actual.size(), "rows, plan " + plan);
            for (int row = 0; row < expected.size(); row++) {
              String at = "row " + row + " plan " + plan;
              Variant e = expected.get(row);
              Variant a = actual.get(row);
              if (e == null) {
                assertNull(a, at);
                continue;
              }
              assertArrayEquals(e.metadataBytes(), a.metadataBytes(), at + ": metadata");
              assertArrayEquals(e.valueBytes(), a.valueBytes(), at + ": value");
            }
          } // the allocator's close fails on a leak
        });
  }

  @Test
  void plainColumnsAreReadBeside() {
    Trials.run(
        "plainColumnsAreReadBeside",
        TRIALS,
        rnd -> {
          List<Variant> rows = BatchFiles.rows(rnd);
          Path file = Files.createTempFile(tmp, "p", ".parquet");
          BatchFiles.write(file, BatchFiles.plan(rnd, rows), rows, rnd);
          try (BufferAllocator allocator = new RootAllocator();
              VariantBatchReader reader =
                  VariantBatchReader.open(
                      file, allocator, BatchOptions.defaults().withBatchSize(1 + rnd.nextInt(9)))) {
            int row = 0;
            while (reader.loadNextBatch()) {
              BigIntVector id = (BigIntVector) reader.root().getVector("id");
              VarCharVector name = (VarCharVector) reader.root().getVector("name");
              for (int i = 0; i < reader.root().getRowCount(); i++, row++) {
                assertEquals(row, id.get(i));
                Object n = name.getObject(i);
                assertEquals(row % 2 == 0 ? "n" + row : null, n == null ? null : n.toString());
              }
            }
            assertEquals(rows.size(), row);
          }
        });
  }

  @Test
  void projectedBatchesAnswerTheirPathsAsTheRows() {
    Trials.run(
        "projectedBatchesAnswerTheirPathsAsTheRows",
        TRIALS,
        rnd -> {
          List<Variant> rows = BatchFiles.rows(rnd);
          ShreddingPlan plan = BatchFiles.plan(rnd, rows);
          Path file = Files.createTempFile(tmp, "j", ".parquet");
          BatchFiles.write(file, plan, rows, rnd);
          List<Variant> expected = BatchFiles.rowReader(file, BatchFiles.COLUMN);
          VariantPath path = BatchFiles.path(rnd, rows, plan);
          VariantPath other = BatchFiles.path(rnd, rows, plan);
          try (BufferAllocator allocator = new RootAllocator()) {
            assertProjectionAnswers(file, expected, path, other, allocator, rnd, plan);
          }
        });
  }

  private static void assertProjectionAnswers(
      Path file,
      List<Variant> expected,
      VariantPath path,
      VariantPath other,
      BufferAllocator allocator,
      Random rnd,
      ShreddingPlan plan)
      throws Exception {
    BatchOptions options =
        BatchOptions.defaults()
            .withBatchSize(1 + rnd.nextInt(9))
            .withColumns(BatchFiles.COLUMN)
            .withPaths(BatchFiles.COLUMN, path, other);
    int row = 0;
    try (VariantBatchReader reader = VariantBatchReader.open(file, allocator, options);
        VariantVector rowsColumn = rowsColumn(expected, allocator)) {
      assertEquals(1, reader.root().getFieldVectors().size(), "only the column asked for");
      while (reader.loadNextBatch()) {
        VariantVector batch = (VariantVector) reader.root().getVector(BatchFiles.COLUMN);
        for (VariantPath p : List.of(path, other)) {
          try (FieldVector got =
                  VariantGet.variantGet(batch, p, ArrowType.Utf8.INSTANCE, CastMode.LENIENT);
              FieldVector want =
                  VariantGet.variantGet(rowsColumn, p, ArrowType.Utf8.INSTANCE, CastMode.LENIENT)) {
            for (int i = 0; i < batch.getValueCount(); i++) {
              String at = "row " + (row + i) + " path " + p + " plan " + plan;
              assertEquals(text(want, row + i), text(got, i), at);
            }
          }
        }
        row += batch.getValueCount();
      }
    }
    assertEquals(expected.size(), row);
    assertTrue(row >= 0);
  }

  private static String text(FieldVector v, int i) {
    Object o = v.getObject(i);
    return o == null ? null : o.toString();
  }

  /** The row reader's rows as one unshredded column. */
  private static VariantVector rowsColumn(List<Variant> rows, BufferAllocator allocator) {
    VariantVector column =
        VariantVector.create(BatchFiles.COLUMN, ShreddingPlan.residual(), allocator);
    for (int i = 0; i < rows.size(); i++) {
      column.setSafe(i, rows.get(i));
    }
    column.setValueCount(rows.size());
    return column;
  }
}
