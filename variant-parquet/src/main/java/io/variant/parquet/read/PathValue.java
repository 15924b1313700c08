// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;

/**
 * One row's value at a projected path: SQL NULL (the VARIANT group is null), absent (the path leads
 * nowhere: a missing key, an index past the end, a step into a value of the wrong kind), or a
 * Variant (possibly a Variant null). <b>Thread safety:</b> immutable.
 */
public final class PathValue {
  static final PathValue SQL_NULL = new PathValue(null, true, true);
  static final PathValue ABSENT_TYPED = new PathValue(null, false, true);
  static final PathValue ABSENT_RESIDUAL = new PathValue(null, false, false);

  private final Variant value;
  private final boolean sqlNull;
  private final boolean fromTypedColumns;

  private PathValue(Variant value, boolean sqlNull, boolean fromTypedColumns) {
    this.value = value;
    this.sqlNull = sqlNull;
    this.fromTypedColumns = fromTypedColumns;
  }

  static PathValue of(Variant value, boolean fromTypedColumns) {
    return new PathValue(value, false, fromTypedColumns);
  }

  static PathValue absent(boolean fromTypedColumns) {
    return fromTypedColumns ? ABSENT_TYPED : ABSENT_RESIDUAL;
  }

  /** True if the row's VARIANT group is null. */
  public boolean isSqlNull() {
    return sqlNull;
  }

  /** True if the path reaches a value (a Variant null counts as a value). */
  public boolean isPresent() {
    return value != null;
  }

  /** The value at the path, or {@code null} when it is absent or the row is SQL NULL. */
  public Variant value() {
    return value;
  }

  /**
   * True if the answer came from typed columns alone: no residual Variant was decoded for it (the
   * residuals along the path were null, or typed parts answered first) and nothing outside the path
   * was rebuilt.
   */
  public boolean fromTypedColumns() {
    return fromTypedColumns;
  }

  @Override
  public String toString() {
    return sqlNull ? "NULL" : value == null ? "(absent)" : value.toString();
  }
}
