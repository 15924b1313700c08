// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddedSink;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Test-only writer of shredded files: splits each Variant with the real {@link Splitter} into
 * parquet-java's example {@link Group} model, so reader tests do not depend on this module's
 * writer. Schema: {@code required int64 id; optional group v (...)} where {@code v} is {@link
 * VariantSchema#toParquet}'s group. Small row-group and page limits give many row groups and pages.
 */
public final class TestFileWriter {
  static final String COLUMN = "v";

  private TestFileWriter() {}

  /** The file schema for {@code plan} in {@code layout}. */
  static MessageType schema(ShreddingPlan plan, ShreddingLayout layout) {
    return Types.buildMessage()
        .addField(Types.required(PrimitiveType.PrimitiveTypeName.INT64).named("id"))
        .addField(VariantSchema.toParquet(COLUMN, plan, layout, Type.Repetition.OPTIONAL))
        .named("rows");
  }

  /**
   * How parquet-java encodes the pages: the default (data pages v1, dictionaries falling back to
   * PLAIN), or choices other writers make, so that readers meet every page and value decoder.
   */
  public enum Pages {
    /** Data pages v1, dictionaries, PLAIN after them. */
    V1,
    /** Data pages v1, no dictionaries: every value PLAIN. */
    V1_PLAIN,
    /** Data pages v2, RLE_DICTIONARY, then DELTA_BINARY_PACKED, DELTA_BYTE_ARRAY, RLE booleans. */
    V2,
    /**
     * Data pages v2, no dictionaries, BYTE_STREAM_SPLIT floating point, integers and fixed-length
     * binaries.
     */
    V2_SPLIT,
    /** Data pages v2, no dictionaries: DELTA_BINARY_PACKED integers, DELTA_BYTE_ARRAY strings. */
    V2_DELTA
  }

  /**
   * Writes row {@code i} with id {@code i} and Variant {@code rows[i]} ({@code null} = SQL NULL).
   */
  static void write(
      Path file, ShreddingPlan plan, ShreddingLayout layout, List<Variant> rows, int rowsPerGroup)
      throws IOException {
    write(file, plan, layout, rows, rowsPerGroup, Pages.V1);
  }

  /** {@link #write(Path, ShreddingPlan, ShreddingLayout, List, int)} with pages encoded so. */
  public static void write(
      Path file,
      ShreddingPlan plan,
      ShreddingLayout layout,
      List<Variant> rows,
      int rowsPerGroup,
      Pages pages)
      throws IOException {
    MessageType schema = schema(plan, layout);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    Splitter splitter =
        Splitter.of(plan, SplitOptions.defaults().withResidualMetadata(layout.residualMetadata()));
    ExampleParquetWriter.Builder builder =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withType(schema)
            .withConf(new PlainParquetConfiguration())
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .withRowGroupRowCountLimit(rowsPerGroup)
            .withPageRowCountLimit(Math.max(1, rowsPerGroup / 3))
            .withWriterVersion(
                pages == Pages.V1 || pages == Pages.V1_PLAIN
                    ? ParquetProperties.WriterVersion.PARQUET_1_0
                    : ParquetProperties.WriterVersion.PARQUET_2_0)
            .withDictionaryEncoding(pages == Pages.V1 || pages == Pages.V2)
            .withByteStreamSplitEncoding(pages == Pages.V2_SPLIT);
    if (pages == Pages.V2_SPLIT) {
      // the option above splits FLOAT and DOUBLE only; named columns take the extended mode, which
      // splits INT32, INT64 and FIXED_LEN_BYTE_ARRAY as well
      for (ColumnDescriptor c : schema.getColumns()) {
        builder.withByteStreamSplitEncoding(String.join(".", c.getPath()), true);
      }
    }
    try (ParquetWriter<Group> w = builder.build()) {
      for (int i = 0; i < rows.size(); i++) {
        Group row = groups.newGroup();
        row.add("id", (long) i);
        Variant v = rows.get(i);
        if (v != null) {
          Group g = row.addGroup(COLUMN);
          if (layout == ShreddingLayout.SPEC) {
            g.add(VariantSchema.METADATA, Binary.fromConstantByteArray(v.metadataBytes()));
          }
          splitter.split(v, new GroupSink(g, schema.getType(COLUMN).asGroupType(), layout));
        }
        w.write(row);
      }
    }
  }

  /**
   * Writes hand-built rows (made with {@code new SimpleGroupFactory(schema).newGroup()}) as they
   * are: files whose columns break rules our writer keeps, for the readers of every module.
   */
  public static void writeRaw(Path file, MessageType schema, List<Group> rows) throws IOException {
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withType(schema)
            .withConf(new PlainParquetConfiguration())
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .build()) {
      for (Group row : rows) {
        w.write(row);
      }
    }
  }

  /** Residual and typed parts go into the example groups by name, following the sink protocol. */
  private static final class GroupSink implements ShreddedSink {
    private final ShreddingLayout layout;
    private final Deque<Group> slots = new ArrayDeque<>();
    private final Deque<Group> containers = new ArrayDeque<>();

    GroupSink(Group root, GroupType rootType, ShreddingLayout layout) {
      this.layout = layout;
      slots.push(root);
    }

    private Group slot() {
      return slots.peek();
    }

    private String typedName(String draftName) {
      return layout == ShreddingLayout.SPEC ? VariantSchema.TYPED_VALUE : draftName;
    }

    private PrimitiveType typedColumn() {
      return slot().getType().getType(VariantSchema.TYPED_VALUE).asPrimitiveType();
    }

    @Override
    public void residual(Variant v) {
      byte[] value = v.valueBytes();
      if (layout == ShreddingLayout.DRAFT) {
        byte[] m = v.metadataBytes();
        byte[] both = Arrays.copyOf(m, m.length + value.length);
        System.arraycopy(value, 0, both, m.length, value.length);
        value = both;
      }
      slot()
          .add(
              layout == ShreddingLayout.SPEC ? VariantSchema.VALUE : VariantSchema.UNTYPED_VALUE,
              Binary.fromConstantByteArray(value));
    }

    @Override
    public void typedBoolean(boolean value) {
      slot().add(VariantSchema.TYPED_VALUE, value);
    }

    @Override
    public void typedLong(long value) {
      if (typedColumn().getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32) {
        slot().add(VariantSchema.TYPED_VALUE, Math.toIntExact(value));
      } else {
        slot().add(VariantSchema.TYPED_VALUE, value);
      }
    }

    @Override
    public void typedFloat(float value) {
      slot().add(VariantSchema.TYPED_VALUE, value);
    }

    @Override
    public void typedDouble(double value) {
      slot().add(VariantSchema.TYPED_VALUE, value);
    }

    @Override
    public void typedDecimal(BigDecimal value) {
      PrimitiveType column = typedColumn();
      switch (column.getPrimitiveTypeName()) {
        case INT32 -> slot().add(VariantSchema.TYPED_VALUE, value.unscaledValue().intValueExact());
        case INT64 -> slot().add(VariantSchema.TYPED_VALUE, value.unscaledValue().longValueExact());
        default -> {
          byte[] minimal = value.unscaledValue().toByteArray(); // big-endian two's complement
          int n =
              column.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                  ? column.getTypeLength()
                  : minimal.length;
          byte[] out = new byte[n];
          Arrays.fill(
              out, 0, n - minimal.length, (byte) (value.signum() < 0 ? -1 : 0)); // sign extension
          System.arraycopy(minimal, 0, out, n - minimal.length, minimal.length);
          slot().add(VariantSchema.TYPED_VALUE, Binary.fromConstantByteArray(out));
        }
      }
    }

    @Override
    public void typedBytes(byte[] buffer, int offset, int length) {
      slot()
          .add(
              VariantSchema.TYPED_VALUE,
              Binary.fromConstantByteArray(Arrays.copyOfRange(buffer, offset, offset + length)));
    }

    @Override
    public void startObject() {
      containers.push(slot().addGroup(typedName(VariantSchema.OBJECT)));
    }

    @Override
    public void startField(int index, String name) {
      slots.push(containers.peek().addGroup(name));
    }

    @Override
    public void endField() {
      slots.pop();
    }

    @Override
    public void missingField(int index, String name) {
      // A required field group must exist; with both children null it means "key absent".
      containers.peek().addGroup(name);
    }

    @Override
    public void endObject() {
      containers.pop();
    }

    @Override
    public void startArray(int size) {
      containers.push(slot().addGroup(typedName(VariantSchema.ARRAY)));
    }

    @Override
    public void startElement() {
      slots.push(containers.peek().addGroup(VariantSchema.LIST).addGroup(VariantSchema.ELEMENT));
    }

    @Override
    public void endElement() {
      slots.pop();
    }

    @Override
    public void endArray() {
      containers.pop();
    }
  }
}
