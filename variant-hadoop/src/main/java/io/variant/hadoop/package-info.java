/**
 * Hadoop MapReduce integration: {@link io.variant.hadoop.VariantParquetInputFormat} and {@link
 * io.variant.hadoop.VariantParquetOutputFormat} read and write shredded VARIANT columns from MapReduce jobs, and
 * {@link io.variant.hadoop.ConvertJob} converts NDJSON to Parquet part files with one plan, given or sampled
 * across the input splits.
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.core.json}, {@code io.variant.core.path}, {@code
 * io.variant.shredding}, {@code io.variant.shredding.infer}, {@code io.variant.parquet.*}, {@code
 * org.apache.parquet.*} and {@code org.apache.hadoop.*}.
 */
package io.variant.hadoop;
