// SPDX-License-Identifier: Apache-2.0
/**
 * Avro records with a Variant field in Parquet: {@link io.variant.avro.VariantAvroWriter} writes
 * Avro {@code GenericRecord}s as parquet-avro would, except one field (a Variant record or JSON
 * text) written as a VARIANT column shredded by our plan; {@link io.variant.avro.VariantAvroReader}
 * reads them back.
 *
 * <p>May import: {@code io.variant.core.*}, {@code io.variant.shredding.*}, {@code
 * io.variant.parquet.*}, {@code org.apache.avro.*}, {@code org.apache.parquet.*}, {@code
 * org.apache.hadoop.*}.
 */
package io.variant.avro;
