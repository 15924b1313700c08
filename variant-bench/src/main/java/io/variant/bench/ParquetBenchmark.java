package io.variant.bench;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Writing and reading the event log as a Parquet VARIANT column, shredded by the inferred plan versus
 * unshredded (plan {@code variant}: metadata + value only), the baseline. Each invocation handles the whole
 * file (3000 rows); report {@code shredded / unshredded} for write and for read, and the file sizes printed
 * at setup.
 *
 * <p>Run: {@code java -jar variant-bench/target/benchmarks.jar Parquet}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ParquetBenchmark {
  @Param({"unshredded", "shredded"})
  public String shredding;

  private List<VariantRecord> records;
  private ShreddingPlan plan;
  private Path dir;
  private Path readFile;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    List<Variant> variants = EventData.variants();
    records = new ArrayList<>(variants.size());
    long id = 0;
    for (Variant v : variants) {
      records.add(VariantRecord.builder().set("id", id++).set("event", v).build());
    }
    plan = shredding.equals("shredded")
        ? PlanInference.infer(variants, InferenceOptions.defaults()).plan()
        : ShreddingPlan.residual();
    dir = Files.createTempDirectory("variant-bench");
    readFile = dir.resolve("read.parquet");
    write(readFile);
    System.out.printf("%n%s file: %d bytes%n", shredding, Files.size(readFile));
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    try (var files = Files.list(dir)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(p);
      }
    }
    Files.deleteIfExists(dir);
  }

  private void write(Path target) throws IOException {
    try (VariantParquetWriter w = VariantParquetWriter.builder(target).overwrite().longColumn("id")
        .variantColumn("event", plan).build()) {
      for (VariantRecord r : records) {
        w.write(r);
      }
    }
  }

  @Benchmark
  public void write() throws IOException {
    write(dir.resolve("write.parquet"));
  }

  @Benchmark
  public void read(Blackhole bh) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(readFile)) {
      for (VariantRecord rec : r) {
        bh.consume(rec);
      }
    }
  }
}
