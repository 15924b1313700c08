// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import java.util.List;
import org.apache.avro.Schema;

/**
 * The field of an Avro record schema that becomes the shredded VARIANT column: either a Variant
 * record as parquet-avro 1.18 models one (a record with {@code metadata} and {@code value} bytes),
 * or a string field holding JSON text, which is parsed. The field may be nullable (a union with
 * {@code null}): null is SQL NULL.
 *
 * @param name the field's name, also the Parquet column's
 * @param pos its position in the Avro record
 * @param parquetPos its position among the Parquet columns (Avro fields of type {@code null} have
 *     none)
 * @param json true for a JSON string field
 * @param metadataPos position of {@code metadata} in the Variant record (-1 for JSON)
 * @param valuePos position of {@code value} in the Variant record (-1 for JSON)
 */
record VariantField(
    String name, int pos, int parquetPos, boolean json, int metadataPos, int valuePos) {
  /** The names parquet-avro gives the two parts of a Variant record. */
  static final String METADATA = "metadata";

  static final String VALUE = "value";

  boolean isJson() {
    return json;
  }

  /**
   * Finds field {@code name} of {@code record}.
   *
   * @param json whether it is to hold JSON text (else a Variant record)
   * @throws IllegalArgumentException if there is no such field, or it has another type
   */
  static VariantField of(Schema record, String name, boolean json) {
    Schema.Field f = record.getField(name);
    if (f == null) {
      throw new IllegalArgumentException(
          "Cannot write Variant field \""
              + name
              + "\": the schema "
              + record.getFullName()
              + " has fields "
              + record.getFields().stream().map(Schema.Field::name).toList());
    }
    Schema type = nonNull(f.schema());
    int parquetPos = 0;
    for (Schema.Field g : record.getFields().subList(0, f.pos())) {
      parquetPos += g.schema().getType() == Schema.Type.NULL ? 0 : 1;
    }
    if (json) {
      if (type.getType() != Schema.Type.STRING) {
        throw new IllegalArgumentException(
            "Cannot parse field \""
                + name
                + "\" as JSON: it is a "
                + type.getType()
                + ", not a string");
      }
      return new VariantField(name, f.pos(), parquetPos, true, -1, -1);
    }
    if (!isVariantRecord(type)) {
      throw new IllegalArgumentException(
          "Cannot write field \""
              + name
              + "\" as a Variant: expected a record with bytes fields "
              + "\"metadata\" and \"value\", got "
              + type);
    }
    return new VariantField(
        name,
        f.pos(),
        parquetPos,
        false,
        type.getField(METADATA).pos(),
        type.getField(VALUE).pos());
  }

  /** True for a record whose fields are {@code metadata} and {@code value}, both bytes. */
  static boolean isVariantRecord(Schema s) {
    if (s.getType() != Schema.Type.RECORD || s.getFields().size() != 2) {
      return false;
    }
    Schema.Field m = s.getField(METADATA);
    Schema.Field v = s.getField(VALUE);
    return m != null && v != null && isBytes(m.schema()) && isBytes(v.schema());
  }

  private static boolean isBytes(Schema s) {
    return s.getType() == Schema.Type.BYTES || s.getType() == Schema.Type.FIXED;
  }

  /** The type of a field that may be a union with null. */
  static Schema nonNull(Schema s) {
    if (s.getType() != Schema.Type.UNION) {
      return s;
    }
    List<Schema> types =
        s.getTypes().stream().filter(t -> t.getType() != Schema.Type.NULL).toList();
    return types.size() == 1 ? types.get(0) : s;
  }
}
