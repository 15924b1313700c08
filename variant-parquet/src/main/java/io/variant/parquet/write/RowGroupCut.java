// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import org.apache.parquet.column.ParquetProperties;

/**
 * When a row group is full, by {@code ParquetWriter}'s rule: at the row-count limit, or when the
 * buffered size comes within two average rows of the target, checked at row counts spaced between
 * the properties' minimum and maximum (measuring the buffers walks every column). A new group is
 * checked first at the minimum, as parquet-java's writer checks it (it counts the group's rows from
 * 0 before spacing that check), so that groups cut by size end at the same rows in both writers.
 * <b>Thread safety:</b> none.
 */
final class RowGroupCut {
  private final ParquetProperties props;
  private long nextSizeCheck;

  RowGroupCut(ParquetProperties props) {
    this.props = props;
    this.nextSizeCheck = props.getMinRowCountForPageSizeCheck();
  }

  /** True if {@code group}, which has just ended a row, is to be cut at {@code targetBytes}. */
  boolean due(RowGroupBuffer group, long targetBytes) {
    long rows = group.rows();
    if (rows >= props.getRowGroupRowCountLimit()) {
      return true;
    }
    if (rows < nextSizeCheck) {
      return false;
    }
    long buffered = group.bufferedSize();
    long rowBytes = buffered / rows;
    if (buffered > targetBytes - 2 * rowBytes) {
      return true;
    }
    long halfway = (rows + (long) (targetBytes / (float) rowBytes)) / 2;
    nextSizeCheck =
        Math.min(
            Math.max(props.getMinRowCountForPageSizeCheck(), halfway),
            rows + props.getMaxRowCountForPageSizeCheck());
    return false;
  }

  /** A group was cut: the next one is checked first at the minimum row count. */
  void cut() {
    nextSizeCheck = props.getMinRowCountForPageSizeCheck();
  }
}
