// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.arrow.CastMode;
import io.variant.arrow.VariantGet;
import io.variant.arrow.VariantVector;
import io.variant.arrow.VariantVectorException;
import io.variant.core.Limits;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * {@code select} on one file: which VARIANT column each output column reads, the paths read of each
 * (and of the {@code --where} column), then batch by batch the rows the condition keeps ({@link
 * BatchWhere}) and each output column's values ({@link VariantGet}: typed columns copied or cast,
 * only residuals parsed), handed to the writer.
 */
final class SelectFile {
  private final ParquetFile parquet;
  private final List<SelectItem> items;
  private final List<String> columnOf; // per item, the VARIANT column it reads
  private final Map<String, List<VariantPath>> paths; // per VARIANT column read
  private final String whereColumn;
  private final VariantCondition where;
  private final BatchWhere batchWhere;
  private final boolean draft; // a column read is in the draft layout: rows rebuilt whole
  private final CastMode mode;
  private final List<CheckedRows> checks = new ArrayList<>();

  private SelectFile(
      ParquetFile parquet,
      List<SelectItem> items,
      List<String> columnOf,
      Map<String, List<VariantPath>> paths,
      String whereColumn,
      VariantCondition where,
      boolean draft,
      CastMode mode,
      Limits limits) {
    this.parquet = parquet;
    this.items = items;
    this.columnOf = columnOf;
    this.paths = paths;
    this.whereColumn = whereColumn;
    this.where = where;
    this.batchWhere = BatchWhere.of(where);
    this.draft = draft;
    this.mode = mode;
    for (int i = 0; i < items.size(); i++) {
      checks.add(new CheckedRows(parquet, columnOf.get(i), limits).at(items.get(i).path()));
    }
  }

  /**
   * Resolves the columns of {@code items} and of {@code where} in {@code parquet}'s schema.
   *
   * @param column {@code --column}, or null: the file's only VARIANT column
   * @throws InputException if a column named is not a VARIANT column of the file, or the default is
   *     needed and the file has no or several VARIANT columns
   */
  static SelectFile resolve(
      ParquetFile parquet,
      List<SelectItem> items,
      String column,
      WhereOption whereOption,
      CastMode mode,
      Limits limits) {
    MessageType schema = parquet.schema();
    Map<String, GroupType> variants = new LinkedHashMap<>();
    for (Type t : schema.getFields()) {
      if (VariantSchema.isVariantGroup(t)) {
        variants.put(t.getName(), t.asGroupType());
      }
    }
    boolean needsDefault =
        column != null
            || whereOption.text != null
            || items.stream().anyMatch(i -> i.column() == null);
    if (needsDefault && column == null && variants.size() > 1) {
      throw new InputException(
          parquet.name(),
          0,
          0,
          "several VARIANT columns ("
              + String.join(", ", variants.keySet())
              + "): choose one with --column, or name it before the path (NAME:$.path)");
    }
    String fallback =
        needsDefault
            ? parquet.variantColumn(variants.keySet(), ParquetFile.fieldNames(schema), column)
            : null;
    List<String> columnOf = new ArrayList<>();
    Map<String, List<VariantPath>> paths = new LinkedHashMap<>();
    for (SelectItem item : items) {
      String c = parquet.variantColumn(variants.keySet(), List.of(), item.columnOr(fallback));
      columnOf.add(c);
      paths.computeIfAbsent(c, k -> new ArrayList<>()).add(item.path());
    }
    VariantCondition where = whereOption.condition(fallback);
    if (where != null) {
      paths.computeIfAbsent(fallback, k -> new ArrayList<>()).addAll(BatchWhere.of(where).paths());
    }
    boolean draft =
        paths.keySet().stream()
            .anyMatch(c -> VariantSchema.detectLayout(variants.get(c)) == ShreddingLayout.DRAFT);
    return new SelectFile(parquet, items, columnOf, paths, fallback, where, draft, mode, limits);
  }

