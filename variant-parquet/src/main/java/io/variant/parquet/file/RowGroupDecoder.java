// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import static io.variant.parquet.file.CompactReader.BINARY;
import static io.variant.parquet.file.CompactReader.I16;
import static io.variant.parquet.file.CompactReader.I32;
import static io.variant.parquet.file.CompactReader.I64;
import static io.variant.parquet.file.CompactReader.LIST;
import static io.variant.parquet.file.CompactReader.STRUCT;
import static io.variant.parquet.file.CompactReader.TRUE;
import static io.variant.parquet.file.CompactReader.declineIf;
import static io.variant.parquet.file.CompactReader.known;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.GeospatialStatistics;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SizeStatistics;
import org.apache.parquet.format.SortingColumn;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Type;

/**
 * Decodes a footer's row groups for {@link FileMetaDataReader}, struct by struct of parquet.thrift
 * ({@code RowGroup}, {@code ColumnChunk}, {@code ColumnMetaData}, {@code PageEncodingStats}, {@code
 * SortingColumn}), each a switch over its field ids, with the same decline rules: a required field
 * missing, an unknown enum value or an encrypted column throws {@link CompactReader.Malformed}.
 * Without statistics, a chunk's {@code statistics} keep only the null count and its {@code
 * size_statistics} and {@code geospatial_statistics} are left unset.
 */
final class RowGroupDecoder {
  private final CompactReader in;
  private final boolean statistics;

  /**
   * @param statistics whether to decode the column chunks' statistics
   */
  RowGroupDecoder(CompactReader in, boolean statistics) {
    this.in = in;
    this.statistics = statistics;
  }

