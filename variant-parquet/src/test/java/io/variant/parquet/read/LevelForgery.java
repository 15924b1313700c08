// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;

/**
 * Test-only: the entries (levels and values) of every leaf of a one-row-group file, copied into a
 * new file with some levels changed on the way. The pages are parquet-java's own, written column by
 * column with their checksums, so the changed levels reach the decoders as a hostile writer would
 * store them; no record assembly checks that the leaves still agree, as none can for levels that no
 * record has.
 */
public final class LevelForgery {
  /**
   * One entry of a leaf: its levels, and its value ({@code Binary}, {@code Long}, {@code Integer},
   * {@code Boolean}, {@code Float}, {@code Double}) when its definition level is the leaf's
   * maximum.
   */
  public record Entry(int r, int d, Object value) {}

  private final MessageType schema;
  private final long rows;
  private final Map<String, List<Entry>> leaves = new LinkedHashMap<>(); // by dotted path

  private LevelForgery(MessageType schema, long rows) {
    this.schema = schema;
    this.rows = rows;
  }

  /** The leaves of {@code file}, which must hold one row group. */
  public static LevelForgery of(Path file) throws IOException {
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            new LocalInputFile(file),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      if (reader.getRowGroups().size() != 1) {
        throw new IllegalArgumentException(
            file + " has " + reader.getRowGroups().size() + " groups");
      }
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      PageReadStore group = reader.readNextRowGroup();
      LevelForgery f = new LevelForgery(schema, group.getRowCount());
      ColumnReadStoreImpl store =
          new ColumnReadStoreImpl(
              group, new GroupRecordConverter(schema).getRootConverter(), schema, null);
      for (ColumnDescriptor c : schema.getColumns()) {
        ColumnReader r = store.getColumnReader(c);
        List<Entry> entries = new ArrayList<>();
        for (long i = r.getTotalValueCount(); i > 0; i--) {
          int d = r.getCurrentDefinitionLevel();
          Object value = d == c.getMaxDefinitionLevel() ? value(r, c) : null;
          entries.add(new Entry(r.getCurrentRepetitionLevel(), d, value));
          r.consume();
        }
        f.leaves.put(String.join(".", c.getPath()), entries);
      }
      return f;
    }
  }

  private static Object value(ColumnReader r, ColumnDescriptor c) {
    return switch (c.getPrimitiveType().getPrimitiveTypeName()) {
      case INT64 -> r.getLong();
      case INT32 -> r.getInteger();
      case BOOLEAN -> r.getBoolean();
      case FLOAT -> r.getFloat();
      case DOUBLE -> r.getDouble();
      default -> r.getBinary().copy();
    };
  }

  /** The schema of the file. */
  public MessageType schema() {
    return schema;
  }

  /** Leaf {@code column}'s entries, in order. */
  public List<Entry> entries(String column) {
    List<Entry> e = leaves.get(column);
    if (e == null) {
      throw new IllegalArgumentException("no leaf " + column + " in " + leaves.keySet());
    }
    return e;
  }

  /** The index among {@code column}'s entries of the first entry of row {@code row}. */
  public int firstOfRow(String column, int row) {
    List<Entry> e = entries(column);
    int seen = -1;
    for (int i = 0; i < e.size(); i++) {
      if (e.get(i).r() == 0 && ++seen == row) {
        return i;
      }
    }
    throw new IllegalArgumentException(column + " has no row " + row);
  }

  /**
   * Changes the levels of entry {@code index} of {@code column}; its value stays, and a level below
   * the maximum drops it.
   */
  public LevelForgery levels(String column, int index, int r, int d) {
    List<Entry> e = entries(column);
    Object value = e.get(index).value();
    int max = schema.getColumnDescription(column.split("\\.")).getMaxDefinitionLevel();
    if (d == max && value == null) {
      throw new IllegalArgumentException("entry " + index + " of " + column + " has no value");
    }
    e.set(index, new Entry(r, d, d == max ? value : null));
    return this;
  }

  /** Writes the leaves, as they are now, to {@code file}: one row group, uncompressed v1 pages. */
  public Path write(Path file) throws IOException {
    ParquetProperties props =
        ParquetProperties.builder()
            .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
            .withDictionaryEncoding(false)
            .withPageWriteChecksumEnabled(true)
            .withSizeStatisticsEnabled(false) // they count entries by level, up to the maximum only
            .build();
    ParquetFileWriter out =
        new ParquetFileWriter(
            new LocalOutputFile(file),
            schema,
            ParquetFileWriter.Mode.OVERWRITE,
            ParquetWriter.DEFAULT_BLOCK_SIZE,
            ParquetWriter.MAX_PADDING_SIZE_DEFAULT,
            null,
            props);
    out.start();
    ColumnChunkPageWriteStore pages =
        ColumnChunkPageWriteStore.builder()
            .withCompressorProvider(
                d ->
                    new CodecFactory(new PlainParquetConfiguration(), 0)
                        .getCompressor(CompressionCodecName.UNCOMPRESSED))
            .withSchema(schema)
            .withAllocator(props.getAllocator())
            .withColumnIndexTruncateLength(props.getColumnIndexTruncateLength())
            .withPageWriteChecksumEnabled(true)
            .build();
    ColumnWriteStore store = props.newColumnWriteStore(schema, pages);
    for (ColumnDescriptor c : schema.getColumns()) {
      ColumnWriter w = store.getColumnWriter(c);
      for (Entry e : entries(String.join(".", c.getPath()))) {
        write(w, e);
      }
    }
    for (long i = 0; i < rows; i++) {
      store.endRecord();
    }
    store.flush();
    out.startBlock(rows);
    pages.flushToFileWriter(out);
    out.endBlock();
    out.end(Map.of());
    store.close();
    pages.close();
    return file;
  }

  private static void write(ColumnWriter w, Entry e) {
    Object v = e.value();
    if (v == null) {
      w.writeNull(e.r(), e.d());
    } else if (v instanceof Binary b) {
      w.write(b, e.r(), e.d());
    } else if (v instanceof Long l) {
      w.write(l, e.r(), e.d());
    } else if (v instanceof Integer i) {
      w.write(i, e.r(), e.d());
    } else if (v instanceof Boolean b) {
      w.write(b, e.r(), e.d());
    } else if (v instanceof Float f) {
      w.write(f, e.r(), e.d());
    } else {
      w.write((Double) v, e.r(), e.d());
    }
  }
}
