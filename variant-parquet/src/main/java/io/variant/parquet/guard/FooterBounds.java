// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import io.variant.parquet.VariantParquetException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.schema.MessageType;

/**
 * Checks a footer's claims about where its column chunks lie before parquet-java acts on them: it
 * reads (and allocates buffers for) whatever byte range a chunk claims, so a forged offset or size
 * must not get that far. Every chunk must lie after the leading magic and before the footer tail,
 * must not overlap another, and its first data page must lie inside it; row and value counts must
 * not be negative, and a row group's row count must match its columns' value counts (equal outside
 * repeated fields, at most inside). Each row group must list one chunk per leaf column, in the
 * schema's order ({@link LeafCoverage}).
 */
final class FooterBounds {
  /** The magic at the start of a Parquet file. spec: parquet-format §File format */
  private static final int LEADING_MAGIC_BYTES = 4;

  /** The footer length (4 bytes) and the closing magic (4 bytes). */
  private static final int TAIL_BYTES = 8;

  /**
   * One column chunk: bytes {@code [start, end)} of the file, its column path and codec, its row
   * group's index in the footer (from 0; messages count from 1, as {@code variant meta} does), what
   * the footer says of its encodings and whether it has a dictionary page, and where its offset
   * index lies (offset -1 and length 0 if it has none).
   */
  record Chunk(
      long start,
      long end,
      ColumnPath path,
      CompressionCodecName codec,
      long valueCount,
      int rowGroup,
      PageEncodings encodings,
      boolean dictionaryPage,
      long offsetIndexOffset,
      int offsetIndexLength) {
    /** The dotted column path, for messages (made only for one). */
    String column() {
      return path.toDotString();
    }
  }

  /** One schema's leaf columns in schema order, with their maximum levels. */
  private record Leaves(
      MessageType schema, ColumnPath[] paths, int[] repetition, int[] definition) {
    static Leaves of(MessageType schema) {
      List<ColumnDescriptor> columns = schema.getColumns();
      ColumnPath[] paths = new ColumnPath[columns.size()];
      int[] repetition = new int[paths.length];
      int[] definition = new int[paths.length];
      for (int i = 0; i < paths.length; i++) {
        paths[i] = ColumnPath.get(columns.get(i).getPath());
        repetition[i] = columns.get(i).getMaxRepetitionLevel();
        definition[i] = columns.get(i).getMaxDefinitionLevel();
      }
      return new Leaves(schema, paths, repetition, definition);
    }
  }

  // the leaves of the schema of the last footer checked: readers of files written alike get the
  // same schema object (see io.variant.parquet.file.FooterSchema), and walking it for each column
  // chunk was half of this check on a footer of 36 columns
  private static volatile Leaves last;

  private FooterBounds() {}

  private static Leaves leaves(MessageType schema) {
    Leaves known = last;
    if (known == null || known.schema() != schema) {
      known = Leaves.of(schema);
      last = known;
    }
    return known;
  }

  /**
   * The footer's column chunks, sorted by position.
   *
   * @throws VariantParquetException naming the column if a chunk lies outside the data region,
   *     overlaps another, or has a negative count
   */
  static List<Chunk> check(ParquetMetadata footer, long fileLength, String fileName) {
    try {
      return sortedChunks(footer, fileLength, fileName);
    } catch (VariantParquetException e) {
      throw e;
    } catch (
        RuntimeException e) { // parquet-java's, for a chunk whose column path is not in the schema
      throw new VariantParquetException(
          fileName, null, -1, FooterFailure.PREFIX + FooterFailure.UNKNOWN_COLUMN, e);
    }
  }

