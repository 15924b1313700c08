// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.PathValue;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantPathReader;
import io.variant.parquet.read.VariantReadOptions;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The read targets on the event log (testdata, 3000 rows): reading one typed path with projection
 * against reading every row whole, of the file shredded by the default inferred plan (the cost
 * model); and a full read of that file against the unshredded file. Each invocation reads the whole
 * file. Report {@code projected / full} (target at least 10) and {@code full(inferred) /
 * full(unshredded)} (target at least 1) from one run.
 *
 * <p>Compare at one {@code validation} level. Under {@code LAZY} (the reader's default) an
 * unshredded row is handed out as its stored bytes after an O(1) header check, while a shredded row
 * is rebuilt, which checks every typed string's UTF-8 and reads every typed value; under {@code
 * FULL} both sides validate every Variant they return (O(size)), so both have checked the same.
 *
 * <p>Run: {@code java -jar variant-bench/target/benchmarks.jar PlanRead}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlanReadBenchmark {
  /** The path read with projection: typed by the default plan (setup checks it). */
  static final String PROJECTED = "$.event_id";

  @Param({"unshredded", "inferred"})
  public String layout;

  @Param({"LAZY", "FULL"})
  public VariantReadOptions.Validation validation;

  private Path dir;
  private Path file;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    List<Variant> variants = EventData.variants();
    ShreddingPlan plan =
        layout.equals("inferred")
            ? PlanInference.infer(variants, InferenceOptions.defaults()).plan()
            : ShreddingPlan.residual();
    if (layout.equals("inferred") && !plan.print().contains("\"event_id\": int64")) {
      throw new IllegalStateException(
          "the inferred plan does not type " + PROJECTED + ": " + plan.print());
    }
    dir = Files.createTempDirectory("variant-bench");
    file = dir.resolve("events.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).overwrite().variantColumn("event", plan).build()) {
      for (Variant v : variants) {
        w.write(VariantRecord.builder().set("event", v).build());
      }
    }
    System.out.printf("%n%s file: %d bytes, plan %s%n", layout, Files.size(file), plan.print());
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Files.deleteIfExists(file);
    Files.deleteIfExists(dir);
  }

  @Benchmark
  public void fullRead(Blackhole bh) throws IOException {
    try (VariantParquetReader r =
        VariantParquetReader.builder(file).validation(validation).build()) {
      for (VariantRecord rec : r) {
        bh.consume(rec.variant("event"));
      }
    }
  }

  @Benchmark
  public void projectedRead(Blackhole bh) throws IOException {
    try (VariantParquetReader r =
            VariantParquetReader.builder(file).validation(validation).build();
        VariantPathReader ids = r.project("event", VariantPath.parse(PROJECTED))) {
      for (PathValue id : ids) {
        bh.consume(id.value());
      }
    }
  }
}
