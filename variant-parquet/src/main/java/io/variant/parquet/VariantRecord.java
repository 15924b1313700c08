package io.variant.parquet;

import io.variant.core.Variant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
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
 */
public final class VariantRecord {
  private final LinkedHashMap<String, Object> values;

  private VariantRecord(LinkedHashMap<String, Object> values) {
    this.values = values;
  }

  /** A new, empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** The column names, in the order they were set (the schema order for rows read from a file). */
  public List<String> columns() {
    return Collections.unmodifiableList(new ArrayList<>(values.keySet()));
  }

  /** Number of columns the row has. */
  public int columnCount() {
    return values.size();
  }

  /**
   * The class of {@code column}'s value without copying it, or {@code null} for SQL NULL: lets
   * writers check records without the copies that {@link #columns()} and {@link #get} make.
   *
   * @throws IllegalArgumentException if the row has no such column
   */
  public Class<?> typeOf(String column) {
    Object v = require(column);
    return v == null ? null : v.getClass();
  }

  /** True if the row has a column named {@code column}. */
  public boolean has(String column) {
    return values.containsKey(column);
  }

  /**
   * The value of {@code column}: a {@link Variant}, a boxed primitive, a {@link String}, a copy of
   * a {@code byte[]}, or {@code null} for SQL NULL.
   *
   * @throws IllegalArgumentException if the row has no such column
   */
  public Object get(String column) {
    Object v = require(column);
    return v instanceof byte[] ? ((byte[]) v).clone() : v;
  }

  /**
   * The Variant of VARIANT column {@code column}, or {@code null} if it is SQL NULL.
   *
   * @throws IllegalArgumentException if the row has no such column or the column is not a VARIANT
   *     column
   */
  public Variant variant(String column) {
    Object v = require(column);
    if (v != null && !(v instanceof Variant)) {
      throw new IllegalArgumentException(
          "Cannot read column \""
              + column
              + "\" as a Variant: it holds a "
              + v.getClass().getSimpleName());
    }
    return (Variant) v;
  }

  private Object require(String column) {
    Object v = values.get(column);
    if (v == null && !values.containsKey(column)) {
      throw new IllegalArgumentException(
          "Cannot read column \"" + column + "\": the row has columns " + values.keySet());
    }
    return v;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof VariantRecord)) {
      return false;
    }
    VariantRecord other = (VariantRecord) o;
    if (!columns().equals(other.columns())) {
      return false;
    }
    for (Map.Entry<String, Object> e : values.entrySet()) {
      if (!Objects.deepEquals(e.getValue(), other.values.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (Map.Entry<String, Object> e : values.entrySet()) {
      Object v = e.getValue();
      h =
          31 * h
              + (e.getKey().hashCode()
                  ^ (v instanceof byte[] ? Arrays.hashCode((byte[]) v) : Objects.hashCode(v)));
    }
    return h;
  }

  /**
   * {@code {id=1, event={"a":1}, raw=0x0a0b, gone=NULL}}: Variants as JSON, bytes as hex, SQL NULL
   * as NULL.
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (Map.Entry<String, Object> e : values.entrySet()) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      Object v = e.getValue();
      sb.append(e.getKey()).append('=');
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

  /** Collects columns in order; single-use and not thread-safe. */
  public static final class Builder {
    private LinkedHashMap<String, Object> values = new LinkedHashMap<>();

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
      if (values == null) {
        throw new IllegalStateException("Cannot set a column after build(): start a new builder()");
      }
      if (values.containsKey(column)) {
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
      values.put(column, value instanceof byte[] ? ((byte[]) value).clone() : value);
      return this;
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
      if (values == null) {
        throw new IllegalStateException("Cannot build() twice: start a new builder()");
      }
      VariantRecord r = new VariantRecord(values);
      values = null;
      return r;
    }
  }
}
