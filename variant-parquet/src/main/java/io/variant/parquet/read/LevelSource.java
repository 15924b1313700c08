// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.shredding.RebuildOptions;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.schema.MessageType;

/**
 * Rows read by the level reader ({@link LevelRows}) instead of parquet-java's record assembly: what
 * {@link VariantParquetReader} uses. The rows are the same as through {@link VariantReadSupport}
 * and {@link PathReadSupport} (which engines embed in their own readers), and so are the checks of
 * {@link FullValidation}.
 *
 * @param <T> {@code VariantRecord} or {@link PathValue}
 */
final class LevelSource<T> extends RowCursor.Source<T> {
  private final MessageType requested;
  private final RebuildOptions options;
  private final Function<RowConverter, Supplier<T>> rowOf;
  private final Consumer<T> validator;
  private final boolean pull; // rows rebuilt whole: LevelRows pulls the leaves outside lists
  private LevelRows rows;
  private Supplier<T> row;

  private LevelSource(
      MessageType requested,
      RebuildOptions options,
      Function<RowConverter, Supplier<T>> rowOf,
      Consumer<T> validator,
      boolean pull) {
    this.requested = requested;
    this.pull = pull;
    this.options = options;
    this.rowOf = rowOf;
    this.validator = validator;
  }

  /** Whole records of {@code requested} (a schema {@link FileColumns#requestedSchema} made). */
  static LevelSource<VariantRecord> records(MessageType requested, VariantReadOptions options) {
    return new LevelSource<>(
        requested,
        FullValidation.rebuildOptions(options),
        columns -> columns::record,
        FullValidation.records(options.validation()),
        true);
  }

  /** The value at {@code steps} of the one VARIANT column of {@code requested}, per row. */
  static LevelSource<PathValue> path(
      MessageType requested, String column, List<Segment> steps, VariantReadOptions options) {
    return new LevelSource<>(
        requested,
        options.rebuild(),
        columns -> new PathResolver(columns.variantColumn(0), steps, options.rebuild())::resolve,
        FullValidation.path(column, VariantPath.of(steps), options.validation()),
        false);
  }

  @Override
  MessageType open(FileMetaData meta, ParquetConfiguration configuration) {
    rows = new LevelRows(requested, options, meta.getCreatedBy(), pull);
    row = rowOf.apply(rows.columns());
    return requested;
  }

  @Override
  void startRowGroup(PageReadStore pages) {
    rows.open(pages);
  }

  @Override
  ColumnDescriptor failedLeaf() {
    return rows == null ? null : rows.failedLeaf();
  }

  @Override
  T read() {
    rows.readRow();
    T t = row.get();
    if (validator != null) {
      validator.accept(t);
    }
    return t;
  }
}
