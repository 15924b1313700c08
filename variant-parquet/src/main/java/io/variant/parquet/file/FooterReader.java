// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Reads a plain (unencrypted) Parquet footer with less work than {@code ParquetFileReader.open}:
 * the thrift structure is decoded by {@link FileMetaDataReader} (without the column chunks'
 * statistics unless asked for), then converted by parquet-java's own {@code
 * ParquetMetadataConverter.fromParquetMetadata} (with statistics, less the min and max that {@link
 * StatisticsTrust} finds bound nothing) or {@link ChunkConversion} (without, and with the schema
 * decoded and converted only if no equal one was); it skips the per-row-group offset map that
 * {@code readParquetMetadata} builds by hashing every row group's whole thrift structure (only
 * row-index features use it). On a file of a few thousand rows, parquet-java's footer reading was a
 * quarter of a projected read.
 *
 * <p>Anything unusual (a file too short, no {@code PAR1} magic at its end, an encrypted footer, a
 * length or structure that does not decode exactly as thrift would decode it, parts of the footer
 * that contradict each other) returns {@code null}: the caller then reads the footer with
 * parquet-java, which reports the problem in its own words, and the guard ({@code
 * GuardedInputFile}) asks {@link #contradiction} of a footer this reader did not make.
 */
public final class FooterReader {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  /** Stateless once made, and shared the same way by parquet-java's own file reader. */
  private static final ParquetMetadataConverter CONVERTER = new ParquetMetadataConverter();

  private FooterReader() {}

  /**
   * The footer of {@code file}, or {@code null} if parquet-java should read it.
   *
   * @param statistics whether to keep column chunk statistics (row-group pruning reads them)
   */
  public static ParquetMetadata read(InputFile file, boolean statistics) {
    try {
      byte[] footer = footerBytes(file);
      if (footer == null) {
        return null;
      }
      return withRowIndexOffsets(
          statistics
              ? withStatistics(FileMetaDataReader.read(footer, true))
              : ChunkConversion.convert(CONVERTER, FileMetaDataReader.decode(footer, false)));
    } catch (Exception e) {
      return null; // parquet-java reads it again and says what is wrong
    }
  }

  private static ParquetMetadata withStatistics(FileMetaData thrift) throws IOException {
    if (FooterContradictions.of(thrift).isPresent()) {
      throw new IllegalArgumentException("contradictory footer"); // declined
    }
    StatisticsTrust.dropUntrusted(thrift);
    ParquetMetadata converted = CONVERTER.fromParquetMetadata(thrift);
    return new CheckedFooter(
        converted.getFileMetaData(), converted.getBlocks(), RowGroupMidpoints.of(thrift));
  }

  /**
   * Whether {@code footer} was made by {@link #read}, which checked what {@link #contradiction}
   * checks; false for any other footer, whatever it holds.
   */
  public static boolean isChecked(ParquetMetadata footer) {
    return footer instanceof CheckedFooter;
  }

  /**
   * The first contradiction in {@code file} that its footer, once converted to {@code
   * ParquetMetadata}, no longer shows, in one line; empty if there is none or the footer is not a
   * plain one (an encrypted footer: parquet-java decrypts it). The contradictions: a column chunk
   * whose physical type is not its schema element's, and a schema element whose logical and
   * converted types disagree (spec: LogicalTypes.md, each type's compatibility rules).
   *
   * @throws IOException if the file cannot be read, or its footer does not decode
   */
  public static Optional<String> contradiction(InputFile file) throws IOException {
    byte[] footer = footerBytes(file);
    if (footer == null) {
      return Optional.empty();
    }
    return FooterContradictions.of(Util.readFileMetaData(new ByteArrayInputStream(footer)));
  }

  /**
   * {@code footer}, each row group given the index of its first row in the file, as parquet-java's
   * own footer reader does (its conversion of a decoded footer does not): a reader that prunes row
   * groups then still knows which rows of the file it reads.
   */
  private static ParquetMetadata withRowIndexOffsets(ParquetMetadata footer) {
    long offset = 0;
    for (BlockMetaData block : footer.getBlocks()) {
      block.setRowIndexOffset(offset);
      offset += block.getRowCount();
    }
    return footer;
  }

  /**
   * The null count of {@code chunk} as its footer states it, or -1 if it states none: from the
   * statistics of a footer read with them, else from what {@link #read} keeps of a footer read
   * without them (one varint per chunk).
   */
  public static long nullCount(ColumnChunkMetaData chunk) {
    return ChunkConversion.nulls(chunk);
  }

  /**
   * The serialized {@code FileMetaData}, or {@code null} if the file's tail is not a footer's. The
   * magic that starts a file is not read: on an object store that is a request of its own for each
   * file, a footer-only command's requests would double, and a damaged first 4 bytes change no
   * value that any reader returns (the pages start after them).
   */
  static byte[] footerBytes(InputFile file) throws IOException {
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
      return footer;
    }
  }
}
