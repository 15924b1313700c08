package io.variant.parquet.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;

/**
 * {@link ParquetMetadataConverter#fromParquetMetadata(FileMetaData)} for a plain footer decoded
 * without statistics: the schema, key-value metadata and writer are converted by parquet-java
 * itself, the row groups and column chunks here, field for field as it converts an unencrypted
 * column chunk, but with each distinct list of encodings and of page encoding statistics converted
 * once per footer instead of once per chunk, and each chunk's schema type found without copying its
 * path again. FooterReaderTest compares the two on every parquet-testing file.
 */
final class ChunkConversion {
  private final ParquetMetadataConverter converter;
  private final MessageType schema;
  private final String createdBy;
  private final Map<List<Encoding>, Set<org.apache.parquet.column.Encoding>> encodings =
      new HashMap<>();
  private final Map<List<PageEncodingStats>, EncodingStats> pageStats = new HashMap<>();

  private ChunkConversion(ParquetMetadataConverter converter, MessageType schema, String by) {
    this.converter = converter;
    this.schema = schema;
    this.createdBy = by;
  }

  /**
   * The footer {@code thrift} describes (whose column chunks carry no statistics).
   *
   * @throws RuntimeException where parquet-java's conversion throws (callers decline the footer)
   */
  static ParquetMetadata convert(ParquetMetadataConverter converter, FileMetaData thrift)
      throws java.io.IOException {
    List<RowGroup> groups = thrift.getRow_groups();
    thrift.setRow_groups(List.of()); // parquet-java converts the rest of the file's metadata
    ParquetMetadata rest = converter.fromParquetMetadata(thrift);
    ChunkConversion c =
        new ChunkConversion(converter, rest.getFileMetaData().getSchema(), thrift.getCreated_by());
    List<BlockMetaData> blocks = new ArrayList<>(groups.size());
    for (RowGroup g : groups) {
      blocks.add(c.block(g));
    }
    return new ParquetMetadata(rest.getFileMetaData(), blocks);
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
    for (ColumnChunk chunk : columns) {
      if (filePath == null
          ? chunk.getFile_path() != null
          : !filePath.equals(chunk.getFile_path())) {
        throw new ParquetDecodingException(
            "all column chunks of the same row group must be in the same file for now");
      }
      block.addColumn(column(chunk, g.getOrdinal()));
    }
    block.setPath(filePath);
    return block;
  }

  private ColumnChunkMetaData column(ColumnChunk chunk, short rowGroupOrdinal) {
    ColumnMetaData m = chunk.meta_data;
    String[] names = m.path_in_schema.toArray(new String[0]);
    ColumnPath path = ColumnPath.get(names);
    var type = schema.getType(names).asPrimitiveType();
    ColumnChunkMetaData c =
        ColumnChunkMetaData.get(
            path,
            type,
            CompressionCodecName.valueOf(m.codec.toString()),
            pageStats(m.getEncoding_stats()),
            encodings(m.encodings),
            converter.fromParquetStatistics(createdBy, null, type),
            m.data_page_offset,
            m.dictionary_page_offset,
            m.num_values,
            m.total_compressed_size,
            m.total_uncompressed_size,
            null,
            null);
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
      set = java.util.Collections.unmodifiableSet(converted);
      encodings.put(list, set);
    }
    return set;
  }

  private EncodingStats pageStats(List<PageEncodingStats> list) {
    if (list == null) {
      return null;
    }
    // immutable once built, so chunks with equal statistics may share one
    return pageStats.computeIfAbsent(list, converter::convertEncodingStats);
  }
}
