// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.schema;

import io.variant.core.VariantException;

/**
 * A Parquet group cannot be read as, or a plan cannot be written as, a VARIANT column: a missing or
 * mistyped {@code metadata}/{@code value}, an unsupported {@code typed_value} type, an unknown
 * field, or an unsupported annotation version. Names the column path of the offending node.
 */
public final class VariantSchemaException extends VariantException {
  private final String column;

  /**
   * @param column dotted Parquet path of the offending node, e.g. {@code
   *     var.typed_value.a.typed_value}
   * @param message what is wrong, starting with a capital letter
   */
  public VariantSchemaException(String column, String message) {
    super("Invalid VARIANT schema at " + column + ": " + message);
    this.column = column;
  }

  /** Dotted Parquet path of the offending node. */
  public String column() {
    return column;
  }
}
