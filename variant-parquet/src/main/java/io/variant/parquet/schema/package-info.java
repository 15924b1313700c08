// SPDX-License-Identifier: Apache-2.0
/**
 * The Parquet schema of VARIANT columns: {@link io.variant.parquet.schema.VariantSchema} maps a
 * {@code ShreddingPlan} to a Parquet group and back for the SPEC and DRAFT layouts, and describes a
 * group as a {@link io.variant.parquet.schema.ShreddedSchemaNode} tree that says which columns each
 * slot really has. spec: LogicalTypes §VARIANT, VariantShredding §Shredded Value Types (digest §0,
 * §D.1–D.2, §E).
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.shredding}, {@code
 * org.apache.parquet.schema}.
 */
package io.variant.parquet.schema;
