// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.arrow.UnshreddedRows;
import io.variant.arrow.VariantVector;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.read.RowGroupVariants;
import java.util.List;
import org.apache.parquet.column.page.PageReadStore;

/**
 * The VARIANT columns of a batch read in the unshredded storage ({@link
 * BatchOptions#unshredded()}): each row rebuilt whole from the pages by {@link RowGroupVariants}
 * (the row reader's rebuild, straight from the decoded leaves), handed as its builder's bytes to a
 * gather on the heap ({@link UnshreddedRows}) and written into the column's vector once per batch.
 * Rebuilding from the pages skips the shredded vectors that {@code Unshred} would read back.
 */
final class UnshreddedColumns {
  private final RowGroupVariants rows;
  private final VariantVector[] vectors; // in the order RowGroupVariants numbers the columns
  private final UnshreddedRows[] gathered;

  /**
   * @param vectors the columns' vectors, in the order of {@code rows}' columns
   * @param batchSize the most rows a batch holds: room for that many is made once
   */
  UnshreddedColumns(RowGroupVariants rows, List<VariantVector> vectors, int batchSize) {
    this.rows = rows;
    this.vectors = vectors.toArray(new VariantVector[0]);
    this.gathered = new UnshreddedRows[this.vectors.length];
    for (int i = 0; i < gathered.length; i++) {
      gathered[i] = new UnshreddedRows(batchSize);
    }
  }

  /** Starts a row group. */
  void open(PageReadStore group) {
    rows.open(group);
  }

  /**
   * Reads the row group's next {@code count} rows into the vectors (reset by the caller).
   *
   * @param file how errors name the file
   * @param firstRow the file's row number of the first of them, for errors
   * @throws VariantParquetException naming the file, column and row that fails
   */
  void read(int count, String file, long firstRow) {
    for (UnshreddedRows g : gathered) {
      g.clear();
    }
    int column = -1;
    int r = 0;
    try {
      for (; r < count; r++) {
        column = -1;
        rows.readRow();
        for (column = 0; column < gathered.length; column++) {
          // a row the rebuild builds comes as its builder's bytes, copied once into the gather
          if (!rows.variantTo(column, gathered[column])) {
            gathered[column].addNull();
          }
        }
      }
    } catch (RuntimeException e) {
      String name = column < 0 ? null : vectors[column].getName();
      throw BatchFailure.of(file, name, firstRow + r, e);
    }
    for (int i = 0; i < vectors.length; i++) {
      gathered[i].into(vectors[i]);
    }
  }
}
