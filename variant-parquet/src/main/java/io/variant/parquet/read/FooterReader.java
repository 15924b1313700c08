package io.variant.parquet.read;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Reads a plain (unencrypted) Parquet footer with less work than {@code ParquetFileReader.open}:
 * the same thrift decoding ({@link Util#readFileMetaData}) and conversion ({@link
 * ParquetMetadataConverter#fromParquetMetadata(FileMetaData)}), but without the per-row-group
 * offset map that {@code readParquetMetadata} builds by hashing every row group's whole thrift
 * structure (only row-index features use it), and, when nothing prunes row groups, without
 * converting each column chunk's min/max statistics. On a file of a few thousand rows the footer is
 * a third of a projected read, and these were half of it.
 *
 * <p>Anything unusual (a file too short, no {@code PAR1} magic, an encrypted footer, a length or
 * structure that does not decode) returns {@code null}: the caller then reads the footer with
 * parquet-java, which reports the problem in its own words, so errors are unchanged.
 */
final class FooterReader {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private FooterReader() {}

  /**
   * The footer of {@code file}, or {@code null} if parquet-java should read it.
   *
   * @param statistics whether to keep column chunk statistics (row-group pruning reads them)
   */
  static ParquetMetadata read(InputFile file, boolean statistics) {
    try {
      long length = file.getLength();
      if (length < 12) {
        return null;
      }
      try (SeekableInputStream in = file.newStream()) {
        byte[] tail = new byte[8];
        in.seek(length - 8);
        in.readFully(tail);
        if (!Arrays.equals(tail, 4, 8, MAGIC, 0, 4)) {
          return null;
        }
        long footerLength =
            (tail[0] & 0xFFL)
                | (tail[1] & 0xFFL) << 8
                | (tail[2] & 0xFFL) << 16
                | (tail[3] & 0xFFL) << 24;
        long start = length - 8 - footerLength;
        if (start < 4) {
          return null;
        }
        byte[] footer = new byte[(int) footerLength];
        in.seek(start);
        in.readFully(footer);
        FileMetaData thrift = Util.readFileMetaData(new Bytes(footer));
        if (!statistics) {
          dropStatistics(thrift);
        }
        return new ParquetMetadataConverter().fromParquetMetadata(thrift);
      }
    } catch (Exception e) {
      return null; // parquet-java reads it again and says what is wrong
    }
  }

  /**
   * The footer's bytes as a stream for thrift, which reads them a byte or a field at a time:
   * without {@code ByteArrayInputStream}'s locks (thrift's reads were an eighth of a projected read
   * of a 3,000-row file).
   */
  private static final class Bytes extends java.io.InputStream {
    private final byte[] b;
    private int pos;

    Bytes(byte[] b) {
      this.b = b;
    }

    @Override
    public int read() {
      return pos < b.length ? b[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] to, int off, int len) {
      java.util.Objects.checkFromIndexSize(off, len, to.length);
      if (len == 0) {
        return 0;
      }
      if (pos >= b.length) {
        return -1;
      }
      int n = Math.min(len, b.length - pos);
      System.arraycopy(b, pos, to, off, n);
      pos += n;
      return n;
    }

    @Override
    public int available() {
      return b.length - pos;
    }
  }

  private static void dropStatistics(FileMetaData thrift) {
    if (thrift.getRow_groups() == null) {
      return;
    }
    for (RowGroup g : thrift.getRow_groups()) {
      if (g.getColumns() == null) {
        continue;
      }
      for (ColumnChunk c : g.getColumns()) {
        if (c.isSetMeta_data()) {
          c.getMeta_data().unsetStatistics();
        }
      }
    }
  }
}
