// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkProperties;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * {@link ParquetMetadataConverter#fromParquetMetadata(FileMetaData)} for a plain footer decoded
 * without statistics: the schema is converted by parquet-java itself (once per distinct schema, see
 * {@link FooterSchema}), the row groups and column chunks here, field for field as it converts an
 * unencrypted column chunk, but with a chunk's encodings and page encoding statistics converted
 * only when they differ from those of the last chunk of its leaf (FooterSchema keeps them across
 * footers) instead of once per chunk, each chunk's leaf found by its position in the schema, and
 * the chunk made as a plain {@link Chunk} instead of through parquet-java's canonicalizing factory
 * (every chunk of the footer is converted and checked, read or not: {@code GuardedInputFile} checks
 * them all). FooterReaderTest compares the two on every parquet-testing file.
 */
final class ChunkConversion {
  private final ParquetMetadataConverter converter;
  private final FooterSchema schema;
  private final String createdBy;
  private final Map<List<Encoding>, Set<org.apache.parquet.column.Encoding>> encodings =
      new HashMap<>();

  private ChunkConversion(ParquetMetadataConverter converter, FooterSchema schema, String by) {
    this.converter = converter;
    this.schema = schema;
    this.createdBy = by;
  }

  /**
   * The footer that {@code footer} decoded (without the column chunks' statistics).
   *
   * @throws RuntimeException where parquet-java's conversion throws (callers decline the footer)
   */
  static ParquetMetadata convert(ParquetMetadataConverter converter, FileMetaDataReader footer)
      throws IOException {
    FileMetaData thrift = footer.metaData();
    FooterSchema schema = FooterSchema.of(converter, footer);
    Map<String, String> keyValues = new HashMap<>(); // mutable, as parquet-java's
    if (thrift.getKey_value_metadata() != null) {
      for (KeyValue kv : thrift.getKey_value_metadata()) {
        keyValues.put(kv.key, kv.value);
      }
    }
    ChunkConversion c = new ChunkConversion(converter, schema, thrift.getCreated_by());
    List<RowGroup> groups = thrift.getRow_groups();
    List<BlockMetaData> blocks = new ArrayList<>(groups.size());
    for (RowGroup g : groups) {
      blocks.add(c.block(g));
    }
    return new CheckedFooter(
        new org.apache.parquet.hadoop.metadata.FileMetaData(
            schema.schema(),
            keyValues,
            thrift.getCreated_by(),
            org.apache.parquet.hadoop.metadata.FileMetaData.EncryptionType.UNENCRYPTED,
            null),
        blocks,
        RowGroupMidpoints.of(thrift));
  }

  private BlockMetaData block(RowGroup g) {
    BlockMetaData block = new BlockMetaData();
    block.setRowCount(g.getNum_rows());
    block.setTotalByteSize(g.getTotal_byte_size());
    if (g.isSetOrdinal()) {
      block.setOrdinal(g.getOrdinal());
    }
    List<ColumnChunk> columns = g.getColumns();
    String filePath = columns.get(0).getFile_path();
    for (int i = 0; i < columns.size(); i++) {
      ColumnChunk chunk = columns.get(i);
      if (filePath == null
          ? chunk.getFile_path() != null
          : !filePath.equals(chunk.getFile_path())) {
        throw new ParquetDecodingException(
            "all column chunks of the same row group must be in the same file for now");
      }
      block.addColumn(column(chunk, i, g.getOrdinal()));
    }
    block.setPath(filePath);
    return block;
  }

