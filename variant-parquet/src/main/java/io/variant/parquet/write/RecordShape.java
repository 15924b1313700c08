// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import java.util.List;

/**
 * The columns a record must have, the Java type of each non-null value and which may not be null.
 * Checked before anything of a row is written, so a rejected record leaves the file untouched.
 */
final class RecordShape {
  private final String[] names;
  private final Class<?>[] types;
  private final boolean[] required;

  private RecordShape(List<String> names, List<Class<?>> types, List<Boolean> required) {
    this.names = names.toArray(new String[0]);
    this.types = types.toArray(new Class<?>[0]);
    this.required = new boolean[names.size()];
    for (int i = 0; i < this.required.length; i++) {
      this.required[i] = required.get(i);
    }
  }

  static RecordShape of(List<WriteColumn> columns) {
    return new RecordShape(
        columns.stream().map(WriteColumn::name).toList(),
        columns.stream().<Class<?>>map(RecordShape::javaType).toList(),
        columns.stream().map(RecordShape::isRequired).toList());
  }

  static Class<?> javaType(WriteColumn c) {
    return c instanceof PlainColumn p ? p.type().javaType() : Variant.class;
  }

  /** True if the column's group is {@code required}, so a record must hold a value for it. */
  static boolean isRequired(WriteColumn c) {
    return c instanceof VariantColumn v && !v.nullable();
  }

  static RecordShape of(List<String> names, List<Class<?>> types, List<Boolean> required) {
    return new RecordShape(names, types, required);
  }

  /** True if {@code column} is declared and holds Variants. */
  boolean isVariant(String column) {
    int i = List.of(names).indexOf(column);
    return i >= 0 && types[i] == Variant.class;
  }

  /**
   * @throws IllegalArgumentException if the record lacks a column, has an extra one, holds a value
   *     of the wrong type, or null in a required column
   */
  void check(VariantRecord record) {
    if (record.columnCount() != names.length) {
      throw wrongColumns(record);
    }
    for (int i = 0; i < names.length; i++) {
      if (inPlace(record, i)) {
        checkValue(i, record.typeOf(i)); // the usual case: columns set in declared order
      } else if (record.has(names[i])) {
        checkValue(i, record.typeOf(names[i]));
      } else {
        throw wrongColumns(record); // same count, so some other column is there instead
      }
    }
  }

  /** The value of declared column {@code i} in a checked record, read by position if it can be. */
  Object value(VariantRecord record, int i) {
    return inPlace(record, i) ? record.get(i) : record.get(names[i]);
  }

  private boolean inPlace(VariantRecord record, int i) {
    return i < record.columnCount() && names[i].equals(record.column(i));
  }

  private void checkValue(int i, Class<?> actual) {
    if (actual == null && required[i]) {
      throw new IllegalArgumentException(
          "Cannot write SQL NULL into column \""
              + names[i]
              + "\": it was declared not nullable (a required VARIANT group)");
    }
    if (actual != null && !types[i].isAssignableFrom(actual)) {
      throw new IllegalArgumentException(
          "Cannot write column \""
              + names[i]
              + "\": expected a "
              + types[i].getSimpleName()
              + ", found a "
              + actual.getSimpleName());
    }
  }

  private IllegalArgumentException wrongColumns(VariantRecord record) {
    return new IllegalArgumentException(
        "Cannot write record with columns " + record.columns() + ": expected " + List.of(names));
  }
}
