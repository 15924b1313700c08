package io.variant.parquet.write;

import io.variant.core.KeyOrder;
import io.variant.core.Variant;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * Writes one VARIANT column of each row into a Parquet {@link RecordConsumer}: the row's metadata,
 * then the split of its value, streamed by a {@link Splitter} straight into consumer calls (no
 * per-row tree). For engines with their own {@code WriteSupport}; {@link VariantWriteSupport} uses
 * one per VARIANT column. spec: VariantShredding §Shredded Value Types (digest §D.7), seed 002 for
 * the draft layout.
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
    this.sink = new RecordConsumerSink(!hasMetadata);
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
      if (!nullable) {
        throw new IllegalArgumentException(
            "Cannot write SQL NULL into required VARIANT column \"" + name + "\"");
      }
      return; // an unwritten optional group reads back as null
    }
    Variant ordered =
        KeyOrder.toSpecOrder(
            value); // what we write is in the spec's key order, whoever built the value
    Variant row = rowMetadata == null ? ordered : rowMetadata.apply(ordered);
    consumer.startField(name, fieldIndex);
    consumer.startGroup();
    if (metadataIndex >= 0) {
      consumer.startField(VariantSchema.METADATA, metadataIndex);
      consumer.addBinary(rowMetadata.bytes());
      consumer.endField(VariantSchema.METADATA, metadataIndex);
    }
    sink.begin(consumer, root);
    splitter.split(row, sink);
    sink.end();
    consumer.endGroup();
    consumer.endField(name, fieldIndex);
  }

  /**
   * Rows whose Variant was re-based by the metadata policy so far (ids rewritten or re-encoded).
   */
  public long rebasedRows() {
    return rowMetadata == null ? 0 : rowMetadata.rebasedRows();
  }
}
