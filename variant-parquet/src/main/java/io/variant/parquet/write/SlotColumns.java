package io.variant.parquet.write;

import io.variant.shredding.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.ShreddingPlan.ArrayPlan;
import io.variant.shredding.ShreddingPlan.ObjectPlan;
import io.variant.shredding.ShreddingPlan.ScalarPlan;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A shredding plan bound to the Parquet group it is written into: for every slot, the names and indexes of
 * its residual and typed columns, looked up by name once (spec: VariantShredding §Shredded Value Types;
 * children are matched by name, never by position). {@link RecordConsumerSink} walks this tree while the
 * Splitter walks the plan, so the per-row work is index arithmetic only.
 *
 * <p>Invariant: inside every group the residual column comes before the typed one, and object field groups
 * come in plan order, because Parquet's record consumer requires fields in schema order and the Splitter
 * emits residual first and fields in plan order.
 */
final class SlotColumns {
  /** Column names of one layout. spec: VariantShredding §Shredded Value Types; draft: seed 002. */
  private record Names(String residual, String scalar, String object, String array) {}

  private static final Names SPEC = new Names("value", "typed_value", "typed_value", "typed_value");
  private static final Names DRAFT = new Names("untyped_value", "typed_value", "object", "array");

  private SlotColumns() {}

  /** How a scalar {@code typed_value} column receives values, chosen from its Parquet type alone. */
  enum TypedColumn {
    BOOLEAN,
    INT32,
    INT64,
    FLOAT,
    DOUBLE,
    DECIMAL_INT32,
    DECIMAL_INT64,
    /** FIXED_LEN_BYTE_ARRAY decimal: big-endian two's complement sign-extended to the fixed length. */
    DECIMAL_FIXED,
    /** BYTE_ARRAY decimal: minimal big-endian two's complement. */
    DECIMAL_BINARY,
    /** STRING, BINARY or UUID bytes as they are. */
    BYTES
  }

  /** One slot: the top level, an object field or an array element. Immutable after binding. */
  static final class Slot {
    final String path; // for error messages, e.g. $.a[]
    final String residualName;
    final int residualIndex;
    final String typedName;
    final int typedIndex; // -1 for a residual-only slot
    TypedColumn typedColumn; // scalar slots
    int fixedLength; // DECIMAL_FIXED and BYTES on FIXED_LEN_BYTE_ARRAY
    Slot[] fields; // object slots, in plan order
    String[] fieldNames;
    int[] fieldIndexes;
    String listName; // array slots: the repeated group and its element
    int listIndex;
    String elementName;
    int elementIndex;
    Slot element;

    private Slot(String path, String residualName, int residualIndex, String typedName, int typedIndex) {
      this.path = path;
      this.residualName = residualName;
      this.residualIndex = residualIndex;
      this.typedName = typedName;
      this.typedIndex = typedIndex;
    }
  }

  /**
   * Binds {@code plan} to {@code group}, the VARIANT group (top level) as the layout lays it out.
   *
   * @throws IllegalArgumentException naming the slot path if the group does not have the plan's shape
   */
  static Slot bind(GroupType group, ShreddingPlan plan, ShreddingLayout layout) {
    return slot(group, plan, layout == ShreddingLayout.DRAFT ? DRAFT : SPEC, "$");
  }

  private static Slot slot(GroupType group, ShreddingPlan plan, Names names, String path) {
    int residualIndex = indexOf(group, names.residual());
    if (residualIndex < 0) {
      // The Splitter may put any value into the residual (Variant null always goes there).
      throw mismatch(path, "group \"" + group.getName() + "\" has no \"" + names.residual() + "\" column");
    }
    requireBinary(group.getType(residualIndex), path);
    if (!plan.isShredded()) {
      return new Slot(path, names.residual(), residualIndex, null, -1);
    }
    String typedName = plan instanceof ObjectPlan ? names.object() : plan instanceof ArrayPlan ? names.array() : names.scalar();
    int typedIndex = indexOf(group, typedName);
    if (typedIndex < 0) {
      throw mismatch(path, "group \"" + group.getName() + "\" has no \"" + typedName + "\" column for plan " + plan);
    }
    if (typedIndex < residualIndex) {
      throw mismatch(path, "\"" + typedName + "\" comes before \"" + names.residual() + "\"; writers emit the residual first");
    }
    Slot s = new Slot(path, names.residual(), residualIndex, typedName, typedIndex);
    Type typed = group.getType(typedIndex);
    if (plan instanceof ScalarPlan) {
      bindScalar(s, typed);
    } else if (plan instanceof ObjectPlan object) {
      bindObject(s, typed, object, names);
    } else {
      bindArray(s, typed, (ArrayPlan) plan, names);
    }
    return s;
  }

