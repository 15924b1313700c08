// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.parquet.VariantRecord;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The first rows of a {@link VariantParquetWriter}, buffered until the file can be opened: they
 * feed plan inference for VARIANT columns declared without a plan, and their metadata keys feed the
 * shared dictionary (see {@link MetadataPolicy#SHARED_DICTIONARY}). Records are checked against the
 * declared columns as they arrive, so a bad record is rejected at its own {@code write} call.
 */
final class RowSample {
  /** Rows sampled when a plan must be inferred and no count was given. */
  static final int DEFAULT_ROWS = 1000;

  /**
   * Keys a shared dictionary takes from the sample, per column. Policy, not spec: past about a
   * thousand keys the rows evidently do not share a vocabulary, and every extra key widens field
   * ids in every row.
   */
  static final int MAX_SAMPLED_KEYS = 1024;

  /**
   * How the writer infers from its first rows: every path passing a 10% presence and the dominance
   * threshold, with file-wide widths. Not the cost model: the writer sees only its first rows and
   * cannot check a plan against the unshredded size, so a plan would turn on a handful of rows'
   * fixed costs; {@code variant convert} samples across the file, applies the cost model and checks
   * the plan (see variant-cli).
   */
  static final InferenceOptions WRITER_INFERENCE = InferenceOptions.presenceRule();

  private final int capacity;
  private final RecordShape shape;
  private final List<VariantRecord> rows = new ArrayList<>();
  private final Map<String, PlanInference> inference = new HashMap<>();
  private final Map<String, Set<String>> keys = new HashMap<>();
  private final Map<String, VariantMetadata> lastMetadata = new HashMap<>();

  /**
   * @param capacity rows to buffer
   * @param shape the declared columns
   * @param inferred VARIANT columns whose plan is inferred
   * @param sampledKeys VARIANT columns whose shared dictionary takes the sampled keys
   * @param widening the widening the inferred plans are written with
   */
  RowSample(
      int capacity,
      RecordShape shape,
      List<String> inferred,
      List<String> sampledKeys,
      NumericWidening widening) {
    this.capacity = capacity;
    this.shape = shape;
    for (String c : inferred) {
      inference.put(c, PlanInference.create(WRITER_INFERENCE.withWidening(widening)));
    }
    for (String c : sampledKeys) {
      keys.put(c, new LinkedHashSet<>());
    }
  }

  /**
   * Checks a record against the declared columns.
   *
   * @throws IllegalArgumentException if it does not match
   */
  void check(VariantRecord record) {
    shape.check(record);
  }

  /**
   * Buffers one row that passed {@link #check}.
   *
   * @throws io.variant.core.VariantFormatException if a Variant is malformed
   */
  void add(VariantRecord record) {
    inference.forEach((column, inf) -> inf.add(record.variant(column)));
    keys.forEach((column, set) -> collectKeys(column, record.variant(column), set));
    rows.add(record);
  }

  private void collectKeys(String column, Variant v, Set<String> set) {
    if (v == null || set.size() >= MAX_SAMPLED_KEYS || v.metadata() == lastMetadata.get(column)) {
      return;
    }
    VariantMetadata m = v.metadata();
    lastMetadata.put(column, m);
    for (int i = 0; i < m.size() && set.size() < MAX_SAMPLED_KEYS; i++) {
      set.add(m.key(i));
    }
  }

  /**
   * @throws IllegalArgumentException if no VARIANT column is named {@code column}
   */
  void requireVariantColumn(String column) {
    if (!shape.isVariant(column)) {
      throw new IllegalArgumentException(
          "Cannot give the dictionary of \"" + column + "\": not a VARIANT column");
    }
  }

  boolean isFull() {
    return rows.size() >= capacity;
  }

  List<VariantRecord> rows() {
    return rows;
  }

  void clear() {
    rows.clear();
  }

  /** The plan inferred for {@code column} from the rows so far. */
  ShreddingPlan inferredPlan(String column) {
    return inference.get(column).result().plan();
  }

  /** The keys seen in {@code column}'s metadata, or none if it does not sample keys. */
  Set<String> keys(String column) {
    return keys.getOrDefault(column, Set.of());
  }
}
