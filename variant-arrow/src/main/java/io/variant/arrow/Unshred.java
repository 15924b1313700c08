// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.shredding.ShreddingPlan;

/**
 * Rebuilds a Variant column into unshredded storage: each row the Variant {@link
 * io.variant.shredding.Rebuilder} rebuilds from its slots (spec: VariantShredding §Reconstructing a
 * Shredded Variant), SQL NULL rows stay null.
 *
 * <pre>{@code
 * try (VariantVector whole = Unshred.unshred(column)) { ... }
 * }</pre>
 */
public final class Unshred {
  private Unshred() {}

  /**
   * A new unshredded column with {@code column}'s name and rows, from {@code column}'s allocator;
   * the caller closes it. An unshredded input is copied.
   *
   * @throws VariantVectorException naming the row whose slots are invalid or whose bytes are
   *     malformed; nothing stays allocated
   */
  public static VariantVector unshred(VariantVector column) {
    int rows = column.getValueCount();
    ColumnReader reader = column.reader();
    VariantVector out =
        VariantVector.create(column.getName(), ShreddingPlan.residual(), column.getAllocator());
    return RowLoop.fill(out, rows, row -> out.setSafe(row, rebuild(reader, row)));
  }

  private static Variant rebuild(ColumnReader reader, int row) {
    try {
      return reader.variant(row);
    } catch (VariantException e) {
      throw VariantVectorException.at(row, "rebuild the Variant", e.getMessage(), e);
    }
  }
}
