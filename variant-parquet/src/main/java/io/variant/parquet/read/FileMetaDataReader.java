// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

// Size (over 300 lines): one small method per struct of parquet.thrift that a footer holds, each a
// switch over its field ids; they share the reader and its decline rules, so they stay together.

import static io.variant.parquet.read.CompactReader.BINARY;
import static io.variant.parquet.read.CompactReader.I16;
import static io.variant.parquet.read.CompactReader.I32;
import static io.variant.parquet.read.CompactReader.I64;
import static io.variant.parquet.read.CompactReader.LIST;
import static io.variant.parquet.read.CompactReader.STRUCT;
import static io.variant.parquet.read.CompactReader.TRUE;

import io.variant.parquet.read.CompactReader.Malformed;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.GeospatialStatistics;
import org.apache.parquet.format.IEEE754TotalOrder;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.SizeStatistics;
import org.apache.parquet.format.SortingColumn;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.TypeDefinedOrder;
import shaded.parquet.org.apache.thrift.TBase;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TIOStreamTransport;

/**
 * Decodes a plain footer's {@code FileMetaData} into parquet-java's thrift classes, equal to what
 * {@code Util.readFileMetaData} gives for the same bytes except that, unless asked for, the column
 * chunks' {@code size_statistics} and {@code geospatial_statistics} are left unset, and of their
 * {@code statistics} only the null count is kept. It does the work of the generated thrift code
 * without its per-field protocol calls, interned strings and statistics objects, which were most of
 * a projected read's footer.
 *
 * <p><b>It declines</b> (throws {@link Malformed}) whenever the generated code could read the bytes
 * differently or not at all: a required field missing, an enum value it does not know, a container
 * of another element type than the IDL's, a union without exactly one field, an encrypted footer or
 * column. The caller then reads the footer with parquet-java, which reports the problem in its own
 * words. Fields the IDL does not know are skipped, as thrift skips them, and so are known fields
 * sent with another type. The small unions and structs that only the schema's annotations and the
 * statistics hold are decoded by the generated code itself, from the bytes this reader delimits.
 */
final class FileMetaDataReader {
  private final byte[] footer;
  private final CompactReader in;
  private final boolean statistics;
  private FileMetaData decoded;
  // bytes [from, to) of the footer that hold the schema's list and the column orders' (-1: none)
  private int schemaFrom = -1;
  private int schemaTo;
  private int ordersFrom = -1;
  private int ordersTo;

  private FileMetaDataReader(byte[] footer, int from, int to, boolean statistics) {
    this.footer = footer;
    this.in = new CompactReader(footer, from, to - from);
    this.statistics = statistics;
  }

  /**
   * The footer's {@code FileMetaData}.
   *
   * @param statistics whether to decode the column chunks' statistics
   * @throws Malformed if parquet-java should read it instead
   */
  static FileMetaData read(byte[] footer, boolean statistics) {
    FileMetaDataReader r = decode(footer, statistics);
    FileMetaData m = r.metaData();
    m.setSchema(r.schemaElements());
    return m;
  }

  /**
   * Decodes the footer but for its schema, whose bytes are only delimited: {@link #schemaElements}
   * decodes them when {@link #sameSchema} finds no equal ones already converted.
   *
   * @throws Malformed if parquet-java should read it instead (a schema element may also be declined
   *     later, by {@link #schemaElements})
   */
  static FileMetaDataReader decode(byte[] footer, boolean statistics) {
    FileMetaDataReader r = new FileMetaDataReader(footer, 0, footer.length, statistics);
    r.decoded = r.fileMetaData();
    return r;
  }

  /** The footer's {@code FileMetaData} without its schema. */
  FileMetaData metaData() {
    return decoded;
  }

