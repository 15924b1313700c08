// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import io.variant.parquet.VariantParquetException;
import java.util.List;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;

/**
 * Checks that a row group lists one column chunk per leaf column of the schema, in the schema's
 * order (spec: parquet.thrift §RowGroup.columns). parquet-java looks chunks up by path and never
 * notices one missing until a reader asks for it; its statistics filter takes a missing chunk for
 * one of nulls and drops the row group, so a condition on that column silently counts fewer rows.
 */
final class LeafCoverage {
  private LeafCoverage() {}

  /**
   * Throws unless {@code columns}, the chunks of row group {@code rowGroup} (from 1), are one per
   * path of {@code leaves}, in its order.
   *
   * @throws VariantParquetException naming file {@code fileName} and the column
   */
  static void check(
      List<ColumnChunkMetaData> columns, ColumnPath[] leaves, int rowGroup, String fileName) {
    int n = Math.min(columns.size(), leaves.length);
    for (int i = 0; i < n; i++) {
      if (!columns.get(i).getPath().equals(leaves[i])) {
        throw refusal(fileName, rowGroup, why(columns, leaves, i));
      }
    }
    if (columns.size() < leaves.length) {
      throw refusal(fileName, rowGroup, "has no column chunk for " + leaves[n].toDotString());
    }
    if (columns.size() > leaves.length) {
      throw refusal(fileName, rowGroup, why(columns, leaves, n));
    }
  }

  /** What is wrong where chunk {@code i} is not that of leaf {@code i} (or there is no leaf i). */
  private static String why(List<ColumnChunkMetaData> columns, ColumnPath[] leaves, int i) {
    ColumnPath listed = columns.get(i).getPath();
    if (indexOf(columns, listed, i) >= 0) {
      return "has more than one column chunk for " + listed.toDotString();
    }
    if (i < leaves.length && indexOf(columns, leaves[i], columns.size()) < 0) {
      return "has no column chunk for " + leaves[i].toDotString();
    }
    boolean known = false;
    for (ColumnPath leaf : leaves) {
      known |= leaf.equals(listed);
    }
    if (!known) { // else i < leaves.length: past them, a known path is one listed before
      return "lists a column chunk of " + listed.toDotString() + ", which the schema does not have";
    }
    return "lists the column chunk of "
        + listed.toDotString()
        + " where the schema's order puts that of "
        + leaves[i].toDotString();
  }

  /** The index of the first of {@code columns[0, end)} at {@code path}, or -1. */
  private static int indexOf(List<ColumnChunkMetaData> columns, ColumnPath path, int end) {
    for (int i = 0; i < end; i++) {
      if (columns.get(i).getPath().equals(path)) {
        return i;
      }
    }
    return -1;
  }

  private static VariantParquetException refusal(String fileName, int rowGroup, String why) {
    // the message names the column: the exception's column would name it twice
    return new VariantParquetException(
        fileName, null, -1, FooterFailure.PREFIX + "row group " + rowGroup + " " + why, null);
  }
}
