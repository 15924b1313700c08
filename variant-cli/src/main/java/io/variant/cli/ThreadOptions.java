// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * How many threads {@code convert} runs ({@code --threads}) and how it shares the rows out ({@code
 * --chunk-size}); a picocli mixin. {@link ConvertThreads} says what the threads do.
 */
final class ThreadOptions {
  /** Most threads accepted: more than any machine's cores would only add memory. */
  static final int MAX_THREADS = 1024;

  /** The default chunk is at most this share of the heap. */
  private static final int HEAP_SHARES = 16;

  private static final int MIN_CHUNK_BYTES = 1024;

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description =
          "Threads that parse, shred and compress rows (default: the machine's cores); one more reads "
              + "the input and writes OUT. Every N writes the same file. With --engine mapreduce: map "
              + "tasks run at once on the local job runner.")
  Integer threads;

  @Option(
      names = "--chunk-size",
      converter = ByteSize.class,
      paramLabel = "SIZE",
      description =
          "Input text per chunk (default: 16M, or a sixteenth of the JVM's heap if less): a thread converts a chunk of consecutive rows at a "
              + "time, and its rows make row groups of their own. Larger chunks make larger row groups; "
              + "smaller ones share the work out more evenly. The last chunk of a local NDJSON file "
              + "takes a rest of up to a quarter chunk.")
  Long chunkSize;

  /**
   * The threads to run: {@code --threads}, or the machine's cores.
   *
   * @throws ParameterException if {@code --threads} is out of range
   */
  int threads() {
    if (threads == null) {
      return Runtime.getRuntime().availableProcessors();
    }
    if (threads < 1 || threads > MAX_THREADS) {
      throw new ParameterException(
          spec.commandLine(),
          "--threads must be between 1 and " + MAX_THREADS + ", was " + threads);
    }
    return threads;
  }

  /**
   * Bytes of input text per chunk: {@code --chunk-size}, else {@link RowChunk#DEFAULT_BYTES} or a
   * sixteenth of the heap if that is less (a JVM run with {@code -Xmx64m} still has room for the
   * chunks in flight).
   *
   * @throws ParameterException if {@code --chunk-size} is out of range
   */
  int chunkBytes() {
    if (chunkSize == null) {
      long share = Runtime.getRuntime().maxMemory() / HEAP_SHARES;
      return (int) Math.max(MIN_CHUNK_BYTES, Math.min(RowChunk.DEFAULT_BYTES, share));
    }
    if (chunkSize < MIN_CHUNK_BYTES || chunkSize > (1L << 30)) {
      throw new ParameterException(
          spec.commandLine(), "--chunk-size must be between 1K and 1G, was " + chunkSize);
    }
    return chunkSize.intValue();
  }

  /**
   * Carries {@code --threads} over to a MapReduce job: the local job runner runs that many map
   * tasks at once; a cluster's scheduler decides for itself, so there it is refused. {@code
   * --chunk-size} is refused: the job's tasks each write their split.
   *
   * @throws ParameterException if an option cannot be carried over
   */
  void configure(Configuration conf) {
    if (chunkSize != null) {
      throw new ParameterException(
          spec.commandLine(),
          "--chunk-size is for the local engine; --engine mapreduce converts a split per task");
    }
    if (threads == null) {
      return;
    }
    if (!"local".equals(conf.get("mapreduce.framework.name", "local"))) {
      throw new ParameterException(
          spec.commandLine(),
          "--threads is for this machine: with HADOOP_CONF_DIR naming a cluster, the cluster runs "
              + "the job's map tasks");
    }
    conf.setInt("mapreduce.local.map.tasks.maximum", threads());
  }
}