  /**
   * The schema's elements.
   *
   * @throws Malformed if parquet-java should read the footer instead
   */
  List<SchemaElement> schemaElements() {
    FileMetaDataReader r = new FileMetaDataReader(footer, schemaFrom, schemaTo, statistics);
    int n = r.in.listBegin(STRUCT);
    List<SchemaElement> schema = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      schema.add(r.schemaElement());
    }
    declineIf(r.in.position() != schemaTo);
    return schema;
  }

  /**
   * The bytes of the schema and of the column orders (empty if none), which are all that the
   * schema's conversion reads.
   */
  byte[][] schemaBytes() {
    return new byte[][] {
      Arrays.copyOfRange(footer, schemaFrom, schemaTo),
      ordersFrom < 0 ? new byte[0] : Arrays.copyOfRange(footer, ordersFrom, ordersTo)
    };
  }

  /** Whether this footer's {@link #schemaBytes} are {@code bytes}. */
  boolean sameSchema(byte[][] bytes) {
    return Arrays.equals(bytes[0], 0, bytes[0].length, footer, schemaFrom, schemaTo)
        && (ordersFrom < 0
            ? bytes[1].length == 0
            : Arrays.equals(bytes[1], 0, bytes[1].length, footer, ordersFrom, ordersTo));
  }

  private FileMetaData fileMetaData() {
    FileMetaData m = new FileMetaData();
    in.structBegin();
    while (in.nextField()) {
      switch (in.fieldId) {
        case 1 -> {
          if (field(I32)) {
            m.setVersion(in.readI32());
          }
        }
        case 2 -> {
          if (field(LIST)) {
            schemaFrom = in.position(); // decoded only if needed: see schemaElements()
            in.skipField();
            schemaTo = in.position();
          }
        }
        case 3 -> {
          if (field(I64)) {
            m.setNum_rows(in.readI64());
          }
        }
        case 4 -> {
          if (field(LIST)) {
            int n = in.listBegin(STRUCT);
            List<RowGroup> groups = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              groups.add(rowGroup());
            }
            m.setRow_groups(groups);
          }
        }
        case 5 -> {
          if (field(LIST)) {
            m.setKey_value_metadata(keyValues());
          }
        }
        case 6 -> {
          if (field(BINARY)) {
            m.setCreated_by(in.readString());
          }
        }
        case 7 -> {
          if (field(LIST)) {
            ordersFrom = in.position();
            int n = in.listBegin(STRUCT);
            List<ColumnOrder> orders = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              orders.add(columnOrder());
            }
            m.setColumn_orders(orders);
            ordersTo = in.position();
          }
        }
        case 8, 9 -> declineIf(true); // encryption: parquet-java's decryptor reads those
        default -> in.skipField();
      }
    }
    in.structEnd();
    declineIf(!m.isSetVersion() || schemaFrom < 0 || !m.isSetNum_rows() || !m.isSetRow_groups());
    return m;
  }

  private SchemaElement schemaElement() {
    SchemaElement e = new SchemaElement();
    in.structBegin();
    while (in.nextField()) {
      switch (in.fieldId) {
        case 1 -> {
          if (field(I32)) {
            e.setType(known(Type.findByValue(in.readI32())));
          }
        }
        case 2 -> {
          if (field(I32)) {
            e.setType_length(in.readI32());
          }
        }
        case 3 -> {
          if (field(I32)) {
            e.setRepetition_type(known(FieldRepetitionType.findByValue(in.readI32())));
          }
        }
        case 4 -> {
          if (field(BINARY)) {
            e.setName(in.readString());
          }
        }
        case 5 -> {
          if (field(I32)) {
            e.setNum_children(in.readI32());
          }
        }
        case 6 -> {
          if (field(I32)) {
            e.setConverted_type(known(ConvertedType.findByValue(in.readI32())));
          }
        }
        case 7 -> {
          if (field(I32)) {
            e.setScale(in.readI32());
          }
        }
        case 8 -> {
          if (field(I32)) {
            e.setPrecision(in.readI32());
          }
        }
        case 9 -> {
          if (field(I32)) {
            e.setField_id(in.readI32());
          }
        }
        case 10 -> {
          if (field(STRUCT)) {
            e.setLogicalType(generated(new LogicalType(), true));
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    declineIf(!e.isSetName());
    return e;
  }

  private RowGroup rowGroup() {
    RowGroup g = new RowGroup();
    in.structBegin();
    while (in.nextField()) {
      switch (in.fieldId) {
        case 1 -> {
          if (field(LIST)) {
            int n = in.listBegin(STRUCT);
            List<ColumnChunk> columns = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              columns.add(columnChunk());
            }
            g.setColumns(columns);
          }
        }
        case 2 -> {
          if (field(I64)) {
            g.setTotal_byte_size(in.readI64());
          }
        }
        case 3 -> {
          if (field(I64)) {
            g.setNum_rows(in.readI64());
          }
        }
        case 4 -> {
          if (field(LIST)) {
            int n = in.listBegin(STRUCT);
            List<SortingColumn> sorting = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              sorting.add(sortingColumn());
            }
            g.setSorting_columns(sorting);
          }
        }
        case 5 -> {
          if (field(I64)) {
            g.setFile_offset(in.readI64());
          }
        }
        case 6 -> {
          if (field(I64)) {
            g.setTotal_compressed_size(in.readI64());
          }
        }
        case 7 -> {
          if (field(I16)) {
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
          if (field(BINARY)) {
            c.setFile_path(in.readString());
          }
        }
        case 2 -> {
          if (field(I64)) {
            c.setFile_offset(in.readI64());
          }
        }
        case 3 -> {
          if (field(STRUCT)) {
            c.setMeta_data(columnMetaData());
          }
        }
        case 4 -> {
          if (field(I64)) {
            c.setOffset_index_offset(in.readI64());
          }
        }
        case 5 -> {
          if (field(I32)) {
            c.setOffset_index_length(in.readI32());
          }
        }
        case 6 -> {
          if (field(I64)) {
            c.setColumn_index_offset(in.readI64());
          }
        }
        case 7 -> {
          if (field(I32)) {
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
          if (field(I32)) {
            m.setType(known(Type.findByValue(in.readI32())));
          }
        }
        case 2 -> {
          if (field(LIST)) {
            int n = in.listBegin(I32);
            List<Encoding> encodings = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              encodings.add(known(Encoding.findByValue(in.readI32())));
            }
            m.setEncodings(encodings);
          }
        }
        case 3 -> {
          if (field(LIST)) {
            int n = in.listBegin(BINARY);
            List<String> path = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              path.add(in.readString());
            }
            m.setPath_in_schema(path);
          }
        }
        case 4 -> {
          if (field(I32)) {
            m.setCodec(known(CompressionCodec.findByValue(in.readI32())));
          }
        }
        case 5 -> {
          if (field(I64)) {
            m.setNum_values(in.readI64());
          }
        }
        case 6 -> {
          if (field(I64)) {
            m.setTotal_uncompressed_size(in.readI64());
          }
        }
        case 7 -> {
          if (field(I64)) {
            m.setTotal_compressed_size(in.readI64());
          }
        }
        case 8 -> {
          if (field(LIST)) {
            m.setKey_value_metadata(keyValues());
          }
        }
        case 9 -> {
          if (field(I64)) {
            m.setData_page_offset(in.readI64());
          }
        }
        case 10 -> {
          if (field(I64)) {
            m.setIndex_page_offset(in.readI64());
          }
        }
        case 11 -> {
          if (field(I64)) {
            m.setDictionary_page_offset(in.readI64());
          }
        }
        case 12 -> {
          // Statistics holds only binaries, integers and booleans: skipping reads what thrift reads
          if (field(STRUCT)) {
            m.setStatistics(statistics ? generated(new Statistics(), false) : nullCount());
          }
        }
        case 13 -> {
          if (field(LIST)) {
            int n = in.listBegin(STRUCT);
            List<PageEncodingStats> stats = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              stats.add(pageEncodingStats());
            }
            m.setEncoding_stats(stats);
          }
        }
        case 14 -> {
          if (field(I64)) {
            m.setBloom_filter_offset(in.readI64());
          }
        }
        case 15 -> {
          if (field(I32)) {
            m.setBloom_filter_length(in.readI32());
          }
        }
        case 16 -> {
          if (field(STRUCT)) {
            if (statistics) {
              m.setSize_statistics(generated(new SizeStatistics(), false));
            } else {
              skipSizeStatistics();
            }
          }
        }
        case 17 -> {
          if (field(STRUCT)) {
            GeospatialStatistics s = generated(new GeospatialStatistics(), false);
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
          if (field(I32)) {
            s.setPage_type(known(PageType.findByValue(in.readI32())));
          }
        }
        case 2 -> {
          if (field(I32)) {
            s.setEncoding(known(Encoding.findByValue(in.readI32())));
          }
        }
        case 3 -> {
          if (field(I32)) {
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

  private List<KeyValue> keyValues() {
    int n = in.listBegin(STRUCT);
    List<KeyValue> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      KeyValue kv = new KeyValue();
      in.structBegin();
      while (in.nextField()) {
        if (in.fieldId == 1 && field(BINARY)) {
          kv.setKey(in.readString());
        } else if (in.fieldId == 2 && field(BINARY)) {
          kv.setValue(in.readString());
        } else if (in.fieldId != 1 && in.fieldId != 2) {
          in.skipField();
        }
      }
      in.structEnd();
      declineIf(!kv.isSetKey());
      out.add(kv);
    }
    return out;
  }

  private SortingColumn sortingColumn() {
    SortingColumn s = new SortingColumn();
    in.structBegin();
    while (in.nextField()) {
      if (in.fieldId == 1 && field(I32)) {
        s.setColumn_idx(in.readI32());
      } else if (in.fieldId == 2 && field(TRUE)) {
        s.setDescending(in.fieldBoolean());
      } else if (in.fieldId == 3 && field(TRUE)) {
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
   * Skips a SizeStatistics struct, reading its lists of i64 as the generated code does (which reads
   * i64s whatever element type the list header names: another type is declined).
   */
  /**
   * A Statistics struct with only its {@code null_count} kept (the rest skipped, as without
   * statistics): a projection that one typed column answers needs no more ({@code TypedPathScan}),
   * and the footer of every read keeps it at the cost of one varint per chunk.
   */
  private Statistics nullCount() {
    Statistics s = new Statistics();
    in.structBegin();
    while (in.nextField()) {
      if (in.fieldId == 3 && field(I64)) {
        s.setNull_count(in.readI64());
      } else if (in.fieldId != 3) {
        in.skipField();
      }
    }
    in.structEnd();
    return s;
  }

  private void skipSizeStatistics() {
    in.structBegin();
    while (in.nextField()) {
      if ((in.fieldId == 2 || in.fieldId == 3) && field(LIST)) {
        for (int n = in.listBegin(I64); n > 0; n--) {
          in.readI64();
        }
      } else if (in.fieldId != 2 && in.fieldId != 3) {
        in.skipField(); // field 1 is an i64, skipped alike whatever its type
      }
    }
    in.structEnd();
  }

  /** A ColumnOrder union: its one field names an order whose struct has no fields of its own. */
  private ColumnOrder columnOrder() {
    in.structBegin();
    declineIf(!in.nextField() || !in.fieldIs(STRUCT) || (in.fieldId != 1 && in.fieldId != 2));
    short id = in.fieldId;
    in.skipField(); // TypeDefinedOrder and IEEE754TotalOrder are empty: thrift skips their fields
    declineIf(in.nextField());
    in.structEnd();
    return id == 1
        ? ColumnOrder.TYPE_ORDER(new TypeDefinedOrder())
        : ColumnOrder.IEEE_754_TOTAL_ORDER(new IEEE754TotalOrder());
  }

  /**
   * The struct that starts here, decoded by its generated thrift code from the bytes that {@link
   * CompactReader#skipField()} finds it in; declined unless that code reads exactly those bytes.
   *
   * @param union whether it is a union, which thrift reads correctly only with exactly one field
   */
  private <T extends TBase<?, ?>> T generated(T struct, boolean union) {
    int start = in.position();
    if (union) {
      in.structBegin();
      declineIf(!in.nextField());
      in.skipField();
      declineIf(in.nextField());
      in.structEnd();
    } else {
      in.skipField();
    }
    Slice bytes = new Slice(in.array(), start, in.position());
    try {
      struct.read(new TCompactProtocol(new TIOStreamTransport(bytes)));
    } catch (TException | RuntimeException e) {
      throw new Malformed();
    }
    declineIf(bytes.pos != bytes.end);
    return struct;
  }

  /**
   * True if the current field has the IDL's type {@code type}; otherwise skips it (as thrift does)
   * and returns false.
   */
  private boolean field(int type) {
    if (in.fieldIs(type)) {
      return true;
    }
    in.skipField();
    return false;
  }

  private static <E extends Enum<E>> E known(E value) {
    declineIf(value == null); // thrift would leave the field unset: parquet-java decides
    return value;
  }

  private static void declineIf(boolean decline) {
    if (decline) {
      throw new Malformed();
    }
  }

  /** Bytes {@code [pos, end)} of an array as a stream, without locks; counts what was read. */
  private static final class Slice extends InputStream {
    private final byte[] b;
    private int pos;
    private final int end;

    Slice(byte[] b, int pos, int end) {
      this.b = b;
      this.pos = pos;
      this.end = end;
    }

    @Override
    public int read() {
      return pos < end ? b[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] to, int off, int len) {
      java.util.Objects.checkFromIndexSize(off, len, to.length);
      if (len == 0) {
        return 0;
      }
      if (pos >= end) {
        return -1;
      }
      int n = Math.min(len, end - pos);
      System.arraycopy(b, pos, to, off, n);
      pos += n;
      return n;
    }

    @Override
    public int available() {
      return end - pos;
    }
  }
}