  private ColumnChunkMetaData column(ColumnChunk chunk, int index, short rowGroupOrdinal) {
    ColumnMetaData m = chunk.meta_data;
    int leaf = schema.leaf(m.path_in_schema, index);
    if (m.type != schema.physical(leaf)) {
      // parquet-java's conversion would keep the schema's type and read the pages as that
      throw new IllegalArgumentException("the chunk's type is not its leaf's");
    }
    ColumnChunkProperties properties =
        schema.properties(leaf, m.codec, m.encodings, this::encodings);
    List<PageEncodingStats> listed = m.getEncoding_stats();
    EncodingStats stats =
        listed == null ? null : schema.encodingStats(leaf, listed, converter::convertEncodingStats);
    Chunk c = new Chunk(stats, properties, m, this);
    c.setRowGroupOrdinal(rowGroupOrdinal);
    if (m.isSetBloom_filter_offset()) {
      c.setBloomFilterOffset(m.getBloom_filter_offset());
    }
    if (m.isSetBloom_filter_length()) {
      c.setBloomFilterLength(m.getBloom_filter_length());
    }
    if (chunk.isSetColumn_index_offset() && chunk.isSetColumn_index_length()) {
      c.setColumnIndexReference(
          new IndexReference(chunk.getColumn_index_offset(), chunk.getColumn_index_length()));
    }
    if (chunk.isSetOffset_index_offset() && chunk.isSetOffset_index_length()) {
      c.setOffsetIndexReference(
          new IndexReference(chunk.getOffset_index_offset(), chunk.getOffset_index_length()));
    }
    return c;
  }

  private Set<org.apache.parquet.column.Encoding> encodings(List<Encoding> list) {
    Set<org.apache.parquet.column.Encoding> set = encodings.get(list);
    if (set == null) {
      Set<org.apache.parquet.column.Encoding> converted = new HashSet<>();
      for (Encoding e : list) {
        converted.add(converter.getEncoding(e));
      }
      set = Collections.unmodifiableSet(converted);
      encodings.put(list, set);
    }
    return set;
  }

  /**
   * The null count of {@code chunk} as its footer states it, or -1 if it states none: from the
   * statistics of a footer read with them, else from what a footer decoded without them keeps.
   */
  static long nulls(ColumnChunkMetaData chunk) {
    if (chunk instanceof Chunk c) {
      return c.nulls;
    }
    Statistics<?> s = chunk.getStatistics();
    return s != null && s.isNumNullsSet() ? s.getNumNulls() : -1;
  }

  /**
   * A column chunk's metadata with the values parquet-java's {@code ColumnChunkMetaData.get} keeps
   * (its {@code IntColumnChunkMetaData} only stores them in less memory); its (empty) statistics
   * are made on first use, as the conversion makes them for a chunk decoded without any. The fields
   * are named and ordered as parquet-java's, for {@code ParquetMetadata.toJSON}.
   */
  private static final class Chunk extends ColumnChunkMetaData {
    private final long firstDataPageOffset;
    private final long dictionaryPageOffset;
    private final long valueCount;
    private final long totalSize;
    private final long totalUncompressedSize;
    private Statistics<?> statistics;
    private ChunkConversion from; // for the statistics; dropped once they are made
    private final long nulls; // the footer's null count, or -1 if it has none

    Chunk(
        EncodingStats stats,
        ColumnChunkProperties properties,
        ColumnMetaData m,
        ChunkConversion c) {
      super(stats, properties);
      this.firstDataPageOffset = m.data_page_offset;
      this.dictionaryPageOffset = m.dictionary_page_offset;
      this.valueCount = m.num_values;
      this.totalSize = m.total_compressed_size;
      this.totalUncompressedSize = m.total_uncompressed_size;
      this.from = c;
      this.nulls =
          m.isSetStatistics() && m.getStatistics().isSetNull_count()
              ? m.getStatistics().getNull_count()
              : -1;
    }

    @Override
    public long getFirstDataPageOffset() {
      return firstDataPageOffset;
    }

    @Override
    public long getDictionaryPageOffset() {
      return dictionaryPageOffset;
    }

    @Override
    public long getValueCount() {
      return valueCount;
    }

    @Override
    public long getTotalUncompressedSize() {
      return totalUncompressedSize;
    }

    @Override
    public long getTotalSize() {
      return totalSize;
    }

    @Override
    public Statistics<?> getStatistics() {
      if (statistics == null) {
        statistics = from.converter.fromParquetStatistics(from.createdBy, null, getPrimitiveType());
        from = null;
      }
      return statistics;
    }
  }
}
