// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.KeyOrder;
import io.variant.core.Variant;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ObjectSlotCounts;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Writes one VARIANT column of each row into a Parquet {@link RecordConsumer}: the row's metadata,
 * then the split of its value, streamed by a {@link Splitter} straight into consumer calls (no
 * per-row tree). For engines with their own {@code WriteSupport}; {@link VariantWriteSupport} uses
 * one per VARIANT column. spec: VariantShredding §Shredded Value Types, §Objects, §Arrays; the
 * draft layout for {@code ShreddingLayout.DRAFT}.
 *
 * <pre>{@code
 * GroupType group = VariantSchema.toParquet("event", plan, ShreddingLayout.SPEC, Type.Repetition.OPTIONAL);
 * VariantColumnWriter writer = VariantColumnWriter.bind(VariantColumn.of("event", plan), group);
 * // inside WriteSupport.write(row), between startMessage() and endMessage():
 * writer.write(recordConsumer, fieldIndex, row.variant("event"));
 * }</pre>
 *
 * <p><b>Failure:</b> if {@link #write} throws (a malformed Variant, or a plan/schema mismatch), the
 * record consumer is left inside a half-written record; the file must then be abandoned. <b>Thread
 * safety:</b> none; one per writer thread.
 */
public final class VariantColumnWriter {
  private final String name;
  private final boolean nullable;
  private final int metadataIndex; // -1 in the draft layout
  private final SlotColumns.Slot root;
  private final Splitter splitter;
  private final RecordConsumerSink sink;
  private final RowMetadata rowMetadata;
  private LevelSlot levelRoot; // set by bindLeaves
  private final LevelSink levelSink;
  private int metadataLeaf;
  private int columnDefined;
  private int firstLeaf;
  private int lastLeaf;

  private VariantColumnWriter(VariantColumn column, GroupType group) {
    this.name = group.getName();
    this.nullable = !group.isRepetition(Type.Repetition.REQUIRED);
    this.root = SlotColumns.bind(group, column.plan());
    boolean hasMetadata = column.layout().hasMetadataColumn();
    this.metadataIndex = hasMetadata ? group.getFieldIndex(VariantSchema.METADATA) : -1;
    if (hasMetadata && metadataIndex > root.residualIndex) {
      throw new IllegalArgumentException(
          "Cannot write VARIANT column \"" + name + "\": metadata must come before value");
    }
    this.splitter =
        Splitter.of(
            column.plan(),
            SplitOptions.defaults()
                .withResidualMetadata(column.layout().residualMetadata())
                .withWidening(column.widening()));
    this.sink = new RecordConsumerSink(column.layout());
    this.levelSink = new LevelSink(column.layout());
    this.rowMetadata =
        !hasMetadata
            ? null
            : new RowMetadata(
                column.metadataPolicy(), column.sharedDictionary(), column.planKeys());
  }

  /**
   * A writer of {@code column} into {@code group}, the column's Parquet group (usually {@link
   * VariantSchema#toParquet} of the same plan and layout).
   *
   * @throws io.variant.parquet.schema.VariantSchemaException if the group's shape differs from the
   *     plan, its layout from the column's, or a slot lacks its residual column
   */
  public static VariantColumnWriter bind(VariantColumn column, GroupType group) {
    if (VariantSchema.detectLayout(group) != column.layout()) {
      throw new IllegalArgumentException(
          "Cannot write VARIANT column \""
              + column.name()
              + "\" in the "
              + column.layout()
              + " layout into a "
              + VariantSchema.detectLayout(group)
              + " group");
    }
    return new VariantColumnWriter(column, group);
  }

  /**
   * Writes field {@code fieldIndex} of the current record: the whole VARIANT group, or nothing if
   * {@code value} is {@code null} (SQL NULL).
   *
   * @throws IllegalArgumentException if {@code value} is null and the group is required
   * @throws io.variant.core.VariantFormatException if {@code value} is malformed (see Failure
   *     above)
   */
  public void write(RecordConsumer consumer, int fieldIndex, Variant value) {
    if (value == null) {
      requireNullable();
      return; // an unwritten optional group reads back as null
    }
    Variant row = prepare(value);
    consumer.startField(name, fieldIndex);
    consumer.startGroup();
    if (metadataIndex >= 0) {
      consumer.startField(VariantSchema.METADATA, metadataIndex);
      consumer.addBinary(rowMetadata.bytes());
      consumer.endField(VariantSchema.METADATA, metadataIndex);
    }
    sink.begin(consumer, root, rowMetadata);
    splitter.split(row, sink);
    sink.end();
    consumer.endGroup();
    consumer.endField(name, fieldIndex);
  }

  /**
   * Binds this writer to its column's leaves in {@code schema}, the file schema holding the group
   * at the top level, for {@link #write(ColumnWriter[], Variant)}.
   */
  void bindLeaves(MessageType schema) {
    String[] path = {name};
    this.levelRoot = LevelSlot.bind(schema, path, root);
    this.metadataLeaf =
        metadataIndex < 0
            ? -1
            : schema
                .getColumns()
                .indexOf(schema.getColumnDescription(new String[] {name, VariantSchema.METADATA}));
    this.columnDefined = schema.getMaxDefinitionLevel(path);
    int first = Integer.MAX_VALUE;
    int last = -1;
    var columns = schema.getColumns();
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).getPath()[0].equals(name)) {
        first = Math.min(first, i);
        last = i;
      }
    }
    this.firstLeaf = first;
    this.lastLeaf = last;
  }

  /**
   * Writes this column of the current row straight into the file's leaf writers (as {@link
   * #write(RecordConsumer, int, Variant)} does through a record consumer), levels included; the
   * caller ends the row. Needs {@link #bindLeaves} first.
   */
  void write(ColumnWriter[] leaves, Variant value) {
    if (value == null) {
      requireNullable();
      for (int i = firstLeaf; i <= lastLeaf; i++) {
        leaves[i].writeNull(0, columnDefined - 1);
      }
      return;
    }
    Variant row = prepare(value);
    if (metadataLeaf >= 0) {
      leaves[metadataLeaf].write(rowMetadata.bytes(), 0, columnDefined);
    }
    levelSink.begin(leaves, levelRoot, rowMetadata);
    splitter.split(row, levelSink);
    levelSink.end();
  }

  private void requireNullable() {
    if (!nullable) {
      throw new IllegalArgumentException(
          "Cannot write SQL NULL into required VARIANT column \"" + name + "\"");
    }
  }

  /** The row to split: in the spec's key order, re-based as the metadata policy asks. */
  private Variant prepare(Variant value) {
    // what we write is in the spec's key order, whoever built the value
    Variant ordered = KeyOrder.toSpecOrder(value);
    return rowMetadata == null ? ordered : rowMetadata.apply(ordered);
  }

  /**
   * What this column's object slots have taken from the rows written so far ({@link
   * ObjectSlotCounts}). An engine writing the column through a {@code WriteSupport} of its own puts
   * it in the footer at the end ({@code finalizeWrite}), as {@link VariantWriteSupport} does: under
   * {@link io.variant.parquet.ObjectCountsFooter#key}, as {@code ObjectCountsFooter.format} writes
   * it. Allocates a snapshot: call it per file or row group, not per row.
   */
  public ObjectSlotCounts objectCounts() {
    return splitter.objectCounts();
  }

  /**
   * Rows whose Variant was re-based by the metadata policy so far (ids rewritten or re-encoded).
   */
  public long rebasedRows() {
    return rowMetadata == null ? 0 : rowMetadata.rebasedRows();
  }
}
