package io.variant.bench;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.shredding.ShreddedSink;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Splitting every event row by the plan inferred from the file, into a sink that only consumes what it is
 * given. Baseline: re-encoding every row canonically ({@code canonicalize}), one full walk-and-copy of the
 * value. Report {@code split / canonicalize}.
 *
 * <p>Run: {@code java -jar variant-bench/target/benchmarks.jar Shredding}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ShreddingBenchmark {
  private List<Variant> variants;
  private Splitter splitter;

  @Setup
  public void setup() {
    variants = EventData.variants();
    ShreddingPlan plan = PlanInference.infer(variants, InferenceOptions.defaults()).plan();
    splitter = Splitter.of(plan, SplitOptions.defaults());
  }

  @Benchmark
  public void canonicalize(Blackhole bh) {
    for (Variant v : variants) {
      bh.consume(VariantBuilder.canonicalize(v));
    }
  }

  @Benchmark
  public void split(Blackhole bh) {
    ConsumingSink sink = new ConsumingSink(bh);
    for (Variant v : variants) {
      splitter.split(v, sink);
    }
  }

  /** Hands everything to the Blackhole so nothing is optimised away. */
  private static final class ConsumingSink implements ShreddedSink {
    private final Blackhole bh;

    ConsumingSink(Blackhole bh) {
      this.bh = bh;
    }

    @Override
    public void residual(Variant v) {
      bh.consume(v);
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
    public void typedBytes(byte[] buffer, int offset, int length) {
      bh.consume(length);
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
