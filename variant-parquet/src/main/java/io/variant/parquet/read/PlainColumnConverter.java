// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * An ordinary (non-VARIANT) top-level primitive column, read as the Java value {@code
 * VariantRecord} holds: INT32 → Integer, INT64 → Long, BOOLEAN → Boolean, FLOAT and DOUBLE →
 * Double, BINARY annotated STRING, ENUM or JSON → String, any other BINARY, FIXED_LEN_BYTE_ARRAY or
 * INT96 → byte[]. Logical annotations such as DATE or TIMESTAMP are not interpreted: the record
 * holds the stored number.
 */
final class PlainColumnConverter extends PrimitiveConverter {
  final String name;
  private final boolean text;
  private Object value;

  PlainColumnConverter(PrimitiveType column) {
    this.name = column.getName();
    LogicalTypeAnnotation a = column.getLogicalTypeAnnotation();
    this.text =
        column.getPrimitiveTypeName() == PrimitiveTypeName.BINARY
            && (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation);
  }

  /** True for the columns this converter reads: every primitive that is not repeated. */
  static boolean supports(Type t) {
    return t.isPrimitive() && t.getRepetition() != Type.Repetition.REPEATED;
  }

  void clear() {
    value = null;
  }

  /** The current row's value, or {@code null}. */
  Object value() {
    return value;
  }

  @Override
  public void addInt(int v) {
    value = v;
  }

  @Override
  public void addLong(long v) {
    value = v;
  }

  @Override
  public void addBoolean(boolean v) {
    value = v;
  }

  @Override
  public void addFloat(float v) {
    value = (double) v; // exact widening; VariantRecord has no Float
  }

  @Override
  public void addDouble(double v) {
    value = v;
  }

  @Override
  public void addBinary(Binary v) {
    value = text ? v.toStringUsingUTF8() : BinaryConverter.bytes(v);
  }
}
