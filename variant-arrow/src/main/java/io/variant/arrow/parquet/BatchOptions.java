// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.core.path.VariantPath;
import io.variant.parquet.filter.VariantCondition;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a {@link VariantBatchReader} reads: at most {@code batchSize} rows a batch, the top-level
 * {@code columns} (empty: all it can read), for some VARIANT columns only the columns that {@code
 * paths} need, and the row groups that {@code filter} cannot rule out by their statistics.
 *
 * @param batchSize rows per batch, at least 1; a batch never spans two row groups
 * @param columns top-level columns to read; empty reads every VARIANT column and every plain column
 *     of a type {@link VariantBatchReader} reads
 * @param paths per VARIANT column, the paths its batches must answer ({@code VariantGet}); a column
 *     not named here is read whole
 * @param filter prunes row groups only (rows of a group it keeps are all read), or {@code null}
 * @param unshredded every VARIANT column in the unshredded storage ({@code metadata}, {@code
 *     value}): each row rebuilt whole while its pages are read, by the rebuild of the row reader
 *     ({@code io.variant.parquet.read.RowGroupVariants}), the same Variants {@code Unshred} makes
 *     of the shredded batches, at less cost; {@code paths} then do not apply
 */
public record BatchOptions(
    int batchSize,
    Set<String> columns,
    Map<String, List<VariantPath>> paths,
    VariantCondition filter,
    boolean unshredded) {
  /** The default batch size: 4096 rows. */
  public static final int DEFAULT_BATCH_SIZE = 4096;

  /**
   * Copies the collections and checks the batch size.
   *
   * @throws IllegalArgumentException if the batch size is below 1, or paths are given for
   *     unshredded columns
   */
  public BatchOptions {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, not " + batchSize);
    }
    if (unshredded && !paths.isEmpty()) {
      throw new IllegalArgumentException(
          "paths project the shredded storage; unshredded columns are read whole");
    }
    columns = Set.copyOf(columns);
    paths = Map.copyOf(paths);
  }

  /** The options with each VARIANT column in the shredded storage of its file column. */
  public BatchOptions(
      int batchSize,
      Set<String> columns,
      Map<String, List<VariantPath>> paths,
      VariantCondition filter) {
    this(batchSize, columns, paths, filter, false);
  }

  /**
   * Every column whole, in the storage of its file column, every row group, {@link
   * #DEFAULT_BATCH_SIZE} rows a batch.
   */
  public static BatchOptions defaults() {
    return new BatchOptions(DEFAULT_BATCH_SIZE, Set.of(), Map.of(), null, false);
  }

  /** These options with {@code rows} rows a batch at most. */
  public BatchOptions withBatchSize(int rows) {
    return new BatchOptions(rows, columns, paths, filter, unshredded);
  }

  /** These options reading only the top-level columns {@code names}. */
  public BatchOptions withColumns(String... names) {
    return new BatchOptions(
        batchSize, new LinkedHashSet<>(Arrays.asList(names)), paths, filter, unshredded);
  }

  /** These options reading of VARIANT column {@code column} only what {@code wanted} need. */
  public BatchOptions withPaths(String column, VariantPath... wanted) {
    Map<String, List<VariantPath>> more = new LinkedHashMap<>(paths);
    more.put(column, List.of(wanted));
    return new BatchOptions(batchSize, columns, more, filter, unshredded);
  }

  /**
   * These options skipping the row groups whose statistics rule out {@code condition} (a {@code
   * VariantPredicate}, or {@code and}, {@code or} and {@code not} of them).
   */
  public BatchOptions withFilter(VariantCondition condition) {
    return new BatchOptions(batchSize, columns, paths, condition, unshredded);
  }

  /**
   * These options reading every VARIANT column in the unshredded storage, each row rebuilt whole
   * while its pages are read (see {@link #unshredded()}).
   *
   * @throws IllegalArgumentException if paths are given
   */
  public BatchOptions withUnshredded() {
    return new BatchOptions(batchSize, columns, paths, filter, true);
  }
}
