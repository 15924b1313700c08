// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import static io.variant.parquet.file.CompactReader.BINARY;
import static io.variant.parquet.file.CompactReader.I32;
import static io.variant.parquet.file.CompactReader.I64;
import static io.variant.parquet.file.CompactReader.LIST;
import static io.variant.parquet.file.CompactReader.STRUCT;
import static io.variant.parquet.file.CompactReader.declineIf;
import static io.variant.parquet.file.CompactReader.known;

import io.variant.parquet.file.CompactReader.Malformed;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.IEEE754TotalOrder;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.TypeDefinedOrder;

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
          if (in.expect(I32)) {
            m.setVersion(in.readI32());
          }
        }
        case 2 -> {
          if (in.expect(LIST)) {
            schemaFrom = in.position(); // decoded only if needed: see schemaElements()
            in.skipField();
            schemaTo = in.position();
          }
        }
        case 3 -> {
          if (in.expect(I64)) {
            m.setNum_rows(in.readI64());
          }
        }
        case 4 -> {
          if (in.expect(LIST)) {
            int n = in.listBegin(STRUCT);
            List<RowGroup> groups = new ArrayList<>(n);
            RowGroupDecoder decoder = new RowGroupDecoder(in, statistics);
            for (int i = 0; i < n; i++) {
              groups.add(decoder.rowGroup());
            }
            m.setRow_groups(groups);
          }
        }
        case 5 -> {
          if (in.expect(LIST)) {
            m.setKey_value_metadata(keyValues(in));
          }
        }
        case 6 -> {
          if (in.expect(BINARY)) {
            m.setCreated_by(in.readString());
          }
        }
        case 7 -> {
          if (in.expect(LIST)) {
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
          if (in.expect(I32)) {
            e.setType(known(Type.findByValue(in.readI32())));
          }
        }
        case 2 -> {
          if (in.expect(I32)) {
            e.setType_length(in.readI32());
          }
        }
        case 3 -> {
          if (in.expect(I32)) {
            e.setRepetition_type(known(FieldRepetitionType.findByValue(in.readI32())));
          }
        }
        case 4 -> {
          if (in.expect(BINARY)) {
            e.setName(in.readString());
          }
        }
        case 5 -> {
          if (in.expect(I32)) {
            e.setNum_children(in.readI32());
          }
        }
        case 6 -> {
          if (in.expect(I32)) {
            e.setConverted_type(known(ConvertedType.findByValue(in.readI32())));
          }
        }
        case 7 -> {
          if (in.expect(I32)) {
            e.setScale(in.readI32());
          }
        }
        case 8 -> {
          if (in.expect(I32)) {
            e.setPrecision(in.readI32());
          }
        }
        case 9 -> {
          if (in.expect(I32)) {
            e.setField_id(in.readI32());
          }
        }
        case 10 -> {
          if (in.expect(STRUCT)) {
            e.setLogicalType(GeneratedStruct.read(in, new LogicalType(), true));
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    declineIf(!e.isSetName());
    return e;
  }

  /** A list of KeyValue structs, the footer's or a column chunk's metadata. */
  static List<KeyValue> keyValues(CompactReader in) {
    int n = in.listBegin(STRUCT);
    List<KeyValue> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      KeyValue kv = new KeyValue();
      in.structBegin();
      while (in.nextField()) {
        if (in.fieldId == 1 && in.expect(BINARY)) {
          kv.setKey(in.readString());
        } else if (in.fieldId == 2 && in.expect(BINARY)) {
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
}
