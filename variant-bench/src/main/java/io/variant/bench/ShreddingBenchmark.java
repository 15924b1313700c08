// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.bench.peer.SparkShredding;
import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.ShreddedSink;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Shred only: one already-encoded row split by the plan inferred from the corpus (or the fixed plan
 * of the {@code plan} parameter) into a sink that only consumes what it is given, in the forms our
 * Parquet sink takes (residual bytes, decimals as unscaled longs). Peer: Spark 4.2's {@code
 * VariantShreddingWriter.castShredded} with the same plan as Spark's schema, its results consumed
 * likewise ({@link SparkShredding}).
 *
 * <p>Run: {@code bench/run Shredding}
 */
public class ShreddingBenchmark extends CorpusBenchmark {
  /**
   * The plan: empty (the default) for the one inferred from the corpus, {@code @FILE} or a plan
   * text for a fixed one ({@code -p plan=@events.plan}), so that two commits split the same plan.
   */
  @Param({""})
  public String plan;

  private List<Variant> rows;
  private List<org.apache.spark.types.variant.Variant> sparkRows;
  private Splitter splitter;
  private ConsumingSink sink;
  private SparkShredding spark;

  @Setup(Level.Trial)
  public void setup(Blackhole bh) {
    rows = corpus().variants();
    ShreddingPlan chosen = Plans.chosen(plan, rows);
    splitter = Splitter.of(chosen, SplitOptions.defaults());
    sink = new ConsumingSink(bh);
    spark = SparkShredding.of(chosen, bh);
    sparkRows = new ArrayList<>(rows.size());
    for (Variant v : rows) {
      sparkRows.add(new org.apache.spark.types.variant.Variant(v.valueBytes(), v.metadataBytes()));
    }
    System.out.printf(
        "%n%s: plan with %d top-level fields%n", corpus(), Plans.topLevelFields(chosen));
  }

  @Benchmark
  public void shred_ours() {
    splitter.split(rows.get(nextRow()), sink);
  }

  @Benchmark
  public Object shred_spark() {
    return spark.shred(sparkRows.get(nextRow()));
  }

  /** Hands everything to the Blackhole so nothing is optimised away. */
  static final class ConsumingSink implements ShreddedSink {
    private final Blackhole bh;

    ConsumingSink(Blackhole bh) {
      this.bh = bh;
    }

    @Override
    public void residual(Variant v) {
      bh.consume(v);
    }

    @Override
    public void residual(VariantMetadata metadata, byte[] value, int offset, int length) {
      bh.consume(value); // the spec layout's form: bytes in a reused buffer, as our Parquet sink
    }

    @Override
    public void typedBoolean(boolean value) {
      bh.consume(value);
    }

    @Override
    public void typedLong(long value) {
      bh.consume(value);
    }

    @Override
    public void typedFloat(float value) {
      bh.consume(value);
    }

    @Override
    public void typedDouble(double value) {
      bh.consume(value);
    }

    @Override
    public void typedDecimal(BigDecimal value) {
      bh.consume(value);
    }

    @Override
    public void typedDecimal(long unscaled, int scale) {
      bh.consume(unscaled); // decimals of up to 18 digits, as our Parquet sink takes them
    }

    @Override
    public void typedDecimal(long high, long low, int scale) {
      bh.consume(low); // 19 to 38 digits as 128 bits, as our Parquet sink takes them
      bh.consume(high);
    }

    @Override
    public void typedBytes(byte[] buffer, int offset, int length) {
      bh.consume(buffer);
    }

    @Override
    public void startObject() {}

    @Override
    public void startField(int index, String name) {
      bh.consume(index);
    }

    @Override
    public void endField() {}

    @Override
    public void missingField(int index, String name) {
      bh.consume(index);
    }

    @Override
    public void endObject() {}

    @Override
    public void startArray(int size) {
      bh.consume(size);
    }

    @Override
    public void startElement() {}

    @Override
    public void endElement() {}

    @Override
    public void endArray() {}
  }
}
