// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.core.Variant;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * A top-level key lookup on a fresh Variant per row, as an engine does when it reads a column of
 * encoded rows: wrap the row's metadata and value bytes, then look up the key. {@code fieldPresent}
 * asks for {@link io.variant.bench.corpus.Corpus#probeKey()} (a key most rows have), {@code
 * fieldMissing} for a key no row has. Every implementation reads the same bytes (encoded once by
 * this project; they are spec-conformant). Peers: Spark's and parquet-java's {@code new
 * Variant(value, metadata).getFieldByKey(key)}.
 *
 * <p>Run: {@code bench/run FieldAccess}
 */
public class FieldAccessBenchmark extends CorpusBenchmark {
  private static final String MISSING = "no_such_key_in_any_row";

  private byte[][] metadata;
  private byte[][] values;
  private String key;

  @Setup(Level.Trial)
  public void setup() {
    List<Variant> variants = corpus().variants();
    metadata = new byte[variants.size()][];
    values = new byte[variants.size()][];
    for (int i = 0; i < variants.size(); i++) {
      metadata[i] = variants.get(i).metadataBytes();
      values[i] = variants.get(i).valueBytes();
    }
    key = corpus().probeKey();
  }

  @Benchmark
  public Variant fieldPresent_ours() {
    int i = nextRow();
    return Variant.of(metadata[i], values[i]).field(key);
  }

  @Benchmark
  public org.apache.spark.types.variant.Variant fieldPresent_spark() {
    int i = nextRow();
    return new org.apache.spark.types.variant.Variant(values[i], metadata[i]).getFieldByKey(key);
  }

  @Benchmark
  public org.apache.parquet.variant.Variant fieldPresent_parquetJava() {
    int i = nextRow();
    return new org.apache.parquet.variant.Variant(values[i], metadata[i]).getFieldByKey(key);
  }

  @Benchmark
  public Variant fieldMissing_ours() {
    int i = nextRow();
    return Variant.of(metadata[i], values[i]).field(MISSING);
  }

  @Benchmark
  public org.apache.spark.types.variant.Variant fieldMissing_spark() {
    int i = nextRow();
    return new org.apache.spark.types.variant.Variant(values[i], metadata[i])
        .getFieldByKey(MISSING);
  }

  @Benchmark
  public org.apache.parquet.variant.Variant fieldMissing_parquetJava() {
    int i = nextRow();
    return new org.apache.parquet.variant.Variant(values[i], metadata[i]).getFieldByKey(MISSING);
  }
}
