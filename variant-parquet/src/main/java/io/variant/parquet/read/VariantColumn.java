package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.Rebuilder;

/** One VARIANT column of the requested schema: its converter tree, its per-row state and its rebuilder. */
final class VariantColumn {
  final String name;
  final ColumnRow row;
  final SlotConverter converter;
  private final Rebuilder rebuilder;

  /** @param node the column described from the requested schema */
  VariantColumn(ShreddedSchemaNode node, RebuildOptions options) {
    this.name = node.group().getName();
    this.row = new ColumnRow(name, node);
    this.converter = new SlotConverter(node, () -> {
      row.start();
      return row.root;
    }, row, true);
    this.rebuilder = Rebuilder.of(node.plan(), options);
  }

  /**
   * The current row's Variant, or {@code null} for SQL NULL (the group is null).
   *
   * @throws VariantParquetException naming the column if the shredded parts are invalid or malformed
   */
  Variant rebuild() {
    if (!row.present()) {
      return null;
    }
    if (row.typedError() != null) {
      throw row.typedError(); // names the typed column; the rebuilder would report only the slot path
    }
    SlotSource root = row.root;
    try {
      if (!root.hasTyped() && root.hasResidual()) {
        return root.residual(); // unshredded row: the stored bytes are the value, no copy needed
      }
      return rebuilder.rebuild(root.node.layout().hasMetadataColumn() ? row.metadata() : null, root);
    } catch (VariantException e) {
      throw new VariantParquetException(null, name, -1, "Cannot rebuild the Variant: " + e.getMessage(), e);
    }
  }
}
