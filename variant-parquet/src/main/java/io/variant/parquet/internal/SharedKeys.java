// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import io.variant.parquet.write.VariantColumn;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.internal.EvenSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys {@code variant convert} shares in every row's dictionary, on either engine: those {@link
 * CommonKeys} chooses, kept only if the sampled rows take fewer bytes with them than without.
 *
 * <p>Why a trial: {@link CommonKeys} counts rows that come to carry one dictionary, which pays
 * where most rows use only common keys (an event log: 19,960 of 20,000 rows share one dictionary,
 * and the file is 3% smaller). Where rows also carry keys of their own, as maps keyed by names do,
 * every row's dictionary grows by the shared keys and still differs from the next row's: 50,000
 * shapes of the AWS SDK's service models (each with its members by name) carried 246-263 B of
 * dictionary per row instead of 54-74 B, and the file came out 5% larger. The rule cannot tell the
 * two apart; writing the rows both ways can.
 *
 * <p>Cost: two writes of at most {@value #TRIAL_ROWS} of the sampled rows (evenly chosen), only
 * where {@link CommonKeys} chooses some keys.
 */
public final class SharedKeys {
  /** Rows the trial writes each way. */
  static final int TRIAL_ROWS = 1000;

  /** The share of rows covered at which sharing is kept without a trial. */
  static final double COVERED = 0.9;

  private SharedKeys() {}

  /**
   * The keys to share beside {@code plan}'s, most frequent first; empty if sharing none is best.
   * Null rows are passed over.
   *
   * @throws IOException if writing the sample fails (it is written to no file)
   */
  public static List<String> of(List<Variant> sampled, ShreddingPlan plan) throws IOException {
    CommonKeys.Choice choice = CommonKeys.choose(sampled, plan);
    List<String> keys = choice.keys();
    if (keys.isEmpty() || choice.covered() >= COVERED) {
      return keys;
    }
    List<Variant> rows = EvenSample.of(sampled, TRIAL_ROWS);
    VariantColumn alone = VariantColumn.of("v", plan);
    VariantColumn sharing = alone.withSharedKeys(keys);
    long without = CheckedPlan.size(onDictionary(rows, alone.sharedDictionary()), alone);
    long with = CheckedPlan.size(onDictionary(rows, sharing.sharedDictionary()), sharing);
    return with < without ? keys : List.of();
  }

  /**
   * {@code rows} as {@code convert} parses them onto its writer's dictionary: each row's dictionary
   * is {@code dictionary} plus the keys of its own.
   */
  static List<Variant> onDictionary(List<Variant> rows, VariantMetadata dictionary) {
    VariantBuilder b = VariantBuilder.withMetadata(dictionary);
    List<Variant> out = new ArrayList<>(rows.size());
    for (Variant v : rows) {
      if (v == null) {
        out.add(null);
        continue;
      }
      try {
        out.add(b.appendVariant(v).build());
      } finally {
        b.reset();
      }
    }
    return out;
  }
}
