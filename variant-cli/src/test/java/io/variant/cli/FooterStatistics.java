// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.testkit.ForgedFooterFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Statistics;

/**
 * Rewrites the min and max that a Parquet file's footer states for one column, as a faulty writer
 * would: the data pages stay as they are ({@link ForgedFooterFile}).
 */
final class FooterStatistics {
  private FooterStatistics() {}

  /** Sets min and max (plain-encoded values) of {@code column} (dotted path) in every row group. */
  static void patch(Path file, String column, byte[] min, byte[] max) throws IOException {
    int[] patched = {0};
    ForgedFooterFile.write(
        file,
        file,
        footer -> {
          for (RowGroup g : footer.getRow_groups()) {
            for (ColumnChunk c : g.getColumns()) {
              if (String.join(".", c.getMeta_data().getPath_in_schema()).equals(column)) {
                Statistics s = c.getMeta_data().getStatistics();
                s.setMin_value(min).setMax_value(max);
                if (s.isSetMin()) {
                  s.setMin(min).setMax(max);
                }
                patched[0]++;
              }
            }
          }
        });
    if (patched[0] == 0) {
      throw new IllegalArgumentException("no column " + column + " in " + file);
    }
  }

  /** An INT64 as Parquet's plain encoding writes it. */
  static byte[] int64(long value) {
    return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
  }
}
