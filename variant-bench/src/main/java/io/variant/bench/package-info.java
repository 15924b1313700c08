/**
 * JMH benchmarks with the peers (parquet-java's {@code parquet-variant}, Spark's {@code spark-variant}, a bare
 * jackson scan) in the same run and JVM, on the corpora of {@link io.variant.bench.corpus.Corpus}. Benchmarks
 * extend {@link io.variant.bench.CorpusBenchmark}, which holds the JMH settings and the corpus parameter; one
 * operation handles one row. Run {@code bench/run [NAMES]} from the repository root: it builds, runs and prints
 * a markdown table of ours ÷ each peer ({@link io.variant.bench.report.Report}).
 */
package io.variant.bench;
