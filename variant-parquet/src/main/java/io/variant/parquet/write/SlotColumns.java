// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.ShreddingPlan;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A shredding plan bound to the Parquet group it is written into: for every slot, the names and
 * indexes of its residual and typed columns, looked up by name once (through {@link
 * VariantSchema#describe}, which owns the column names of both layouts). {@link RecordConsumerSink}
 * walks this tree while the Splitter walks the plan, so the per-row work is index arithmetic only.
 *
 * <p>Invariant: inside every group the residual column comes before the typed one, and object field
 * groups come in plan order, because Parquet's record consumer wants fields in schema order and the
 * Splitter emits the residual first and fields in plan order.
 */
final class SlotColumns {
  private SlotColumns() {}

  /**
   * How a scalar {@code typed_value} column receives values, chosen from its Parquet type alone.
   */
  enum TypedColumn {
    BOOLEAN,
    INT32,
    INT64,
    FLOAT,
    DOUBLE,
    DECIMAL_INT32,
    DECIMAL_INT64,
    /**
     * FIXED_LEN_BYTE_ARRAY decimal: big-endian two's complement sign-extended to the fixed length.
     */
    DECIMAL_FIXED,
    /** BYTE_ARRAY decimal: minimal big-endian two's complement. */
    DECIMAL_BINARY,
    /** STRING, BINARY or UUID bytes as they are. */
    BYTES
  }

  /** One slot: the top level, an object field or an array element. Not modified after binding. */
  static final class Slot {
    final String path; // dotted Parquet path, for error messages
    final String residualName;
    final int residualIndex;
    final String typedName; // null for a residual-only slot
    final int typedIndex;
    TypedColumn typedColumn; // scalar slots
    int fixedLength = -1; // FIXED_LEN_BYTE_ARRAY scalar columns
    Slot[] fields; // object slots, in plan order
    String[] fieldNames;
    int[] fieldIndexes;
    String listName; // array slots: the repeated group and its element group
    int listIndex;
    String elementName;
    int elementIndex;
    Slot element;

    private Slot(
        String path, String residualName, int residualIndex, String typedName, int typedIndex) {
      this.path = path;
      this.residualName = residualName;
      this.residualIndex = residualIndex;
      this.typedName = typedName;
      this.typedIndex = typedIndex;
    }
  }

  /**
   * Binds {@code plan} to {@code group}, a whole VARIANT group in either layout.
   *
   * @throws VariantSchemaException if the group is not a valid VARIANT group, does not have exactly
   *     the plan's shape, lacks a residual column somewhere (any value may need one: Variant null
   *     always does), or orders its children differently from how the Splitter emits them
   */
  static Slot bind(GroupType group, ShreddingPlan plan) {
    ShreddedSchemaNode root = VariantSchema.describe(group);
    if (!root.plan().equals(plan)) {
      throw new VariantSchemaException(
          root.path(), "Cannot write plan " + plan + " into a group shredded as " + root.plan());
    }
    return slot(root);
  }

  private static Slot slot(ShreddedSchemaNode node) {
    GroupType group = node.group();
    if (!node.hasValue()) {
      throw new VariantSchemaException(
          node.path(), "Cannot write without a residual column: every slot needs one");
    }
    int residualIndex = group.getFieldIndex(node.valueField());
    ShreddingPlan plan = node.plan();
    if (!plan.isShredded()) {
      return new Slot(node.path(), node.valueField(), residualIndex, null, -1);
    }
    if (!node.hasTyped()) {
      throw new VariantSchemaException(
          node.path(), "Cannot write plan " + plan + " without a typed column");
    }
    int typedIndex = group.getFieldIndex(node.typedField());
    if (typedIndex < residualIndex) {
      throw new VariantSchemaException(
          node.path(),
          "Cannot write "
              + node.typedField()
              + " before "
              + node.valueField()
              + ": writers emit the residual first");
    }
    Slot s = new Slot(node.path(), node.valueField(), residualIndex, node.typedField(), typedIndex);
    switch (plan.shape()) {
      case SCALAR -> bindScalar(s, node.scalarType());
      case OBJECT -> bindObject(s, node, group.getType(typedIndex).asGroupType());
      case ARRAY -> bindArray(s, node, group.getType(typedIndex).asGroupType());
      case RESIDUAL ->
          throw new AssertionError(plan); // returned above: a residual slot has no typed column
    }
    return s;
  }

  private static void bindScalar(Slot s, PrimitiveType p) {
    boolean decimal =
        p.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
    s.typedColumn =
        switch (p.getPrimitiveTypeName()) {
          case BOOLEAN -> TypedColumn.BOOLEAN;
          case INT32 -> decimal ? TypedColumn.DECIMAL_INT32 : TypedColumn.INT32;
          case INT64 -> decimal ? TypedColumn.DECIMAL_INT64 : TypedColumn.INT64;
          case FLOAT -> TypedColumn.FLOAT;
          case DOUBLE -> TypedColumn.DOUBLE;
          case BINARY -> decimal ? TypedColumn.DECIMAL_BINARY : TypedColumn.BYTES;
          case FIXED_LEN_BYTE_ARRAY -> decimal ? TypedColumn.DECIMAL_FIXED : TypedColumn.BYTES;
          case INT96 ->
              throw new VariantSchemaException(
                  s.path, "Unsupported shredded value type: " + p); // describe() rejects it first
        };
    if (p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
      s.fixedLength = p.getTypeLength();
    }
  }

  private static void bindObject(Slot s, ShreddedSchemaNode node, GroupType typed) {
    List<ShreddedSchemaNode> fields = node.fields();
    List<ShreddingPlan.Field> planFields = node.plan().asObject().fields();
    s.fields = new Slot[fields.size()];
    s.fieldNames = new String[fields.size()];
    s.fieldIndexes = new int[fields.size()];
    int previous = -1;
    for (int i = 0; i < fields.size(); i++) {
      String name = planFields.get(i).name();
      int index = typed.getFieldIndex(name);
      if (index < previous) {
        throw new VariantSchemaException(
            fields.get(i).path(), "Cannot write field groups out of plan order");
      }
      previous = index;
      s.fieldNames[i] = name;
      s.fieldIndexes[i] = index;
      s.fields[i] = slot(fields.get(i));
    }
  }

  private static void bindArray(Slot s, ShreddedSchemaNode node, GroupType list) {
    // spec: LogicalTypes §Lists, 3-level form: <list> (LIST) { repeated group <list> { <element> }
    // };
    // describe() validated the shape, the names are read from the schema.
    Type repeated = list.getType(0);
    s.listName = repeated.getName();
    s.listIndex = 0;
    s.elementName = repeated.asGroupType().getType(0).getName();
    s.elementIndex = 0;
    s.element = slot(node.element());
  }
}
