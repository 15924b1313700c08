// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.testkit;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.Predicate;

/**
 * The rows of a file with a long column "id" beside its VARIANT columns, read with row-group
 * pruning and without: pruning is sound where every row that {@link #matching} finds is among those
 * {@link #kept} returns.
 */
public final class PrunedReads {
  private PrunedReads() {}

  /**
   * Writes {@code file}: 4 row groups of 10 rows, row i holding i in column "id" and {@code
   * row.apply(i)} in VARIANT column "e", shredded by {@code plan}; returns {@code file}.
   */
  public static Path write(Path file, ShreddingPlan plan, LongFunction<Variant> row)
      throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("e", plan)
            .rowGroupRowLimit(10)
            .build()) {
      for (long i = 0; i < 40; i++) {
        w.write(VariantRecord.builder().set("id", i).set("e", row.apply(i)).build());
      }
    }
    return file;
  }

  /**
   * The ids of the rows the reader returns with {@code filter}: those of the row groups it keeps.
   */
  public static List<Long> kept(Path file, VariantCondition filter) throws IOException {
    return ids(VariantParquetReader.builder(file).filter(filter), r -> true);
  }

  /** The ids of the rows that {@code condition} matches, every row group read. */
  public static List<Long> matching(Path file, VariantCondition condition) throws IOException {
    return ids(VariantParquetReader.builder(file), condition::test);
  }

  private static List<Long> ids(VariantParquetReader.Builder builder, Predicate<VariantRecord> keep)
      throws IOException {
    List<Long> ids = new ArrayList<>();
    try (VariantParquetReader r = builder.build()) {
      for (VariantRecord row : r) {
        if (keep.test(row)) {
          ids.add((Long) row.get("id"));
        }
      }
    }
    return ids;
  }
}
