// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The storage of {@code arrow.parquet.variant}, both ways: a plan to Arrow fields, and the fields
 * of a column back to its plan. spec: VariantShredding §Shredded Value Types; the Arrow layout
 * follows the Parquet one (a slot is {@code value} binary and {@code typed_value}; an object's
 * {@code typed_value} is a struct of non-null field groups; an array's is a list of non-null
 * element groups).
 */
public final class StorageFields {
  /** The row's dictionary: binary, never null in a non-null row. */
  public static final String METADATA = "metadata";

  /** The residual of a slot: binary, null where the typed part holds the value or it is missing. */
  public static final String VALUE = "value";

  /** The typed part of a slot, present only in shredded storage. */
  public static final String TYPED_VALUE = "typed_value";

  /** The name of a list's element group. */
  public static final String ELEMENT = "element";

  private StorageFields() {}

  /**
   * The field of a Variant column named {@code name} whose storage follows {@code plan}: {@code
   * struct<metadata, value>} for the residual-only plan (the storage of the upstream unshredded
   * type), plus {@code typed_value} otherwise. The column is nullable (SQL NULL rows).
   */
  public static Field column(String name, ShreddingPlan plan) {
    List<Field> children = new ArrayList<>();
    children.add(Field.notNullable(METADATA, ArrowType.Binary.INSTANCE));
    children.addAll(slot(plan));
    return new Field(name, FieldType.nullable(VariantExtensionType.INSTANCE), children);
  }

  /** The fields of one slot: {@code value}, then {@code typed_value} when the plan shreds. */
  static List<Field> slot(ShreddingPlan plan) {
    List<Field> fields = new ArrayList<>();
    fields.add(Field.nullable(VALUE, ArrowType.Binary.INSTANCE));
    if (plan.isShredded()) {
      fields.add(typedValue(plan));
    }
    return fields;
  }

  private static Field typedValue(ShreddingPlan plan) {
    return switch (plan.shape()) {
      case RESIDUAL -> throw new IllegalArgumentException("a residual plan has no typed_value");
      case SCALAR -> Field.nullable(TYPED_VALUE, arrowType(plan.asScalar().type()));
      case OBJECT -> {
        List<Field> groups = new ArrayList<>();
        for (ShreddingPlan.Field f : plan.asObject().fields()) {
          groups.add(
              new Field(
                  f.name(), FieldType.notNullable(ArrowType.Struct.INSTANCE), slot(f.plan())));
        }
        yield new Field(TYPED_VALUE, FieldType.nullable(ArrowType.Struct.INSTANCE), groups);
      }
      case ARRAY -> {
        Field element =
            new Field(
                ELEMENT,
                FieldType.notNullable(ArrowType.Struct.INSTANCE),
                slot(plan.asArray().element()));
        yield new Field(TYPED_VALUE, FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
      }
    };
  }

  /**
   * The Arrow type of a scalar {@code typed_value}: the Arrow counterpart of each Parquet type of
   * VariantShredding §Shredded Value Types. Timestamps with a zone are {@code UTC}; a UUID is a
   * 16-byte fixed-size binary, big-endian.
   */
  public static ArrowType arrowType(ShreddedType type) {
    return switch (type.kind()) {
      case BOOLEAN -> ArrowType.Bool.INSTANCE;
      case INT8 -> new ArrowType.Int(8, true);
      case INT16 -> new ArrowType.Int(16, true);
      case INT32 -> new ArrowType.Int(32, true);
      case INT64 -> new ArrowType.Int(64, true);
      case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case DECIMAL -> new ArrowType.Decimal(type.precision(), type.scale(), 128);
      case DATE -> new ArrowType.Date(DateUnit.DAY);
      case TIME -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
      case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
      case TIMESTAMP_NTZ -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
      case TIMESTAMP_NANOS -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC");
      case TIMESTAMP_NTZ_NANOS -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
      case BINARY -> ArrowType.Binary.INSTANCE;
      case STRING -> ArrowType.Utf8.INSTANCE;
      case UUID -> new ArrowType.FixedSizeBinary(16);
    };
  }

  /**
   * The plan a Variant column's storage follows, read from its fields.
   *
   * @throws IllegalArgumentException naming the field when the storage is not a Variant storage: no
   *     binary {@code metadata}, a {@code value} that is not binary, or a {@code typed_value} of a
   *     type {@link #arrowType} does not produce
   */
  public static ShreddingPlan plan(Field column) {
    Field metadata = child(column, METADATA);
    if (metadata == null || !(metadata.getType() instanceof ArrowType.Binary)) {
      throw new IllegalArgumentException(
          "Cannot read Variant column \""
              + column.getName()
              + "\": it has no binary "
              + METADATA
              + " child");
    }
    return slotPlan(column, column.getName());
  }

  private static ShreddingPlan slotPlan(Field group, String path) {
    Field value = child(group, VALUE);
    if (value != null && !(value.getType() instanceof ArrowType.Binary)) {
      throw new IllegalArgumentException(
          "Cannot read Variant column: "
              + path
              + "."
              + VALUE
              + " is "
              + value.getType()
              + ", not binary");
    }
    Field typed = child(group, TYPED_VALUE);
    return typed == null ? ShreddingPlan.residual() : typedPlan(typed, path + "." + TYPED_VALUE);
  }

  private static ShreddingPlan typedPlan(Field typed, String path) {
    ArrowType type = typed.getType();
    if (type instanceof ArrowType.Struct) {
      Map<String, ShreddingPlan> fields = new LinkedHashMap<>();
      for (Field f : typed.getChildren()) {
        fields.put(f.getName(), slotPlan(f, path + "." + f.getName()));
      }
      if (fields.isEmpty()) {
        throw new IllegalArgumentException(
            "Cannot read Variant column: " + path + " has no fields");
      }
      return ShreddingPlan.object(fields);
    }
    if (type instanceof ArrowType.List) {
      Field element = typed.getChildren().get(0);
      return ShreddingPlan.array(slotPlan(element, path + "." + element.getName()));
    }
    return ShreddingPlan.scalar(scalarType(type, path));
  }

  private static ShreddedType scalarType(ArrowType type, String path) {
    if (type instanceof ArrowType.Decimal d && d.getBitWidth() == 128) {
      return ShreddedType.decimal(d.getPrecision(), d.getScale());
    }
    for (ShreddedType.Kind kind : ShreddedType.Kind.values()) {
      if (kind != ShreddedType.Kind.DECIMAL) {
        ShreddedType candidate = ShreddedType.of(kind, 0, 0);
        if (arrowType(candidate).equals(type)) {
          return candidate;
        }
      }
    }
    throw new IllegalArgumentException(
        "Cannot read Variant column: "
            + path
            + " has type "
            + type
            + ", which shreds no Variant type");
  }

  /** The child of {@code parent} named {@code name}, or {@code null}. */
  static Field child(Field parent, String name) {
    for (Field f : parent.getChildren()) {
      if (f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }
}
