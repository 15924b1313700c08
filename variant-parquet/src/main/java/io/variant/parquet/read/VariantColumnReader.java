// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantMetadata;
import io.variant.core.VariantSink;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddedSource;

/**
 * Reads one VARIANT column of the requested schema, the mirror of {@code
 * write.VariantColumnWriter}: its converter tree (step 2 in the package Javadoc), the current row's
 * state (whether the group is non-null, its metadata, the first unreadable typed value, the root
 * slot; step 3) and the rebuild at the end of the row (step 4). Reused for every row; one thread.
 */
final class VariantColumnReader implements RowColumn {
  final String name;
  final SlotSource root;
  final SlotConverter converter;
  private final Rebuilder rebuilder;
  final boolean nullFieldGroupIsMissing; // else a null group that the layout requires fails
  private PullSource pulled; // the root as the level reader's pulled leaves give it, or null
  private boolean present;
  private long row; // counts the rows cleared: what SlotSource#startedIn compares with
  private VariantMetadata metadata;
  private MetadataConverter metadataEntries; // with metadataEntry: decoded on first use
  private int metadataEntry;
  private VariantFormatException metadataError;
  private VariantParquetException typedError;
  private VariantParquetException levelFault;

  /**
   * @param node the column described from the requested schema
   */
  VariantColumnReader(ShreddedSchemaNode node, RebuildOptions options) {
    this.name = node.group().getName();
    this.root = new SlotSource(node, this);
    this.converter =
        new SlotConverter(
            node,
            () -> {
              start();
              return root;
            },
            this,
            true);
    this.rebuilder = Rebuilder.of(node.plan(), options);
    this.nullFieldGroupIsMissing =
        options.nullFieldGroup() == RebuildOptions.NullFieldGroup.MISSING;
  }

  @Override
  public Object value() {
    return rebuild();
  }

  /**
   * The current row's Variant, or {@code null} for SQL NULL (the group is null).
   *
   * @throws VariantParquetException naming the column if the shredded parts are invalid or
   *     malformed
   */
  Variant rebuild() {
    if (!present) {
      return null;
    }
    if (typedError != null) {
      throw typedError; // names the typed column; the rebuilder would report only the slot path
    }
    try {
      Variant stored = stored();
      if (stored != null) {
        return stored;
      }
      return rebuilder.rebuild(rowMetadata(), source());
    } catch (VariantParquetException e) {
      throw e; // names its column already
    } catch (VariantException e) {
      throw cannotRebuild(e);
    }
  }

  /**
   * {@link #rebuild()} handing the row to {@code sink} ({@link Rebuilder#rebuildTo}); returns
   * false, handing nothing, for SQL NULL.
   *
   * @throws VariantParquetException as {@link #rebuild()}
   */
  boolean rebuildTo(VariantSink sink) {
    if (!present) {
      return false;
    }
    if (typedError != null) {
      throw typedError;
    }
    try {
      Variant stored = stored();
      if (stored != null) {
        sink.add(stored);
      } else {
        rebuilder.rebuildTo(rowMetadata(), source(), sink);
      }
      return true;
    } catch (VariantParquetException e) {
      throw e;
    } catch (VariantException e) {
      throw cannotRebuild(e);
    }
  }

  /**
   * The row's residual when it is the whole value (no typed part): an unshredded row, whose stored
   * bytes are the value with no copy needed; else {@code null}.
   */
  private Variant stored() {
    PullSource p = pulled;
    if (p != null) {
      return p.hasTyped() ? null : p.residual();
    }
    return !root.hasTyped() && root.hasResidual() ? root.residual() : null;
  }

  /** Where the row's slots are read from: the pulled leaves, or the converter tree's root. */
  private ShreddedSource source() {
    return pulled != null ? pulled : root;
  }

  /** The dictionary the row is rebuilt over: the row's metadata, or none in the draft layout. */
  private VariantMetadata rowMetadata() {
    return pulled != null || root.node.layout().hasMetadataColumn() ? metadata() : null;
  }

  private VariantParquetException cannotRebuild(VariantException e) {
    return new VariantParquetException(
        null, name, -1, "Cannot rebuild the Variant: " + e.getMessage(), e);
  }

  /**
   * Rebuilds rows from {@code p} instead of {@link #root}: the level reader pulls the leaves
   * outside lists ({@link PullSource}). The spec layout only: the metadata leaf starts the column's
   * group.
   */
  void pull(PullSource p) {
    pulled = p;
  }

  /** A new row: the group counts as SQL NULL until it starts. */
  @Override
  public void clear() {
    row++;
    present = false;
    metadata = null;
    metadataEntries = null;
    metadataError = null;
    typedError = null;
    levelFault = null;
  }

  /** The column's group started: not SQL NULL. */
  void start() {
    present = true;
    root.reset();
  }

  /** The current row's number among the rows this reader has started (from 1). */
  long row() {
    return row;
  }

  boolean present() {
    return present;
  }

  void setMetadata(VariantMetadata m) {
    metadata = m;
    metadataEntries = null;
    metadataError = null;
  }

  /** The row's metadata is entry {@code id} of {@code entries}' dictionary, decoded when used. */
  void setMetadata(MetadataConverter entries, int id) {
    metadata = null;
    metadataEntries = entries;
    metadataEntry = id;
    metadataError = null;
  }

  /**
   * The row's metadata bytes are no dictionary. Reported by {@link #metadata()} when the row is
   * rebuilt: a converter that throws mid-record leaves parquet-java's column readers on the bad
   * value, so every later row would fail there too.
   */
  void setMetadataError(VariantFormatException e) {
    metadata = null;
    metadataEntries = null;
    metadataError = e;
  }

  /**
   * A typed value of this row is unreadable (see {@link SlotSource#setTypedError}); the first one
   * is kept.
   */
  void setTypedError(VariantParquetException e) {
    if (typedError == null) {
      typedError = e;
    }
  }

  /**
   * This row's leaves disagree on their levels ({@link ElementCounts}, a field group that its first
   * leaf says is null: see {@link LeafColumn}); the first disagreement is kept. The level reader
   * throws it once every leaf has read the row, so the next row reads from where it starts.
   */
  void setLevelFault(VariantParquetException e) {
    if (levelFault == null) {
      levelFault = e;
    }
  }

  /** The first disagreement of this row's leaves, or {@code null}. */
  VariantParquetException levelFault() {
    return levelFault;
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
    if (metadataEntries != null) {
      metadata = metadataEntries.decode(metadataEntry); // its failure fails this row only
      metadataEntries = null;
    }
    if (metadata == null && root.node.layout().hasMetadataColumn()) {
      // Invariant: the required metadata column is delivered before any residual is decoded, at
      // the record's end.
      throw new IllegalStateException(
          "Cannot decode a residual of column " + name + " before its metadata");
    }
    return metadata;
  }
}
