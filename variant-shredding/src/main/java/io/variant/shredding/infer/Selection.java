// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

/** How inference decides which paths get typed columns. */
public enum Selection {
  /**
   * The default: a leaf is typed only when {@link CostModel} expects it to save bytes (after the
   * presence and dominance rules); leaves that do not pay stay in the residual, and objects and
   * arrays left without typed leaves go with them.
   */
  COST_MODEL,
  /**
   * Every path that passes the presence and dominance thresholds is typed, as long as the column
   * budget lasts; a field without a dominant type keeps its own {@code variant} column.
   */
  PRESENCE
}
