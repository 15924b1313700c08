// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import org.apache.parquet.hadoop.api.ReadSupport;

/**
 * Read supports for engines that drive parquet-java's readers themselves (Hadoop's {@code
 * ParquetRecordReader}, say): whole records, or one path of one VARIANT column reading only the
 * columns the path needs, each honouring {@link VariantReadOptions}' rebuild options, column
 * selection and validation, and giving the rows {@link VariantParquetReader} gives for an intact
 * file. (The row-group filter is the engine's to set; see {@code RowGroupPruning}.)
 *
 * <p><b>What they do not check.</b> parquet-java's record assembly reads the pages here, not the
 * level reader of {@link VariantParquetReader}, so a hostile file that it refuses, naming file,
 * column and row, may read here as other rows and no error: levels that no writer produces (a
 * repetition level that continues a list its row did not open, columns of one list's elements that
 * hold different numbers of elements in a row, a field group that its first column says is null
 * while another column holds its value), and a page whose levels and values do not use up its bytes
 * (a changed encoding, or levels read at another width). Reading through a {@link
 * io.variant.parquet.guard.GuardedInputFile} adds the checks of the footer and of page headers
 * (their sizes, counts, and encodings the footer lists) and, with its {@code verifyChecksums}, of
 * page CRCs. An engine that reads a file in splits of its own can have a {@link
 * VariantParquetReader} read each ({@link VariantParquetReader.Builder#split}), with every check,
 * as variant-hadoop's {@code VariantParquetInputFormat} does.
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
    return FullValidation.ofPath(support, column, path, options.validation());
  }
}
