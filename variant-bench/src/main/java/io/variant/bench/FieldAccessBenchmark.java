package io.variant.bench;

import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
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
 * Reading one nested field from every row: {@code Variant.field} (binary search over the key-ordered ids,
 * zero copy) and a parsed {@link VariantPath}, against the baseline of scanning every field name in order
 * ({@code linearScan}), which is what a reader without the key-order rule must do.
 *
 * <p>Run: {@code java -jar variant-bench/target/benchmarks.jar FieldAccess}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FieldAccessBenchmark {
  private List<Variant> variants;
  private final VariantPath path = VariantPath.parse("$.user.name");

  @Setup
  public void setup() {
    variants = EventData.variants();
  }

  /** Baseline: compare names one by one. */
  @Benchmark
  public void linearScan(Blackhole bh) {
    for (Variant v : variants) {
      Variant user = scan(v, "user");
      bh.consume(user == null ? null : scan(user, "name"));
    }
  }

  private static Variant scan(Variant object, String name) {
    for (int i = 0, n = object.fieldCount(); i < n; i++) {
      if (object.fieldName(i).equals(name)) {
        return object.fieldValue(i);
      }
    }
    return null;
  }

  @Benchmark
  public void fieldLookup(Blackhole bh) {
    for (Variant v : variants) {
      Variant user = v.field("user");
      bh.consume(user == null ? null : user.field("name"));
    }
  }

  @Benchmark
  public void pathExtract(Blackhole bh) {
    for (Variant v : variants) {
      bh.consume(path.extract(v));
    }
  }
}
