// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Util;

/**
 * Rewrites the min and max that a Parquet file's footer states for one column, as a faulty writer
 * would: the data pages stay as they are. Layout: data, footer, 4-byte little-endian footer length,
 * "PAR1" (the Parquet format's File Format section).
 */
final class FooterStatistics {
  private static final int TAIL = 8; // footer length and magic

  private FooterStatistics() {}

  /** Sets min and max (plain-encoded values) of {@code column} (dotted path) in every row group. */
  static void patch(Path file, String column, byte[] min, byte[] max) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int footerLength =
        ByteBuffer.wrap(bytes, bytes.length - TAIL, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int footerStart = bytes.length - TAIL - footerLength;
    FileMetaData footer =
        Util.readFileMetaData(new ByteArrayInputStream(bytes, footerStart, footerLength));
    int patched = 0;
    for (RowGroup g : footer.getRow_groups()) {
      for (ColumnChunk c : g.getColumns()) {
        if (String.join(".", c.getMeta_data().getPath_in_schema()).equals(column)) {
          Statistics s = c.getMeta_data().getStatistics();
          s.setMin_value(min).setMax_value(max);
          if (s.isSetMin()) {
            s.setMin(min).setMax(max);
          }
          patched++;
        }
      }
    }
    if (patched == 0) {
      throw new IllegalArgumentException("no column " + column + " in " + file);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(bytes, 0, footerStart);
    ByteArrayOutputStream newFooter = new ByteArrayOutputStream();
    Util.writeFileMetaData(footer, newFooter);
    newFooter.writeTo(out);
    out.write(
        ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(newFooter.size()).array());
    out.write(Arrays.copyOfRange(bytes, bytes.length - 4, bytes.length));
    Files.write(file, out.toByteArray());
  }

  /** An INT64 as Parquet's plain encoding writes it. */
  static byte[] int64(long value) {
    return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
  }
}
