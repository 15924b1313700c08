// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.RebuildOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The root converter of a requested schema: one {@link VariantColumnReader} per VARIANT group and
 * one {@link PlainColumnConverter} per ordinary column, in schema order. Each row starts with every
 * column null.
 */
final class RowConverter extends GroupConverter {
  private static final RecentCache<GroupType, ShreddedSchemaNode> DESCRIBED = new RecentCache<>(16);

  private final Converter[] children;
  private final Object[] columns; // VariantColumnReader or PlainColumnConverter, by field index
  private final List<String> names = new ArrayList<>();

  /**
   * @param requested a schema that {@link FileColumns#requestedSchema} produced: VARIANT groups and
   *     non-repeated primitives only
   */
  RowConverter(MessageType requested, RebuildOptions options) {
    int n = requested.getFieldCount();
    children = new Converter[n];
    columns = new Object[n];
    for (int i = 0; i < n; i++) {
      Type field = requested.getType(i);
      names.add(field.getName());
      if (field.isPrimitive()) {
        PlainColumnConverter c = new PlainColumnConverter(field.asPrimitiveType());
        children[i] = c;
        columns[i] = c;
      } else {
        VariantColumnReader c = new VariantColumnReader(describe(field.asGroupType()), options);
        children[i] = c.converter;
        columns[i] = c;
      }
    }
  }

  /**
   * The slot tree of {@code group}: the same as for the last readers of the same group object
   * (FileColumns hands a request's schema out again), since describing it was 1% of a projected
   * read of a 3,000-row file.
   */
  private static ShreddedSchemaNode describe(GroupType group) {
    return DESCRIBED.byIdentity(group, () -> VariantSchema.describe(group));
  }

  int columnCount() {
    return columns.length;
  }

  String columnName(int i) {
    return names.get(i);
  }

  /**
   * The current row's value of column {@code i}: a rebuilt Variant, a plain value, or {@code null}.
   */
  Object value(int i) {
    Object c = columns[i];
    return c instanceof VariantColumnReader
        ? ((VariantColumnReader) c).rebuild()
        : ((PlainColumnConverter) c).value();
  }

  /** The current row as a record: every column by name, in schema order. */
  VariantRecord record() {
    VariantRecord.Builder b = VariantRecord.builder();
    for (int i = 0; i < columns.length; i++) {
      b.set(names.get(i), value(i));
    }
    return b.build();
  }

  /** The VARIANT column at {@code i}, or {@code null} if it is an ordinary column. */
  VariantColumnReader variantColumn(int i) {
    return columns[i] instanceof VariantColumnReader ? (VariantColumnReader) columns[i] : null;
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return children[fieldIndex];
  }

  @Override
  public void start() {
    for (Object c : columns) {
      if (c instanceof VariantColumnReader) {
        ((VariantColumnReader) c).clear();
      } else {
        ((PlainColumnConverter) c).clear();
      }
    }
  }

  @Override
  public void end() {}
}
