// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import org.apache.parquet.hadoop.api.ReadSupport;

/**
 * The read supports behind {@link VariantParquetReader}, for engines that drive parquet-java's
 * readers themselves (Hadoop's {@code ParquetRecordReader}, say): whole records, or one path of one
 * VARIANT column reading only the columns the path needs, each honouring {@link
 * VariantReadOptions}' rebuild options, column selection and validation. (The row-group filter is
 * the engine's to set; see {@code RowGroupPruning}.)
 */
public final class EngineReadSupports {
  private EngineReadSupports() {}

  /**
   * Records of the columns {@code options} selects, as {@link VariantParquetReader#read()} returns
   * them.
   */
  public static ReadSupport<VariantRecord> records(VariantReadOptions options) {
    ReadSupport<VariantRecord> support =
        new VariantReadSupport(options.rebuild(), options.columns());
    return FullValidation.ofRecords(support, options.validation());
  }

  /**
   * The value at {@code path} of VARIANT column {@code column}, per row, as {@link
   * VariantParquetReader#project} reads it.
   */
  public static ReadSupport<PathValue> path(
      String column, VariantPath path, VariantReadOptions options) {
    ReadSupport<PathValue> support =
        new PathReadSupport(column, path.segments(), options.rebuild());
    return FullValidation.ofPath(support, column, options.validation());
  }
}
