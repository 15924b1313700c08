// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.core.internal.ExclusiveUse;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of the concurrent-use check that Splitter, Rebuilder, VariantParquetWriter and
 * JsonRowParser pay once per call ({@link ExclusiveUse}: one compare-and-set and one release
 * store), to set beside the cost of the call it guards. Run in the same JMH invocation as {@code
 * ShreddingBenchmark.shred_ours} and report the ratio: {@code java -jar
 * variant-bench/target/benchmarks.jar 'ExclusiveUseBenchmark|ShreddingBenchmark.shred_ours'}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ExclusiveUseBenchmark {
  private final ExclusiveUse use = new ExclusiveUse("benchmark", "none");

  @Benchmark
  public void enterAndExit() {
    use.enter();
    use.exit();
  }
}
