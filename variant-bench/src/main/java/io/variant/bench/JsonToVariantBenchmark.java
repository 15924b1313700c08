package io.variant.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.io.IOException;
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
 * JSON to Variant and back, per event-log row. Baseline: jackson-core tokenizing the same row and touching
 * every value ({@code tokenizeOnly}), which is the floor any JSON-to-Variant conversion pays. Report
 * {@code parseToVariant / tokenizeOnly} as the overhead of encoding.
 *
 * <p>Run: {@code mvn -B -q -pl variant-bench -am package -DskipTests && java -jar
 * variant-bench/target/benchmarks.jar JsonToVariant}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class JsonToVariantBenchmark {
  private final JsonFactory factory = new JsonFactory();
  private List<byte[]> lines;
  private List<Variant> variants;

  @Setup
  public void setup() {
    lines = EventData.lines();
    variants = EventData.variants();
  }

  /** Baseline: tokenize every row and read every scalar. */
  @Benchmark
  public void tokenizeOnly(Blackhole bh) throws IOException {
    for (byte[] line : lines) {
      try (JsonParser p = factory.createParser(line)) {
        JsonToken t;
        while ((t = p.nextToken()) != null) {
          switch (t) {
            case VALUE_STRING, FIELD_NAME -> bh.consume(p.getText());
            case VALUE_NUMBER_INT -> bh.consume(p.getNumberValue()); // a long, or a BigInteger past int64
            case VALUE_NUMBER_FLOAT -> bh.consume(p.getDecimalValue());
            default -> bh.consume(t);
          }
        }
      }
    }
  }

  /** Every row parsed into a Variant. */
  @Benchmark
  public void parseToVariant(Blackhole bh) {
    for (byte[] line : lines) {
      bh.consume(VariantJson.parse(line));
    }
  }

  /** Every Variant rendered back to JSON text. */
  @Benchmark
  public void variantToJson(Blackhole bh) {
    for (Variant v : variants) {
      bh.consume(VariantJson.toJson(v));
    }
  }
}
