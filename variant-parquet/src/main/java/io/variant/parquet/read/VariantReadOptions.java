// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.KeyOrder;
import io.variant.parquet.filter.VariantCondition;
import io.variant.shredding.RebuildOptions;
import java.util.Set;

/**
 * Options of {@link VariantParquetReader}.
 *
 * @param rebuild how invalid-but-readable shredded data is treated (default: fail on every invalid
 *     combination; {@link RebuildOptions#lenient()} lets typed values win, as parquet-testing cases
 *     043 and 125 allow)
 * @param columns the top-level columns to read, or {@code null} for every readable column
 * @param filter a condition whose row groups are read (others are skipped by their statistics and
 *     dictionaries, see {@link VariantCondition#toParquetFilter}), or {@code null} to read every
 *     row group; rows of the row groups read are all returned, so test them with {@link
 *     VariantCondition#test}
 * @param validation how much of each Variant read is checked before its row is returned (default
 *     {@link Validation#LAZY})
 */
public record VariantReadOptions(
    RebuildOptions rebuild, Set<String> columns, VariantCondition filter, Validation validation) {
  private static final VariantReadOptions DEFAULTS =
      new VariantReadOptions(RebuildOptions.defaults(), null);

  /** How much of each Variant the reader checks before returning its row. */
  public enum Validation {
    /**
     * The default: the checks of {@link io.variant.core.Variant#of} (O(1) per value) and whatever
     * the rebuild of shredded parts reads; the rest when the value is used or {@link
     * io.variant.core.Variant#validate()}d. An unshredded value is returned as stored, so a
     * malformed one fails later, with a byte offset but no row.
     */
    LAZY,
    /**
     * {@link io.variant.core.Variant#validate()} on every Variant read (O(size)): a malformed one
     * (say, a field id beyond its row's dictionary) fails its row with a {@code
     * VariantParquetException} naming the row. For files from untrusted sources.
     */
    FULL,
    /**
     * {@link #FULL}, and every object must list its fields in the spec's key order ({@link
     * KeyOrder#SPEC}): for checking that a file is spec-clean. {@code LAZY} and {@code FULL} accept
     * objects in another order, which DuckDB 2.0 and Spark 4.2 write, and read them exactly.
     */
    STRICT;

    /**
     * The key order the checks demand: {@link KeyOrder#SPEC} under {@link #STRICT}, else {@link
     * KeyOrder#ANY}.
     */
    public KeyOrder keyOrder() {
      return this == STRICT ? KeyOrder.SPEC : KeyOrder.ANY;
    }
  }

  /** Options without a row-group filter, validating lazily. */
  public VariantReadOptions(RebuildOptions rebuild, Set<String> columns) {
    this(rebuild, columns, null);
  }

  /** Options validating lazily. */
  public VariantReadOptions(RebuildOptions rebuild, Set<String> columns, VariantCondition filter) {
    this(rebuild, columns, filter, Validation.LAZY);
  }

  public VariantReadOptions {
    if (rebuild == null || validation == null) {
      throw new NullPointerException("rebuild and validation must not be null");
    }
    columns = columns == null ? null : Set.copyOf(columns);
  }

  /** Strict rebuild, every column. */
  public static VariantReadOptions defaults() {
    return DEFAULTS;
  }

  public VariantReadOptions withRebuild(RebuildOptions options) {
    return new VariantReadOptions(options, columns, filter, validation);
  }

  /** Reads only the named top-level columns, in file order. */
  public VariantReadOptions withColumns(String... names) {
    return new VariantReadOptions(rebuild, Set.of(names), filter, validation);
  }

  /**
   * Skips the row groups in which no row can match {@code predicate} (row groups only, see {@link
   * #filter()}).
   */
  public VariantReadOptions withFilter(VariantCondition predicate) {
    return new VariantReadOptions(rebuild, columns, predicate, validation);
  }

  /**
   * Checks each Variant read as {@code v} says; {@link Validation#FULL} for untrusted files, {@link
   * Validation#STRICT} to demand spec-clean ones.
   */
  public VariantReadOptions withValidation(Validation v) {
    return new VariantReadOptions(rebuild, columns, filter, v);
  }
}