  /** The RowGroup struct that starts at the reader's position. */
  RowGroup rowGroup() {
    RowGroup g = new RowGroup();
    in.structBegin();
    while (in.nextField()) {
      switch (in.fieldId) {
        case 1 -> {
          if (in.expect(LIST)) {
            int n = in.listBegin(STRUCT);
            List<ColumnChunk> columns = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              columns.add(columnChunk());
            }
            g.setColumns(columns);
          }
        }
        case 2 -> {
          if (in.expect(I64)) {
            g.setTotal_byte_size(in.readI64());
          }
        }
        case 3 -> {
          if (in.expect(I64)) {
            g.setNum_rows(in.readI64());
          }
        }
        case 4 -> {
          if (in.expect(LIST)) {
            int n = in.listBegin(STRUCT);
            List<SortingColumn> sorting = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              sorting.add(sortingColumn());
            }
            g.setSorting_columns(sorting);
          }
        }
        case 5 -> {
          if (in.expect(I64)) {
            g.setFile_offset(in.readI64());
          }
        }
        case 6 -> {
          if (in.expect(I64)) {
            g.setTotal_compressed_size(in.readI64());
          }
        }
        case 7 -> {
          if (in.expect(I16)) {
            g.setOrdinal(in.readI16());
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    declineIf(!g.isSetColumns() || !g.isSetTotal_byte_size() || !g.isSetNum_rows());
    return g;
  }

  private ColumnChunk columnChunk() {
    ColumnChunk c = new ColumnChunk();
    in.structBegin();
    while (in.nextField()) {
      switch (in.fieldId) {
        case 1 -> {
          if (in.expect(BINARY)) {
            c.setFile_path(in.readString());
          }
        }
        case 2 -> {
          if (in.expect(I64)) {
            c.setFile_offset(in.readI64());
          }
        }
        case 3 -> {
          if (in.expect(STRUCT)) {
            c.setMeta_data(columnMetaData());
          }
        }
        case 4 -> {
          if (in.expect(I64)) {
            c.setOffset_index_offset(in.readI64());
          }
        }
        case 5 -> {
          if (in.expect(I32)) {
            c.setOffset_index_length(in.readI32());
          }
        }
        case 6 -> {
          if (in.expect(I64)) {
            c.setColumn_index_offset(in.readI64());
          }
        }
        case 7 -> {
          if (in.expect(I32)) {
            c.setColumn_index_length(in.readI32());
          }
        }
        case 8, 9 -> declineIf(true); // an encrypted column
        default -> in.skipField();
      }
    }
    in.structEnd();
    declineIf(!c.isSetFile_offset());
    return c;
  }

  private ColumnMetaData columnMetaData() {
    ColumnMetaData m = new ColumnMetaData();
    in.structBegin();
    while (in.nextField()) {
      switch (in.fieldId) {
        case 1 -> {
          if (in.expect(I32)) {
            m.setType(known(Type.findByValue(in.readI32())));
          }
        }
        case 2 -> {
          if (in.expect(LIST)) {
            int n = in.listBegin(I32);
            List<Encoding> encodings = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              encodings.add(known(Encoding.findByValue(in.readI32())));
            }
            m.setEncodings(encodings);
          }
        }
        case 3 -> {
          if (in.expect(LIST)) {
            int n = in.listBegin(BINARY);
            List<String> path = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              path.add(in.readString());
            }
            m.setPath_in_schema(path);
          }
        }
        case 4 -> {
          if (in.expect(I32)) {
            m.setCodec(known(CompressionCodec.findByValue(in.readI32())));
          }
        }
        case 5 -> {
          if (in.expect(I64)) {
            m.setNum_values(in.readI64());
          }
        }
        case 6 -> {
          if (in.expect(I64)) {
            m.setTotal_uncompressed_size(in.readI64());
          }
        }
        case 7 -> {
          if (in.expect(I64)) {
            m.setTotal_compressed_size(in.readI64());
          }
        }
        case 8 -> {
          if (in.expect(LIST)) {
            m.setKey_value_metadata(FileMetaDataReader.keyValues(in));
          }
        }
        case 9 -> {
          if (in.expect(I64)) {
            m.setData_page_offset(in.readI64());
          }
        }
        case 10 -> {
          if (in.expect(I64)) {
            m.setIndex_page_offset(in.readI64());
          }
        }
        case 11 -> {
          if (in.expect(I64)) {
            m.setDictionary_page_offset(in.readI64());
          }
        }
        case 12 -> {
          // Statistics holds only binaries, integers and booleans: skipping reads what thrift reads
          if (in.expect(STRUCT)) {
            m.setStatistics(
                statistics ? GeneratedStruct.read(in, new Statistics(), false) : nullCount());
          }
        }
        case 13 -> {
          if (in.expect(LIST)) {
            int n = in.listBegin(STRUCT);
            List<PageEncodingStats> stats = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              stats.add(pageEncodingStats());
            }
            m.setEncoding_stats(stats);
          }
        }
        case 14 -> {
          if (in.expect(I64)) {
            m.setBloom_filter_offset(in.readI64());
          }
        }
        case 15 -> {
          if (in.expect(I32)) {
            m.setBloom_filter_length(in.readI32());
          }
        }
        case 16 -> {
          if (in.expect(STRUCT)) {
            if (statistics) {
              m.setSize_statistics(GeneratedStruct.read(in, new SizeStatistics(), false));
            } else {
              skipSizeStatistics();
            }
          }
        }
        case 17 -> {
          if (in.expect(STRUCT)) {
            GeospatialStatistics s = GeneratedStruct.read(in, new GeospatialStatistics(), false);
            if (statistics) {
              m.setGeospatial_statistics(s);
            }
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    declineIf(
        !m.isSetType()
            || !m.isSetEncodings()
            || !m.isSetPath_in_schema()
            || !m.isSetCodec()
            || !m.isSetNum_values()
            || !m.isSetTotal_uncompressed_size()
            || !m.isSetTotal_compressed_size()
            || !m.isSetData_page_offset());
    return m;
  }

  private PageEncodingStats pageEncodingStats() {
    PageEncodingStats s = new PageEncodingStats();
    in.structBegin();
    while (in.nextField()) {
      switch (in.fieldId) {
        case 1 -> {
          if (in.expect(I32)) {
            s.setPage_type(known(PageType.findByValue(in.readI32())));
          }
        }
        case 2 -> {
          if (in.expect(I32)) {
            s.setEncoding(known(Encoding.findByValue(in.readI32())));
          }
        }
        case 3 -> {
          if (in.expect(I32)) {
            s.setCount(in.readI32());
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    declineIf(!s.isSetPage_type() || !s.isSetEncoding() || !s.isSetCount());
    return s;
  }

  private SortingColumn sortingColumn() {
    SortingColumn s = new SortingColumn();
    in.structBegin();
    while (in.nextField()) {
      if (in.fieldId == 1 && in.expect(I32)) {
        s.setColumn_idx(in.readI32());
      } else if (in.fieldId == 2 && in.expect(TRUE)) {
        s.setDescending(in.fieldBoolean());
      } else if (in.fieldId == 3 && in.expect(TRUE)) {
        s.setNulls_first(in.fieldBoolean());
      } else if (in.fieldId < 1 || in.fieldId > 3) {
        in.skipField();
      }
    }
    in.structEnd();
    declineIf(!s.isSetColumn_idx() || !s.isSetDescending() || !s.isSetNulls_first());
    return s;
  }

  /**
   * A Statistics struct with only its {@code null_count} kept (the rest skipped, as without
   * statistics): a projection that one typed column answers needs no more ({@code TypedPathScan}),
   * and the footer of every read keeps it at the cost of one varint per chunk.
   */
  private Statistics nullCount() {
    Statistics s = new Statistics();
    in.structBegin();
    while (in.nextField()) {
      if (in.fieldId == 3 && in.expect(I64)) {
        s.setNull_count(in.readI64());
      } else if (in.fieldId != 3) {
        in.skipField();
      }
    }
    in.structEnd();
    return s;
  }

  /**
   * Skips a SizeStatistics struct, reading its lists of i64 as the generated code does (which reads
   * i64s whatever element type the list header names: another type is declined).
   */
  private void skipSizeStatistics() {
    in.structBegin();
    while (in.nextField()) {
      if ((in.fieldId == 2 || in.fieldId == 3) && in.expect(LIST)) {
        for (int n = in.listBegin(I64); n > 0; n--) {
          in.readI64();
        }
      } else if (in.fieldId != 2 && in.fieldId != 3) {
        in.skipField(); // field 1 is an i64, skipped alike whatever its type
      }
    }
    in.structEnd();
  }
}
