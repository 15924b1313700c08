// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.arrow.VariantVector;
import io.variant.arrow.parquet.BatchOptions;
import io.variant.arrow.parquet.VariantBatchReader;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.filter.VariantCondition;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@link VariantBatches} read by {@link VariantBatchReader}: of each VARIANT column only the
 * Parquet columns its paths need, typed values straight into vectors, no row rebuilt; row groups
 * whose statistics rule out the condition are not read.
 */
final class ColumnBatches extends VariantBatches {
  private final ParquetFile parquet;
  private final VariantBatchReader reader;

  private ColumnBatches(ParquetFile parquet, VariantBatchReader reader) {
    this.parquet = parquet;
    this.reader = reader;
  }

  /**
   * Opens {@code parquet} for the columns and paths of {@code paths}, skipping the row groups that
   * {@code where} (or null) rules out.
   *
   * @throws InputException if the file cannot be read
   */
  static ColumnBatches open(
      ParquetFile parquet,
      Map<String, List<VariantPath>> paths,
      VariantCondition where,
      BufferAllocator allocator) {
    BatchOptions options =
        BatchOptions.defaults().withColumns(paths.keySet().toArray(String[]::new));
    for (Map.Entry<String, List<VariantPath>> e : paths.entrySet()) {
      options = options.withPaths(e.getKey(), e.getValue().toArray(VariantPath[]::new));
    }
    if (where != null) {
      options = options.withFilter(where);
    }
    try {
      return new ColumnBatches(
          parquet,
          VariantBatchReader.open(parquet.inputFile(), parquet.name(), allocator, options));
    } catch (VariantParquetException e) {
      throw parquet.error(e);
    } catch (IllegalArgumentException e) {
      throw new InputException(parquet.name(), 0, 0, e.getMessage(), e);
    } catch (IOException e) {
      throw Input.readFailure(parquet.name(), 0, e);
    }
  }

  /** The reader's plan per VARIANT column: what of each it reads (tests check the projection). */
  VariantBatchReader reader() {
    return reader;
  }

  @Override
  int load() throws IOException {
    try {
      return reader.loadNextBatch() ? reader.root().getRowCount() : 0;
    } catch (VariantParquetException e) {
      throw parquet.error(e);
    } catch (IOException e) {
      throw Input.readFailure(parquet.name(), 0, e);
    }
  }

  @Override
  long fileRow(int i) {
    return reader.firstRowIndex() + i;
  }

  @Override
  VariantVector column(String name) {
    return (VariantVector) reader.root().getVector(name);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
