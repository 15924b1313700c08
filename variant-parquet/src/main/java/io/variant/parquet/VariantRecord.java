// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet;

import io.variant.core.Variant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One row of a Parquet file: named columns in schema order. A VARIANT column holds a {@link
 * Variant}, or {@code null} for SQL NULL (the column's group is null); a Variant null is a non-null
 * {@code Variant} whose type is {@code NULL}. An ordinary column holds a {@link Long}, {@link
 * Integer}, {@link String}, {@link Double}, {@link Boolean}, {@code byte[]} or {@code null}.
 *
 * <pre>{@code
 * VariantRecord row = VariantRecord.builder().set("id", 1L).set("event", variant).build();
 * Variant event = row.variant("event");
 * }</pre>
 *
 * <p><b>Equality:</b> two records are equal when they have the same columns in the same order and
 * equal values; Variants compare logically ({@link Variant#equals}), byte arrays by content.
 * <b>Thread safety:</b> immutable ({@code byte[]} values are copied in and out).
 *
 * <p>Columns are kept in two arrays in set order, so writers read them by position ({@link
 * #column(int)}, {@link #get(int)}) without a lookup per value; lookups by name scan the names, or
 * a map built once for rows of more than {@value #SCAN_LIMIT} columns.
 */
public final class VariantRecord {
  /** Rows up to this many columns find names by scanning; wider ones build a map once. */
  static final int SCAN_LIMIT = 12;

  private final String[] names;
  private final Object[] values;
  private volatile Map<String, Integer> index; // wide rows only, built on first lookup

  private VariantRecord(String[] names, Object[] values) {
    this.names = names;
    this.values = values;
  }

  /** A new, empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** The column names, in the order they were set (the schema order for rows read from a file). */
  public List<String> columns() {
    return List.of(names);
  }

  /** Number of columns the row has. */
  public int columnCount() {
    return names.length;
  }

  /**
   * The name of the column at {@code position} (0-based, in set order).
   *
   * @throws IndexOutOfBoundsException if {@code position} is not below {@link #columnCount()}
   */
  public String column(int position) {
    return names[position];
  }

  /**
   * The value of the column at {@code position}, as {@link #get(String)} gives it.
   *
   * @throws IndexOutOfBoundsException if {@code position} is not below {@link #columnCount()}
   */
  public Object get(int position) {
    return copyOut(values[position]);
  }

  /**
   * The class of the value at {@code position} without copying it, or {@code null} for SQL NULL.
   *
   * @throws IndexOutOfBoundsException if {@code position} is not below {@link #columnCount()}
   */
  public Class<?> typeOf(int position) {
    Object v = values[position];
    return v == null ? null : v.getClass();
  }

  /**
   * The class of {@code column}'s value without copying it, or {@code null} for SQL NULL: lets
   * writers check records without the copies that {@link #columns()} and {@link #get} make.
   *
   * @throws IllegalArgumentException if the row has no such column
   */
  public Class<?> typeOf(String column) {
    return typeOf(require(column));
  }

  /** True if the row has a column named {@code column}. */
  public boolean has(String column) {
    return positionOf(column) >= 0;
  }

  /**
   * The value of {@code column}: a {@link Variant}, a boxed primitive, a {@link String}, a copy of
   * a {@code byte[]}, or {@code null} for SQL NULL.
   *
   * @throws IllegalArgumentException if the row has no such column
   */
  public Object get(String column) {
    return copyOut(values[require(column)]);
  }

  private static Object copyOut(Object v) {
    return v instanceof byte[] ? ((byte[]) v).clone() : v;
  }

  /**
   * The Variant of VARIANT column {@code column}, or {@code null} if it is SQL NULL.
   *
   * @throws IllegalArgumentException if the row has no such column or the column is not a VARIANT
   *     column
   */
  public Variant variant(String column) {
    Object v = values[require(column)];
    if (v != null && !(v instanceof Variant)) {
      throw new IllegalArgumentException(
          "Cannot read column \""
              + column
              + "\" as a Variant: it holds a "
              + v.getClass().getSimpleName());
    }
    return (Variant) v;
  }

  private int require(String column) {
    int i = positionOf(column);
    if (i < 0) {
      throw new IllegalArgumentException(
          "Cannot read column \"" + column + "\": the row has columns " + columns());
    }
    return i;
  }

  private int positionOf(String column) {
    if (names.length <= SCAN_LIMIT) {
      return scan(names, names.length, column);
    }
    Map<String, Integer> m = index;
    if (m == null) {
      m = new HashMap<>(names.length * 2);
      for (int i = 0; i < names.length; i++) {
        m.put(names[i], i);
      }
      index = m;
    }
    Integer i = m.get(column);
    return i == null ? -1 : i;
  }

  private static int scan(String[] names, int count, String column) {
    for (int i = 0; i < count; i++) {
      if (names[i].equals(column)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof VariantRecord)) {
      return false;
    }
    VariantRecord other = (VariantRecord) o;
    return Arrays.equals(names, other.names) && Arrays.deepEquals(values, other.values);
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int i = 0; i < names.length; i++) {
      Object v = values[i];
      h =
          31 * h
              + (names[i].hashCode()
                  ^ (v instanceof byte[] ? Arrays.hashCode((byte[]) v) : Objects.hashCode(v)));
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < names.length; i++) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      Object v = values[i];
      sb.append(names[i]).append('=');
      if (v == null) {
        sb.append("NULL");
      } else if (v instanceof byte[]) {
        sb.append("0x").append(HexFormat.of().formatHex((byte[]) v));
      } else if (v instanceof String) {
        sb.append('"').append(v).append('"');
      } else {
        sb.append(v);
      }
    }
    return sb.append('}').toString();
  }

  /** Builds a {@link VariantRecord}; columns keep the order they are set in. */
  public static final class Builder {
    private String[] names = new String[4];
    private Object[] values = new Object[4];
    private int count;
    private Map<String, Integer> seen; // wide rows only
    private boolean built;

    private Builder() {}

    /**
     * Sets {@code column} to {@code value}: a {@link Variant}, {@link Long}, {@link Integer},
     * {@link String}, {@link Double}, {@link Boolean}, {@code byte[]} (copied) or {@code null} (SQL
     * NULL).
     *
     * @throws IllegalArgumentException if the column was already set or the value has another type
     * @throws NullPointerException if {@code column} is null
     */
    public Builder set(String column, Object value) {
      Objects.requireNonNull(column, "column");
      if (built) {
        throw new IllegalStateException("Cannot set a column after build(): start a new builder()");
      }
      if (isSet(column)) {
        throw new IllegalArgumentException("Cannot set column \"" + column + "\" twice");
      }
      if (value != null && !isSupported(value)) {
        throw new IllegalArgumentException(
            "Cannot set column \""
                + column
                + "\" to a "
                + value.getClass().getName()
                + ": expected Variant, Long, Integer, String, Double, Boolean or byte[]");
      }
      if (count == names.length) {
        names = Arrays.copyOf(names, count * 2);
        values = Arrays.copyOf(values, count * 2);
      }
      if (seen != null) {
        seen.put(column, count);
      }
      names[count] = column;
      values[count] = value instanceof byte[] ? ((byte[]) value).clone() : value;
      count++;
      return this;
    }

    private boolean isSet(String column) {
      if (seen == null && count > SCAN_LIMIT) {
        seen = new HashMap<>(count * 4);
        for (int i = 0; i < count; i++) {
          seen.put(names[i], i);
        }
      }
      return seen != null ? seen.containsKey(column) : scan(names, count, column) >= 0;
    }

    private static boolean isSupported(Object v) {
      return v instanceof Variant
          || v instanceof Long
          || v instanceof Integer
          || v instanceof String
          || v instanceof Double
          || v instanceof Boolean
          || v instanceof byte[];
    }

    /** The record; the builder cannot be used afterwards. */
    public VariantRecord build() {
      if (built) {
        throw new IllegalStateException("Cannot build() twice: start a new builder()");
      }
      built = true;
      if (count == names.length) {
        return new VariantRecord(names, values);
      }
      // not Arrays.copyOf: for a String[] it allocates through reflection (Array.newInstance), 4%
      // of a full read of a one-column file, which builds a record per row
      String[] n = new String[count];
      Object[] v = new Object[count];
      System.arraycopy(names, 0, n, 0, count);
      System.arraycopy(values, 0, v, 0, count);
      return new VariantRecord(n, v);
    }
  }
}
