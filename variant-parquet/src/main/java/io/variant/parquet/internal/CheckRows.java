// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import io.variant.core.Variant;
import io.variant.parquet.write.VariantColumn;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.internal.EvenSample;
import java.io.IOException;
import java.util.List;

/**
 * Sampled rows a plan's size check writes, and the share of their file's footer that counts: none
 * where the input has rows the sample did not take, since a file of many more rows spreads its
 * footer thin (a footer entry per typed column would otherwise decide a small sample); where the
 * sample is the whole input, the share these rows are of it, since that file pays its footer in
 * full (1,200 rows of 30 booleans took 17.7 KB with a typed column each, 11.1 KB without: their
 * pages were smaller, their footer 8 KB).
 *
 * @param rows the rows written
 * @param footerShare the share of the footer counted, in [0, 1]
 */
record CheckRows(List<Variant> rows, double footerShare) {
  /**
   * The check's rows of {@code sampled}, at most {@code n}, evenly chosen.
   *
   * @param inputRows the input's rows if the sample holds every one of them, else -1
   */
  static CheckRows of(List<Variant> sampled, int n, long inputRows) {
    List<Variant> rows = EvenSample.of(sampled, n);
    return new CheckRows(rows, inputRows > 0 ? Math.min(1, rows.size() / (double) inputRows) : 0);
  }

  /** At most {@code n} of these rows, evenly chosen, their footer share scaled alike. */
  CheckRows evenly(int n) {
    List<Variant> fewer = EvenSample.of(rows, n);
    return new CheckRows(fewer, footerShare * fewer.size() / Math.max(1, rows.size()));
  }

  /** The bytes of these rows' file under {@code plan}: its pages, and the footer's share. */
  long size(ShreddingPlan plan) throws IOException {
    return CheckedPlan.size(rows, VariantColumn.of("v", plan), footerShare);
  }
}
