// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.bench.corpus.Corpus;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The one place that holds the JMH settings of every benchmark (JMH inherits these annotations),
 * and the corpus parameter. One benchmark operation handles <b>one row</b>: scores are rows per
 * second, and {@code -prof gc}'s {@code gc.alloc.rate.norm} is bytes allocated per row. Benchmarks
 * cycle through the corpus with {@link #nextRow()}.
 *
 * <p>Method names are {@code operation_implementation}: {@code ours} for this project, and one name
 * per peer ({@code parquetJava}, {@code spark}, {@code jackson} for a bare tokenizer scan). {@code
 * bench/run} groups results by operation and corpus and prints ours ÷ each peer.
 *
 * <p>Settings: 3 warm-up and 5 measured iterations of 1 s, one fork with a 2 GB heap; {@code
 * bench/run} may shorten them on the command line and says so in its output.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgs = {"-Xms2g", "-Xmx2g"})
public abstract class CorpusBenchmark {
  /** Which {@link Corpus}; {@code file} reads {@code -Dcorpus=FILE}. */
  @Param({"events", "wide", "large", "mixed"})
  public String corpus;

  private Corpus loaded;
  private int cursor;
  private int rowCount;

  /** The corpus named by the parameter, loaded (generated) on first use. */
  protected final Corpus corpus() {
    if (loaded == null) {
      loaded = Corpus.named(corpus);
      rowCount = loaded.rows().size();
    }
    return loaded;
  }

  /** Whether row {@code i} is the corpus's last, after which {@link #nextRow()} starts over. */
  protected final boolean isLastRow(int i) {
    return i == rowCount - 1;
  }

  /** Index of the next row, cycling through the corpus. */
  protected final int nextRow() {
    int i = cursor;
    cursor = i + 1 == rowCount ? 0 : i + 1;
    return i;
  }
}
