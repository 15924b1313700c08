// SPDX-License-Identifier: Apache-2.0
/**
 * JMH benchmarks with the peers (parquet-java's {@code parquet-variant}, Spark's {@code
 * spark-variant}, a bare jackson scan) in the same run and JVM, on the corpora of {@link
 * io.variant.bench.corpus.Corpus}. Benchmarks extend {@link io.variant.bench.CorpusBenchmark},
 * which holds the JMH settings and the corpus parameter; one operation handles one row. Run {@code
 * bench/run [NAMES]} from the repository root: it builds, runs and prints a markdown table of ours
 * ÷ each peer ({@link io.variant.bench.report.Report}).
 *
 * <p>May import: {@code io.variant.*}, {@code org.openjdk.jmh.*}, {@code
 * com.fasterxml.jackson.core.*} (the JSON benchmarks measure jackson-core's tokenizer as their
 * ceiling), and the peers {@code org.apache.parquet.variant}, {@code
 * shaded.parquet.com.fasterxml.jackson.core} (parquet-java's jackson) and {@code
 * org.apache.spark.types.variant}, {@code com.sun.management} (the CPU-time harness reads the
 * process CPU time), and {@code org.apache.arrow.*} (the columnar harness reads Arrow batches), and
 * {@code org.apache.parquet.hadoop.metadata} (the codec the write benchmarks name).
 */
package io.variant.bench;
