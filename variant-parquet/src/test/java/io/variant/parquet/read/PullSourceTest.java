// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The level reader's pulled leaves ({@link PullSource}, {@link LeafColumn#pull}): fields outside
 * lists and list fields whose presence interleaves from row to row read back exactly and as
 * parquet-java's record assembly reads them; a level no writer produces in a pulled leaf fails
 * naming its column; sibling leaves that disagree read as the leaf {@link PullSource} names, with
 * no other failure; and a typed value that cannot be read fails its row only.
 */
// Over 400 lines: the damaged-file cases need hand-made pages (Rows), which no other test makes.
class PullSourceTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.object(
          Map.of(
              "a",
              ShreddingPlan.scalar(ShreddedType.INT64),
              "s",
              ShreddingPlan.scalar(ShreddedType.STRING),
              "tags",
              ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.STRING)),
              "u",
              ShreddingPlan.object(
                  Map.of(
                      "n",
                      ShreddingPlan.scalar(ShreddedType.DOUBLE),
                      "xs",
                      ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.INT64))))));

  // {"a": int64} in the spec layout: the leaves of typed_value.a and their maximum levels
  private static final ShreddingPlan A = ShreddingPlan.object(Map.of("a", scalarInt()));

  @TempDir Path tmp;

  private static ShreddingPlan scalarInt() {
    return ShreddingPlan.scalar(ShreddedType.INT64);
  }

  @Test
  void flatFieldsAndListFieldsInterleaveTheirPresence() throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < 61; r++) {
      rows.add(row(r));
    }
    for (TestFileWriter.Pages pages : TestFileWriter.Pages.values()) {
      for (int perGroup : new int[] {1, 3, 7, 100}) {
        Path file = tmp.resolve(pages + "-" + perGroup + ".parquet");
        TestFileWriter.write(file, PLAN, ShreddingLayout.SPEC, rows, perGroup, pages);
        ShapedValues.assertReadsBack(file, PLAN, rows, pages + " " + perGroup + " rows per group");
        LevelReaderEquivalenceTest.sameRecords(file, RebuildOptions.defaults());
      }
    }
  }

  @Test
  void aLevelAboveTheMaximumInAPulledLeafNamesItsColumn() {
    MessageType schema = schemaOfA();
    int top = def(schema, "a", "typed_value");
    Rows rows = new Rows(schema);
    rows.row(top, 5L);
    rows.row(top + 1, 6L); // no writer produces it
    LevelRows reader = rows.open();
    reader.readRow();
    assertEquals(5, reader.columns().value(0) instanceof Variant v ? v.field("a").longValue() : -1);
    var e = assertThrows(ParquetDecodingException.class, reader::readRow);
    assertTrue(
        e.getMessage()
            .contains(
                "column v.typed_value.a.typed_value: definition level "
                    + (top + 1)
                    + " is outside the column's 0 to "
                    + top),
        e.getMessage());
  }

  @Test
  void aLevelAboveTheMaximumAfterBatchesOfOneLevelFailsAtItsRow() {
    // a's value leaf holds one level below its maximum in every row (batches of one level, whose
    // rows its cursor skips) but row 400, whose level no writer produces
    MessageType schema = schemaOfA();
    int top = def(schema, "a", "typed_value");
    int aValue = def(schema, "a", "value");
    Rows rows = new Rows(schema);
    for (int r = 0; r < 600; r++) {
      rows.row(Math.min(top, aValue - 1), r == 400 ? aValue + 1 : aValue - 1, top, r);
    }
    LevelRows reader = rows.open();
    for (int r = 0; r < 400; r++) {
      reader.readRow();
      assertEquals(r, ((Variant) reader.columns().value(0)).field("a").longValue());
    }
    var e = assertThrows(ParquetDecodingException.class, reader::readRow);
    assertEquals(
        "Cannot read column v.typed_value.a.value: definition level "
            + (aValue + 1)
            + " is outside the column's 0 to "
            + aValue,
        e.getMessage());
  }

  @Test
  void siblingLeavesThatDisagreeReadAsTheFieldsValueLeafSays() {
    MessageType schema = schemaOfA();
    int top = def(schema, "a", "typed_value");
    int fieldAt = def(schema, "a", "value") - 1; // the field group a
    Rows rows = new Rows(schema);
    rows.row(top, 1L);
    // a's value leaf: the typed object is null; its typed_value leaf: a = 2 (damaged)
    rows.row(fieldAt - 1, fieldAt - 1, top, 2L);
    rows.row(top, 3L);
    LevelRows reader = rows.open();
    reader.readRow();
    assertEquals(1, ((Variant) reader.columns().value(0)).field("a").longValue());
    reader.readRow();
    // the column's group is present (metadata) with neither part: missing, read as Variant null
    Variant v = (Variant) reader.columns().value(0);
    assertTrue(v.isNull(), v.toString());
    reader.readRow();
    assertEquals(3, ((Variant) reader.columns().value(0)).field("a").longValue());
  }

  @Test
  void aTypedValueThatCannotBeReadFailsItsRowOnly() {
    MessageType schema = schemaOfA();
    int top = def(schema, "a", "typed_value");
    Rows rows = new Rows(schema);
    rows.row(top, 1L);
    rows.row(top, 2L);
    rows.row(top, 3L);
    rows.cutLastValue = true; // the third row's value is cut short: the page decoder fails there
    LevelRows reader = rows.open();
    reader.readRow();
    assertEquals(1, ((Variant) reader.columns().value(0)).field("a").longValue());
    reader.readRow();
    assertEquals(2, ((Variant) reader.columns().value(0)).field("a").longValue());
    assertThrows(ParquetDecodingException.class, reader::readRow);
  }

  @Test
  void aPulledLeafWithFewerEntriesThanRowsNamesItsColumn() {
    MessageType schema = schemaOfA();
    int top = def(schema, "a", "typed_value");
    Rows rows = new Rows(schema);
    rows.row(top, 1L);
    rows.row(top - 1, 0L); // a null: the end of a batch without a value
    rows.row(top, 3L);
    rows.shortTyped = true;
    LevelRows reader = rows.open();
    reader.readRow();
    reader.readRow();
    assertNull(((Variant) reader.columns().value(0)).field("a"));
    var e = assertThrows(ParquetDecodingException.class, reader::readRow);
    assertEquals(
        "Cannot read column v.typed_value.a.typed_value: it holds fewer rows than its row group",
        e.getMessage());
  }

  @Test
  void aDecimalThatCannotBeReadFailsItsRowAndTheNextRowReads() {
    // the typed error of a pulled leaf's converter is the row's, not the next one's; a binary
    // decimal, as other writers store it, can be empty
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { required group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional group typed_value { required group d {"
                + " optional binary value; optional binary typed_value (DECIMAL(20,2)); } } } }");
    int top = schema.getMaxDefinitionLevel("v", "typed_value", "d", "typed_value");
    Rows rows = new Rows(schema);
    rows.binaryTyped = true;
    rows.row(top, 700L);
    rows.row(top, -1L); // an empty binary
    rows.row(top, 700L);
    LevelRows reader = rows.open();
    reader.readRow();
    assertEquals(
        "7.00", ((Variant) reader.columns().value(0)).field("d").decimalValue().toString());
    reader.readRow();
    var e = assertThrows(VariantParquetException.class, () -> reader.columns().value(0));
    assertTrue(e.getMessage().contains("empty binary"), e.getMessage());
    assertEquals("v.typed_value.d.typed_value", e.column());
    reader.readRow();
    assertEquals(
        "7.00", ((Variant) reader.columns().value(0)).field("d").decimalValue().toString());
    assertNull(reader.columns().variantColumn(0).typedError());
  }

  private static MessageType schemaOfA() {
    return new MessageType("m", required(A));
  }

  /**
   * Column {@code v} of {@code plan}, required: levels from 0, so that a level above a leaf's
   * maximum fits the leaf's bit width.
   */
  private static org.apache.parquet.schema.Type required(ShreddingPlan plan) {
    return VariantSchema.toParquet(
        "v", plan, ShreddingLayout.SPEC, org.apache.parquet.schema.Type.Repetition.REQUIRED);
  }

  /** The maximum definition level of {@code v.typed_value.FIELD.PART}. */
  private static int def(MessageType schema, String field, String part) {
    return schema.getMaxDefinitionLevel("v", "typed_value", field, part);
  }

  /**
   * Row {@code r}: {@code a} and {@code s} present in patterns of periods 3 and 5, {@code tags}
   * absent, null-typed (a residual), empty or of 1 to 3 strings with period 4, {@code u} absent,
   * empty or with {@code n} and {@code xs} of its own periods; every 9th row not an object, every
   * 13th SQL NULL.
   */
  private static Variant row(int r) {
    if (r % 13 == 12) {
      return null;
    }
    VariantBuilder b = new VariantBuilder();
    if (r % 9 == 8) {
      return b.appendLong(r).build();
    }
    b.startObject();
    if (r % 3 != 1) {
      b.key("a").appendLong(r);
    }
    if (r % 5 < 2) {
      b.key("s").appendString("s" + (r % 4));
    }
    switch (r % 4) {
      case 0 -> {} // tags absent
      case 1 -> b.key("tags").appendString("not a list");
      default -> {
        b.key("tags").startArray();
        for (int i = 0; i < r % 4 + r % 3 - 2; i++) {
          b.appendString("t" + i);
        }
        b.endArray();
      }
    }
    if (r % 7 != 3) {
      b.key("u").startObject();
      if (r % 2 == 0) {
        b.key("n").appendDouble(r / 2.0);
      }
      if (r % 7 > 2) {
        b.key("xs").startArray();
        for (int i = 0; i < r % 5; i++) {
          b.appendLong(i * r);
        }
        b.endArray();
      }
      b.endObject();
    }
    return b.endObject().build();
  }

  /**
   * Hand-made pages of {@code {"a": int64}} (spec layout, {@code a}'s leaves given as levels and
   * values, the top-level residual always null): levels that sibling leaves of no writer's file
   * disagree on, or that are outside a leaf's range.
   */
  private static final class Rows {
    private final MessageType schema;
    private final List<int[]> levels = new ArrayList<>(); // metadata, value, a.value, a.typed_value
    private final List<Long> values = new ArrayList<>();
    boolean cutLastValue;
    boolean shortTyped; // a's typed leaf holds one entry fewer than the rows
    boolean binaryTyped; // the typed leaf is a decimal in a binary: -1 is an empty one

    Rows(MessageType schema) {
      this.schema = schema;
    }

    /**
     * A row whose {@code a.typed_value} is at level {@code d} (value {@code x}), all else agreeing.
     */
    void row(int d, long x) {
      String field =
          schema.getColumns().stream()
              .filter(c -> c.getPath().length == 4)
              .findFirst()
              .orElseThrow()
              .getPath()[2];
      int aValue = schema.getMaxDefinitionLevel("v", "typed_value", field, "value");
      row(Math.min(d, aValue - 1), Math.min(d, aValue - 1), d, x);
    }

    /** A row: the top-level residual's, a's residual's and a's typed levels, and a's value. */
    void row(int top, int aValue, int aTyped, long x) {
      int root = schema.getMaxDefinitionLevel("v", "metadata");
      levels.add(new int[] {root, Math.min(top, root), aValue, aTyped});
      values.add(x);
    }

    LevelRows open() {
      LevelRows rows = new LevelRows(schema, RebuildOptions.defaults(), null, true);
      rows.open(store());
      return rows;
    }

    private PageReadStore store() {
      byte[] metadata =
          new VariantBuilder()
              .startObject()
              .key("a")
              .appendLong(0)
              .key("d")
              .appendLong(0)
              .endObject()
              .build()
              .metadataBytes();
      return new PageReadStore() {
        @Override
        public PageReader getPageReader(ColumnDescriptor c) {
          String path = String.join(".", c.getPath());
          int k =
              path.equals("v.metadata")
                  ? 0
                  : path.equals("v.value") ? 1 : path.endsWith(".value") ? 2 : 3;
          List<int[]> entries =
              shortTyped && k == 3 ? levels.subList(0, levels.size() - 1) : levels;
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          try {
            if (c.getMaxDefinitionLevel() > 0) {
              RunLengthBitPackingHybridEncoder e =
                  new RunLengthBitPackingHybridEncoder(
                      BytesUtils.getWidthFromMaxInt(c.getMaxDefinitionLevel()),
                      64,
                      1 << 20,
                      new HeapByteBufferAllocator());
              for (int[] l : entries) {
                e.writeInt(l[k]);
              }
              byte[] b = e.toBytes().toByteArray();
              out.write(
                  ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(b.length).array());
              out.write(b);
            }
            for (int i = 0; i < entries.size(); i++) {
              if (entries.get(i)[k] == c.getMaxDefinitionLevel()) {
                out.write(value(k, values.get(i), metadata));
              }
            }
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
          byte[] bytes = out.toByteArray();
          if (cutLastValue && k == 3) {
            bytes = java.util.Arrays.copyOf(bytes, bytes.length - 1);
          }
          return HandMadePages.of(entries.size(), List.of(HandMadePages.v1(bytes, entries.size())));
        }

        @Override
        public long getRowCount() {
          return levels.size();
        }

        @Override
        public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
          return Optional.empty();
        }
      };
    }

    /** Leaf {@code k}'s PLAIN value: the metadata, or a's typed value {@code x}. */
    private byte[] value(int k, long x, byte[] metadata) {
      if (k == 0) {
        return binary(metadata);
      }
      if (k != 3) {
        throw new IllegalStateException("residuals are null here");
      }
      if (!binaryTyped) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(x).array();
      }
      return binary(x < 0 ? new byte[0] : java.math.BigInteger.valueOf(x).toByteArray());
    }

    private static byte[] binary(byte[] b) {
      return ByteBuffer.allocate(4 + b.length)
          .order(ByteOrder.LITTLE_ENDIAN)
          .putInt(b.length)
          .put(b)
          .array();
    }
  }
}