  private static List<Chunk> sortedChunks(
      ParquetMetadata footer, long fileLength, String fileName) {
    List<Chunk> chunks = new ArrayList<>();
    Leaves leaves = leaves(footer.getFileMetaData().getSchema());
    int rowGroup = 0;
    for (BlockMetaData block : footer.getBlocks()) {
      rowGroup++;
      LeafCoverage.check(block.getColumns(), leaves.paths(), rowGroup, fileName);
      if (block.getRowCount() < 0) {
        throw new VariantParquetException(
            fileName,
            null,
            -1,
            "Cannot read the Parquet footer: a row group claims " + block.getRowCount() + " rows",
            null);
      }
      List<ColumnChunkMetaData> columns = block.getColumns();
      for (int i = 0; i < columns.size(); i++) {
        ColumnChunkMetaData c = columns.get(i);
        // chunk i is leaf i: LeafCoverage checked
        Chunk chunk =
            chunk(
                c,
                fileLength,
                fileName,
                rowGroup - 1,
                leaves.repetition()[i],
                leaves.definition()[i]);
        // Every row adds at least one entry (a value or a null) to every leaf column, and exactly
        // one to a column outside any repeated field. More rows than that would have parquet-java
        // make up rows from nothing (up to 2^63 of them); fewer would silently drop the rest.
        boolean flat = leaves.repetition()[i] == 0;
        if (block.getRowCount() > c.getValueCount()
            || flat && block.getRowCount() != c.getValueCount()) {
          throw new VariantParquetException(
              fileName,
              chunk.column(),
              -1,
              "Cannot read the Parquet footer: a row group claims "
                  + block.getRowCount()
                  + " rows but its column chunk holds "
                  + c.getValueCount()
                  + " values",
              null);
        }
        chunks.add(chunk);
      }
    }
    chunks.sort(Comparator.comparingLong(Chunk::start));
    for (int i = 1; i < chunks.size(); i++) {
      Chunk before = chunks.get(i - 1);
      Chunk after = chunks.get(i);
      if (after.start() < before.end()) {
        throw new VariantParquetException(
            fileName,
            after.column(),
            -1,
            "Cannot read the Parquet footer: the column chunk at bytes ["
                + after.start()
                + ", "
                + after.end()
                + ") overlaps that of "
                + before.column()
                + " at ["
                + before.start()
                + ", "
                + before.end()
                + ")",
            null);
      }
    }
    return chunks;
  }

  private static Chunk chunk(
      ColumnChunkMetaData c,
      long fileLength,
      String fileName,
      int rowGroup,
      int maxRepetition,
      int maxDefinition) {
    ColumnPath path = c.getPath();
    long start = c.getStartingPos();
    long size = c.getTotalSize();
    long dataEnd = fileLength - TAIL_BYTES;
    if (start < LEADING_MAGIC_BYTES || size <= 0 || size > dataEnd - start) {
      throw new VariantParquetException(
          fileName,
          path.toDotString(),
          -1,
          "Cannot read the Parquet footer: a column chunk claims "
              + size
              + " bytes at byte "
              + start
              + ", outside the data region ["
              + LEADING_MAGIC_BYTES
              + ", "
              + dataEnd
              + ") of the "
              + fileLength
              + "-byte file",
          null);
    }
    long firstData = c.getFirstDataPageOffset();
    if (firstData < start || firstData >= start + size) {
      throw new VariantParquetException(
          fileName,
          path.toDotString(),
          -1,
          "Cannot read the Parquet footer: the first data page at byte "
              + firstData
              + " lies outside its column chunk ["
              + start
              + ", "
              + (start + size)
              + ")",
          null);
    }
    if (c.getValueCount() < 0) {
      throw new VariantParquetException(
          fileName,
          path.toDotString(),
          -1,
          "Cannot read the Parquet footer: a column chunk claims " + c.getValueCount() + " values",
          null);
    }
    String missing = requiredClass(c.getCodec());
    if (missing != null && !onClassPath(missing)) {
      throw new VariantParquetException(
          fileName,
          path.toDotString(),
          -1,
          "Cannot read the column chunk: its codec "
              + c.getCodec()
              + " needs "
              + missing
              + ", which is not on the class path (always readable: UNCOMPRESSED, SNAPPY, GZIP,"
              + " ZSTD, LZ4_RAW)",
          null);
    }
    IndexReference pages = c.getOffsetIndexReference();
    return new Chunk(
        start,
        start + size,
        path,
        c.getCodec(),
        c.getValueCount(),
        rowGroup,
        PageEncodings.of(c, maxRepetition, maxDefinition),
        c.hasDictionaryPage(),
        pages == null ? -1 : pages.getOffset(),
        pages == null ? 0 : pages.getLength());
  }

  /**
   * The class a codec's decompressor needs beyond this module's dependencies, or null. Without the
   * check a file naming such a codec (found by fuzzing: a forged codec field) ends in {@link
   * NoClassDefFoundError} from deep inside parquet-java, an {@code Error} that callers do not
   * expect from a damaged file.
   */
  private static String requiredClass(CompressionCodecName codec) {
    return switch (codec) {
      case UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW -> null;
      case LZ4 -> "net.jpountz.lz4.LZ4Factory"; // Hadoop's Lz4Codec decompresses through lz4-java
      case LZO, BROTLI -> codec.getHadoopCompressionCodecClassName();
    };
  }

  private static boolean onClassPath(String className) {
    try {
      Class.forName(className, false, FooterBounds.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