  private static void bindScalar(Slot s, Type typed) {
    if (!typed.isPrimitive()) {
      throw mismatch(s.path, "the plan has a scalar here but the schema has group " + typed);
    }
    PrimitiveType p = typed.asPrimitiveType();
    LogicalTypeAnnotation logical = p.getLogicalTypeAnnotation();
    boolean decimal = logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
    s.typedColumn = switch (p.getPrimitiveTypeName()) {
      case BOOLEAN -> TypedColumn.BOOLEAN;
      case INT32 -> decimal ? TypedColumn.DECIMAL_INT32 : TypedColumn.INT32;
      case INT64 -> decimal ? TypedColumn.DECIMAL_INT64 : TypedColumn.INT64;
      case FLOAT -> TypedColumn.FLOAT;
      case DOUBLE -> TypedColumn.DOUBLE;
      case BINARY -> decimal ? TypedColumn.DECIMAL_BINARY : TypedColumn.BYTES;
      case FIXED_LEN_BYTE_ARRAY -> decimal ? TypedColumn.DECIMAL_FIXED : TypedColumn.BYTES;
      case INT96 -> throw mismatch(s.path, "INT96 is not a shredded type: " + p);
    };
    s.fixedLength = p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? p.getTypeLength() : -1;
  }

  private static void bindObject(Slot s, Type typed, ObjectPlan plan, Names names) {
    if (typed.isPrimitive() || typed.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      throw mismatch(s.path, "the plan has an object here but the schema has " + typed);
    }
    GroupType g = typed.asGroupType();
    List<ShreddingPlan.Field> fields = plan.fields();
    s.fields = new Slot[fields.size()];
    s.fieldNames = new String[fields.size()];
    s.fieldIndexes = new int[fields.size()];
    int previous = -1;
    for (int i = 0; i < fields.size(); i++) {
      String name = fields.get(i).name();
      String fieldPath = s.path + "." + name;
      int index = indexOf(g, name);
      if (index < 0) {
        throw mismatch(fieldPath, "the schema has no field group \"" + name + "\"");
      }
      if (index < previous) {
        throw mismatch(fieldPath, "field groups are not in plan order; the Splitter emits fields in plan order");
      }
      previous = index;
      Type f = g.getType(index);
      if (f.isPrimitive()) {
        throw mismatch(fieldPath, "expected a field group, found " + f);
      }
      s.fieldNames[i] = name;
      s.fieldIndexes[i] = index;
      s.fields[i] = slot(f.asGroupType(), fields.get(i).plan(), names, fieldPath);
    }
  }

  private static void bindArray(Slot s, Type typed, ArrayPlan plan, Names names) {
    // spec: LogicalTypes §Lists: <list> (LIST) { repeated group list { <element> } }, names read from the schema
    if (typed.isPrimitive() || typed.asGroupType().getFieldCount() != 1) {
      throw mismatch(s.path, "the plan has an array here but the schema has " + typed);
    }
    Type repeated = typed.asGroupType().getType(0);
    if (repeated.isPrimitive() || !repeated.isRepetition(Type.Repetition.REPEATED)
        || repeated.asGroupType().getFieldCount() != 1 || repeated.asGroupType().getType(0).isPrimitive()) {
      throw mismatch(s.path, "expected a 3-level LIST (repeated group with one element group), found " + typed);
    }
    Type element = repeated.asGroupType().getType(0);
    s.listName = repeated.getName();
    s.listIndex = 0;
    s.elementName = element.getName();
    s.elementIndex = 0;
    s.element = slot(element.asGroupType(), plan.element(), names, s.path + "[]");
  }

  private static void requireBinary(Type t, String path) {
    if (!t.isPrimitive() || t.asPrimitiveType().getPrimitiveTypeName() != PrimitiveType.PrimitiveTypeName.BINARY) {
      throw mismatch(path, "the residual column must be binary, found " + t);
    }
  }

  /** Index of child {@code name}, or -1. */
  static int indexOf(GroupType g, String name) {
    return g.containsField(name) ? g.getFieldIndex(name) : -1;
  }

  private static IllegalArgumentException mismatch(String path, String detail) {
    return new IllegalArgumentException("Cannot write shredded Variant: the Parquet schema does not match the plan at " + path + ": " + detail);
  }
}
