// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.peer;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * parquet-java's own column readers on every leaf of a file, column after column: each level and
 * each value decoded (binaries as their bytes), no record assembled. What decoding a file's columns
 * costs before anything is made of them ({@code DecodeFloor}).
 */
public final class ParquetJavaColumns {
  private ParquetJavaColumns() {}

  /** Decodes every leaf of {@code file}; returns the row count. */
  public static long decode(Path file) throws IOException {
    long rows = 0;
    long sink = 0;
    try (ParquetFileReader r = open(file)) {
      MessageType schema = r.getFooter().getFileMetaData().getSchema();
      String createdBy = r.getFooter().getFileMetaData().getCreatedBy();
      GroupConverter ignored = new Ignored(schema);
      for (PageReadStore pages = r.readNextRowGroup();
          pages != null;
          pages = r.readNextRowGroup()) {
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, ignored, schema, createdBy);
        for (ColumnDescriptor c : schema.getColumns()) {
          sink += column(store.getColumnReader(c), c);
        }
        rows += pages.getRowCount();
      }
    }
    return sink == Long.MIN_VALUE ? -1 : rows; // the sink keeps the reads alive
  }

  /** The number of leaf columns of {@code file}. */
  public static int leaves(Path file) throws IOException {
    try (ParquetFileReader r = open(file)) {
      return r.getFooter().getFileMetaData().getSchema().getColumns().size();
    }
  }

  private static ParquetFileReader open(Path file) throws IOException {
    return ParquetFileReader.open(
        new LocalInputFile(file),
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build());
  }

  private static long column(ColumnReader reader, ColumnDescriptor c) {
    int max = c.getMaxDefinitionLevel();
    PrimitiveTypeName type = c.getPrimitiveType().getPrimitiveTypeName();
    long sink = 0;
    for (long i = reader.getTotalValueCount(); i > 0; i--) {
      int d = reader.getCurrentDefinitionLevel();
      sink += d;
      if (d == max) {
        sink +=
            switch (type) {
              case INT64 -> reader.getLong();
              case INT32 -> reader.getInteger();
              case BOOLEAN -> reader.getBoolean() ? 1 : 0;
              case DOUBLE -> (long) reader.getDouble();
              case FLOAT -> (long) reader.getFloat();
              default -> reader.getBinary().getBytesUnsafe().length;
            };
      }
      reader.consume();
    }
    return sink;
  }

  /** A converter tree that parquet-java's column store asks for and this decode never feeds. */
  private static final class Ignored extends GroupConverter {
    private final Converter[] children;

    Ignored(GroupType g) {
      children = new Converter[g.getFieldCount()];
      for (int i = 0; i < children.length; i++) {
        children[i] =
            g.getType(i).isPrimitive()
                ? new PrimitiveConverter() {}
                : new Ignored(g.getType(i).asGroupType());
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return children[fieldIndex];
    }

    @Override
    public void start() {}

    @Override
    public void end() {}
  }
}
