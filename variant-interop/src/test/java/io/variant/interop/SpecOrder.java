// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.KeyOrder;
import io.variant.core.Variant;
import io.variant.core.VariantFormatException;
import java.util.List;

/**
 * Counts the rows an engine wrote with objects out of the spec's key order, which our reader must
 * take.
 */
final class SpecOrder {
  private SpecOrder() {}

  /** Rows (SQL NULLs aside) that fail {@link KeyOrder#SPEC} validation only. */
  static long rowsOutOfOrder(List<Variant> rows) {
    return rows.stream().filter(v -> v != null && !inSpecOrder(v)).count();
  }

  private static boolean inSpecOrder(Variant v) {
    v.validate(); // malformed otherwise: that is no order question
    try {
      v.validate(KeyOrder.SPEC);
      return true;
    } catch (VariantFormatException e) {
      return false;
    }
  }
}
