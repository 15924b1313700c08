// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.arrow.VariantVector;
import io.variant.arrow.parquet.BatchOptions;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;

/**
 * {@link VariantBatches} rebuilt by the row reader, for VARIANT columns the batch reader does not
 * read (the draft layout, whose residuals carry their own metadata): each row's Variant is rebuilt
 * whole and put in an unshredded column.
 */
final class RowBatches extends VariantBatches {
  private final ParquetFile parquet;
  private final VariantParquetReader reader;
  private final long[] fileRows = new long[BatchOptions.DEFAULT_BATCH_SIZE];
  private final Map<String, VariantVector> columns;

  private RowBatches(
      ParquetFile parquet, VariantParquetReader reader, Map<String, VariantVector> columns) {
    this.parquet = parquet;
    this.reader = reader;
    this.columns = columns;
  }

  /**
   * Opens {@code parquet} for the VARIANT columns {@code names}, skipping the row groups that
   * {@code where} (or null) rules out.
   */
  static RowBatches open(
      ParquetFile parquet,
      Iterable<String> names,
      VariantCondition where,
      VariantReadOptions options,
      BufferAllocator allocator) {
    Map<String, VariantVector> columns = new LinkedHashMap<>();
    for (String name : names) {
      columns.put(name, VariantVector.create(name, ShreddingPlan.residual(), allocator));
    }
    VariantReadOptions read = options.withColumns(columns.keySet().toArray(String[]::new));
    try {
      return new RowBatches(
          parquet, parquet.reader(where == null ? read : read.withFilter(where)), columns);
    } catch (RuntimeException e) {
      AutoCloseables.closeNoChecked(AutoCloseables.all(columns.values()));
      throw e;
    }
  }

  @Override
  int load() throws IOException {
    int rows = 0;
    columns.values().forEach(VariantVector::reset);
    for (VariantRecord record;
        rows < BatchOptions.DEFAULT_BATCH_SIZE
            && (record = CatCommand.read(parquet, reader)) != null;
        rows++) {
      fileRows[rows] = reader.currentRowIndex(); // pruning may skip row groups within a batch
      for (Map.Entry<String, VariantVector> c : columns.entrySet()) {
        c.getValue().setSafe(rows, record.variant(c.getKey()));
      }
    }
    for (VariantVector c : columns.values()) {
      c.setValueCount(rows);
    }
    return rows;
  }

  @Override
  long fileRow(int i) {
    return fileRows[i];
  }

  @Override
  VariantVector column(String name) {
    return columns.get(name);
  }

  @Override
  public void close() throws IOException {
    try {
      reader.close();
    } finally {
      AutoCloseables.closeNoChecked(AutoCloseables.all(columns.values()));
    }
  }
}