  /**
   * The file's batches: by columns, reading only what the paths need; rebuilt row by row where a
   * column is in the draft layout.
   */
  VariantBatches open(VariantReadOptions rowOptions, BufferAllocator allocator) {
    return draft
        ? RowBatches.open(parquet, paths.keySet(), where, rowOptions, allocator)
        : ColumnBatches.open(parquet, paths, where, allocator);
  }

  /**
   * Writes the selected rows of {@code batches} to {@code out}, stopping at {@code limit}; returns
   * the rows written so far, this file's included.
   */
  long run(VariantBatches batches, SelectWriter out, RowLimit limit, long printed)
      throws IOException {
    while (limit.remaining(printed) > 0 && batches.next()) {
      int[] kept = batchWhere == null ? null : matching(batches);
      int count =
          (int) Math.min(kept == null ? batches.rows() : kept.length, limit.remaining(printed));
      if (count == 0) {
        continue;
      }
      long[] fileRows = new long[count];
      for (int i = 0; i < count; i++) {
        fileRows[i] = batches.fileRow(kept == null ? i : kept[i]);
      }
      write(batches, kept, fileRows, out);
      printed += count;
    }
    return printed;
  }

  private int[] matching(VariantBatches batches) {
    try {
      return batchWhere.matching(batches.column(whereColumn));
    } catch (VariantVectorException e) {
      throw failure(null, whereColumn, batches.fileRow(e.row()), e);
    }
  }

  /**
   * The output columns of the rows {@code kept} (null: the first rows), then the writer. The
   * kernels read those rows alone, so that a cast fails only on rows the output holds, as SQL
   * filters before it casts.
   */
  private void write(VariantBatches batches, int[] kept, long[] fileRows, SelectWriter out)
      throws IOException {
    int count = fileRows.length;
    int[] rows =
        kept != null && kept.length == count
            ? kept
            : kept != null
                ? Arrays.copyOf(kept, count)
                : count < batches.rows() ? first(count) : null;
    List<FieldVector> outputs = new ArrayList<>();
    try {
      for (int i = 0; i < items.size(); i++) {
        String column = columnOf.get(i);
        outputs.add(values(items.get(i), column, batches, rows));
      }
      out.write(new SelectedBatch(outputs, checks, fileRows));
    } finally {
      AutoCloseables.closeNoChecked(AutoCloseables.all(outputs));
    }
  }

  private static int[] first(int count) {
    int[] rows = new int[count];
    for (int i = 0; i < count; i++) {
      rows[i] = i;
    }
    return rows;
  }

  /** The item's values of the batch rows {@code rows} (null: every row). */
  private FieldVector values(SelectItem item, String column, VariantBatches batches, int[] rows) {
    VariantVector batch = batches.column(column);
    try {
      if (item.type() == null) {
        return rows == null
            ? VariantGet.variantGet(batch, item.path())
            : VariantGet.variantGet(batch, item.path(), rows);
      }
      return rows == null
          ? VariantGet.variantGet(batch, item.path(), item.type(), mode)
          : VariantGet.variantGet(batch, item.path(), item.type(), mode, rows);
    } catch (VariantVectorException e) {
      throw failure(item, column, batches.fileRow(e.row()), e);
    }
  }

  /** A kernel's failure at a row, named by file, column and row, and the item's path. */
  private InputException failure(
      SelectItem item, String column, long fileRow, VariantVectorException e) {
    // the kernel's words after "Cannot <action> at row <row>: ", or what it could not read
    String detail =
        e.getCause() != null
            ? e.getCause().getMessage()
            : e.getMessage().substring(e.getMessage().indexOf(": ") + 2);
    String what =
        item == null
            ? "Invalid Variant: " + detail
            : e.getCause() == null
                ? "Cannot cast "
                    + item.label()
                    + ": "
                    + detail
                    + "; --lenient gives null where a value does not cast"
                : CheckedRows.invalid(item.path()) + ": " + detail;
    return parquet.error(new VariantParquetException(null, column, fileRow, what, e));
  }
}
