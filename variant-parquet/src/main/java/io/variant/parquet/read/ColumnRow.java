package io.variant.parquet.read;

import io.variant.core.VariantFormatException;
import io.variant.core.VariantMetadata;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.schema.ShreddedSchemaNode;

/** The current row's state of one VARIANT column: whether its group is non-null, its metadata, its root slot. */
final class ColumnRow {
  final String column;
  final SlotSource root;
  private boolean present;
  private VariantMetadata metadata;
  private VariantFormatException metadataError;
  private VariantParquetException typedError;

  ColumnRow(String column, ShreddedSchemaNode rootNode) {
    this.column = column;
    this.root = new SlotSource(rootNode, this);
  }

  /** A new row: the group counts as SQL NULL until it starts. */
  void clear() {
    present = false;
    metadata = null;
    metadataError = null;
    typedError = null;
  }

  /** The column's group started: not SQL NULL. */
  void start() {
    present = true;
    root.reset();
  }

  boolean present() {
    return present;
  }

  void setMetadata(VariantMetadata m) {
    metadata = m;
    metadataError = null;
  }

  /**
   * The row's metadata bytes are no dictionary. Reported by {@link #metadata()} when the row is rebuilt: a
   * converter that throws mid-record leaves parquet-java's column readers on the bad value, so every later
   * row would fail there too.
   */
  void setMetadataError(VariantFormatException e) {
    metadata = null;
    metadataError = e;
  }

  /** A typed value of this row is unreadable (see {@link SlotSource#setTypedError}); the first one is kept. */
  void setTypedError(VariantParquetException e) {
    if (typedError == null) {
      typedError = e;
    }
  }

  /** The first unreadable typed value of this row, naming its column path, or {@code null}. */
  VariantParquetException typedError() {
    return typedError;
  }

  /**
   * The row's metadata (spec layout), or {@code null} in the draft layout.
   *
   * @throws VariantFormatException if the row's metadata bytes are no dictionary
   */
  VariantMetadata metadata() {
    if (metadataError != null) {
      throw metadataError;
    }
    if (metadata == null && root.node.layout().hasMetadataColumn()) {
      // Invariant: the required metadata column is delivered before any residual is decoded (at record end).
      throw new IllegalStateException("Cannot decode a residual of column " + column + " before its metadata");
    }
    return metadata;
  }
}
