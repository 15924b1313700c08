package io.variant.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The converter's loop, JSON lines to a Parquet file (3000 rows per invocation), parsing each line with
 * the same streaming parser into a reused builder. Baseline: {@code rowMetadata=own}, a fresh dictionary per
 * row, which the writer re-encodes onto its shared dictionary. Compared: {@code rowMetadata=writer}, rows
 * built on {@link VariantParquetWriter#metadata} once the writer has sampled its first 1000 rows, which the
 * writer takes as they are. Report {@code writer / own} per shredding.
 *
 * <p>Run: {@code java -jar variant-bench/target/benchmarks.jar Convert}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ConvertBenchmark {
  @Param({"unshredded", "shredded"})
  public String shredding;

  @Param({"own", "writer"})
  public String rowMetadata;

  private final JsonFactory factory = new JsonFactory();
  private final JsonOptions options = JsonOptions.defaults();
  private List<byte[]> lines;
  private ShreddingPlan plan;
  private Path dir;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    lines = EventData.lines();
    plan = shredding.equals("shredded")
        ? PlanInference.infer(EventData.variants(), InferenceOptions.defaults()).plan()
        : ShreddingPlan.residual();
    dir = Files.createTempDirectory("variant-bench");
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Files.deleteIfExists(dir.resolve("convert.parquet"));
    Files.deleteIfExists(dir);
  }

  @Benchmark
  public long convert() throws IOException {
    boolean onWriter = rowMetadata.equals("writer");
    try (VariantParquetWriter w = VariantParquetWriter.builder(dir.resolve("convert.parquet")).overwrite()
        .longColumn("id").variantColumn("event", plan).build()) {
      VariantBuilder builder = new VariantBuilder(options.builderOptions());
      boolean rebound = false;
      long id = 0;
      for (byte[] line : lines) {
        if (onWriter && !rebound) {
          VariantMetadata dictionary = w.metadata("event"); // null until the first rows are sampled
          if (dictionary != null) {
            builder = VariantBuilder.withMetadata(dictionary, options.builderOptions());
            rebound = true;
          }
        }
        try (JsonParser parser = factory.createParser(line)) {
          VariantJson.parse(parser, builder, options);
        }
        Variant v = builder.build();
        builder.reset();
        w.write(VariantRecord.builder().set("id", id++).set("event", v).build());
      }
      return w.rebasedRows();
    }
  }
}
