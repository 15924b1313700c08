// SPDX-License-Identifier: Apache-2.0
/**
 * Hadoop MapReduce (and Spark through its Hadoop API) for VARIANT columns: {@link
 * io.variant.hadoop.VariantParquetOutputFormat} and {@link
 * io.variant.hadoop.VariantParquetInputFormat} (the {@code mapreduce} API, configured through
 * static setters that store text in the job's Configuration), and {@link
 * io.variant.hadoop.ConvertJob}, a map-only job converting NDJSON to a directory of shredded
 * Parquet part files with one shared plan.
 *
 * <p>May import: {@code io.variant.core.*}, {@code io.variant.shredding.*}, {@code
 * io.variant.parquet.*}, {@code org.apache.parquet.*}, {@code org.apache.hadoop.*}, {@code
 * com.github.luben.zstd}. The last is zstd-jni, which parquet-hadoop brings: it reads zstd input.
 */
package io.variant.hadoop;
