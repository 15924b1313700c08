// SPDX-License-Identifier: Apache-2.0
/**
 * The peers' own code paths, wrapped so that benchmarks call them like ours: parquet-java's Variant
 * file writer and Avro reader ({@link io.variant.bench.peer.ParquetJavaFiles}), its column readers
 * ({@link io.variant.bench.peer.ParquetJavaColumns}) and Spark's shredding ({@link
 * io.variant.bench.peer.SparkShredding}). Benchmark-only.
 *
 * <p>May import: {@code io.variant.*}, {@code org.openjdk.jmh.infra}, and the peers' packages
 * {@code org.apache.parquet.*}, {@code org.apache.avro.*}, {@code org.apache.hadoop.conf} and
 * {@code org.apache.spark.types.variant}.
 */
package io.variant.bench.peer;
