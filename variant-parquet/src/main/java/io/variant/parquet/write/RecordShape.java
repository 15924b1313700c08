package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import java.util.List;

/**
 * The columns a record must have and the Java type of each non-null value. Checked before anything
 * of a row is written, so a rejected record leaves the file untouched.
 */
final class RecordShape {
  private final List<String> names;
  private final List<Class<?>> types;

  private RecordShape(List<String> names, List<Class<?>> types) {
    this.names = names;
    this.types = types;
  }

  static RecordShape of(List<WriteColumn> columns) {
    return new RecordShape(
        columns.stream().map(WriteColumn::name).toList(),
        columns.stream().<Class<?>>map(RecordShape::javaType).toList());
  }

  static Class<?> javaType(WriteColumn c) {
    return c instanceof PlainColumn p ? p.type().javaType() : Variant.class;
  }

  static RecordShape of(List<String> names, List<Class<?>> types) {
    return new RecordShape(List.copyOf(names), List.copyOf(types));
  }

  /** True if {@code column} is declared and holds Variants. */
  boolean isVariant(String column) {
    int i = names.indexOf(column);
    return i >= 0 && types.get(i) == Variant.class;
  }

  /**
   * @throws IllegalArgumentException if the record lacks a column, has an extra one, or holds a
   *     value of the wrong type
   */
  void check(VariantRecord record) {
    if (record.columnCount() != names.size()) {
      throw wrongColumns(record);
    }
    for (int i = 0; i < names.size(); i++) {
      if (!record.has(names.get(i))) {
        throw wrongColumns(record); // same count, so some other column is there instead
      }
      Class<?> actual = record.typeOf(names.get(i));
      if (actual != null && !types.get(i).isAssignableFrom(actual)) {
        throw new IllegalArgumentException(
            "Cannot write column \""
                + names.get(i)
                + "\": expected a "
                + types.get(i).getSimpleName()
                + ", found a "
                + actual.getSimpleName());
      }
    }
  }

  private IllegalArgumentException wrongColumns(VariantRecord record) {
    return new IllegalArgumentException(
        "Cannot write record with columns " + record.columns() + ": expected " + names);
  }
}
