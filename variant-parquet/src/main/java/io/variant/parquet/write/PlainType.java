// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The ordinary (non-Variant) column types a writer supports, with the Java type a record holds for
 * each.
 */
public enum PlainType {
  /** {@code optional int64}; a {@link Long}. */
  LONG(Long.class),
  /** {@code optional int32}; an {@link Integer}. */
  INT(Integer.class),
  /** {@code optional binary (STRING)}; a {@link String}, written as UTF-8. */
  STRING(String.class),
  /** {@code optional double}; a {@link Double}. */
  DOUBLE(Double.class),
  /** {@code optional boolean}; a {@link Boolean}. */
  BOOLEAN(Boolean.class),
  /** {@code optional binary}; a {@code byte[]}. */
  BINARY(byte[].class);

  private final Class<?> javaType;

  PlainType(Class<?> javaType) {
    this.javaType = javaType;
  }

  /** The Java type of a non-null value in a record. */
  public Class<?> javaType() {
    return javaType;
  }

  /** The optional Parquet column {@code name} of this type. */
  PrimitiveType toParquet(String name) {
    return switch (this) {
      case LONG -> Types.optional(PrimitiveTypeName.INT64).named(name);
      case INT -> Types.optional(PrimitiveTypeName.INT32).named(name);
      case STRING ->
          Types.optional(PrimitiveTypeName.BINARY)
              .as(LogicalTypeAnnotation.stringType())
              .named(name);
      case DOUBLE -> Types.optional(PrimitiveTypeName.DOUBLE).named(name);
      case BOOLEAN -> Types.optional(PrimitiveTypeName.BOOLEAN).named(name);
      case BINARY -> Types.optional(PrimitiveTypeName.BINARY).named(name);
    };
  }
}
