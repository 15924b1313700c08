// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageWriteStore;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.statistics.geospatial.GeospatialStatistics;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Counts the compressed bytes of a row group's dictionary pages, which parquet-java's page writers
 * keep apart from their pages and leave out of {@code getMemSize()}: without them a group's size
 * before it is written fell short by its dictionaries, and {@code --max-file-size} files went past
 * their size where dictionaries are large. The column writers write through {@link #pages}, which
 * hands everything to parquet-java's page writers; each dictionary page is measured by the bytes
 * {@link #compressor} gives out while it is written. <b>Thread safety:</b> none (a row group's).
 */
final class DictionaryPageBytes {
  private final CompressionCodecFactory.BytesInputCompressor codec;
  private long lastCompressed; // bytes the compressor gave out in its last call
  private long dictionaries;

  DictionaryPageBytes(CompressionCodecFactory.BytesInputCompressor codec) {
    this.codec = codec;
  }

  /** The compressed bytes of the dictionary pages written so far. */
  long bytes() {
    return dictionaries;
  }

  /** The compressor to give the page writers: {@code codec}, measured. */
  CompressionCodecFactory.BytesInputCompressor compressor() {
    return new CompressionCodecFactory.BytesInputCompressor() {
      @Override
      public BytesInput compress(BytesInput bytes) throws IOException {
        BytesInput out = codec.compress(bytes);
        lastCompressed = out.size();
        return out;
      }

      @Override
      public CompressionCodecName getCodecName() {
        return codec.getCodecName();
      }

      @Override
      public void release() {
        codec.release();
      }
    };
  }

  /** {@code store}'s page writers, each dictionary page measured as it is written. */
  PageWriteStore pages(PageWriteStore store) {
    return column -> measured(store.getPageWriter(column));
  }

  private PageWriter measured(PageWriter w) {
    return new PageWriter() {
      @Override
      public void writeDictionaryPage(DictionaryPage page) throws IOException {
        lastCompressed = 0;
        w.writeDictionaryPage(page);
        dictionaries += lastCompressed;
      }

      @Override
      public void writePage(
          BytesInput bytes,
          int valueCount,
          Statistics<?> statistics,
          Encoding rl,
          Encoding dl,
          Encoding values)
          throws IOException {
        w.writePage(bytes, valueCount, statistics, rl, dl, values);
      }

      @Override
      public void writePage(
          BytesInput bytes,
          int valueCount,
          int rowCount,
          Statistics<?> statistics,
          Encoding rl,
          Encoding dl,
          Encoding values)
          throws IOException {
        w.writePage(bytes, valueCount, rowCount, statistics, rl, dl, values);
      }

      @Override
      public void writePage(
          BytesInput bytes,
          int valueCount,
          int rowCount,
          Statistics<?> statistics,
          SizeStatistics sizes,
          Encoding rl,
          Encoding dl,
          Encoding values)
          throws IOException {
        w.writePage(bytes, valueCount, rowCount, statistics, sizes, rl, dl, values);
      }

      @Override
      public void writePage(
          BytesInput bytes,
          int valueCount,
          int rowCount,
          Statistics<?> statistics,
          SizeStatistics sizes,
          GeospatialStatistics geospatial,
          Encoding rl,
          Encoding dl,
          Encoding values)
          throws IOException {
        w.writePage(bytes, valueCount, rowCount, statistics, sizes, geospatial, rl, dl, values);
      }

      @Override
      public void writePageV2(
          int rowCount,
          int nullCount,
          int valueCount,
          BytesInput repetitionLevels,
          BytesInput definitionLevels,
          Encoding dataEncoding,
          BytesInput data,
          Statistics<?> statistics)
          throws IOException {
        w.writePageV2(
            rowCount,
            nullCount,
            valueCount,
            repetitionLevels,
            definitionLevels,
            dataEncoding,
            data,
            statistics);
      }

      @Override
      public void writePageV2(
          int rowCount,
          int nullCount,
          int valueCount,
          BytesInput repetitionLevels,
          BytesInput definitionLevels,
          Encoding dataEncoding,
          BytesInput data,
          Statistics<?> statistics,
          SizeStatistics sizes)
          throws IOException {
        w.writePageV2(
            rowCount,
            nullCount,
            valueCount,
            repetitionLevels,
            definitionLevels,
            dataEncoding,
            data,
            statistics,
            sizes);
      }

      @Override
      public void writePageV2(
          int rowCount,
          int nullCount,
          int valueCount,
          BytesInput repetitionLevels,
          BytesInput definitionLevels,
          Encoding dataEncoding,
          BytesInput data,
          Statistics<?> statistics,
          SizeStatistics sizes,
          GeospatialStatistics geospatial)
          throws IOException {
        w.writePageV2(
            rowCount,
            nullCount,
            valueCount,
            repetitionLevels,
            definitionLevels,
            dataEncoding,
            data,
            statistics,
            sizes,
            geospatial);
      }

      @Override
      public long getMemSize() {
        return w.getMemSize();
      }

      @Override
      public long allocatedSize() {
        return w.allocatedSize();
      }

      @Override
      public String memUsageString(String prefix) {
        return w.memUsageString(prefix);
      }

      @Override
      public void close() {
        w.close();
      }
    };
  }
}
