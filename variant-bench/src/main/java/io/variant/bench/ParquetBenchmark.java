package io.variant.bench;

import io.variant.bench.peer.ParquetJavaFiles;
import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Already-encoded rows to and from a Parquet file with one VARIANT column {@code v}, one row per operation
 * (the file stays open across an iteration; row groups of {@value #ROW_GROUP_BYTES} bytes so that flushing
 * and compressing happen while measured; ZSTD for both sides):
 *
 * <ul>
 *   <li>{@code writeUnshredded}: the rows' metadata and value bytes as they are. Peer: parquet-java's
 *       {@code VariantValueWriter} writing the same bytes into the same group.
 *   <li>{@code writeShredded}: shredded by the plan inferred from the corpus. Peer: parquet-java's
 *       {@code VariantValueWriter} shredding into the same group.
 *   <li>{@code readShredded}: read and rebuild the shredded file ours wrote (the corpus repeated to at least
 *       {@value #READ_ROWS} rows or {@value #READ_BYTES} bytes), reopened when exhausted. Peer: parquet-java's
 *       Avro reader, which rebuilds with {@code VariantConverters}.
 * </ul>
 *
 * <p>Run: {@code bench/run Parquet}
 */
public class ParquetBenchmark extends CorpusBenchmark {
  static final long ROW_GROUP_BYTES = 8L << 20;
  static final int READ_ROWS = 20_000;
  static final long READ_BYTES = 48L << 20;

  private List<VariantRecord> records;
  private List<org.apache.parquet.variant.Variant> peerRows;
  private ShreddingPlan plan;
  private Path dir;
  private Path readFile;
  private Closeable open; // the writer or reader of the running benchmark
  private VariantParquetWriter ours;
  private ParquetJavaFiles.Writer peer;
  private VariantParquetReader ourReader;
  private ParquetJavaFiles.Reader peerReader;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    List<Variant> variants = corpus().variants();
    records = new ArrayList<>(variants.size());
    peerRows = new ArrayList<>(variants.size());
    for (Variant v : variants) {
      records.add(VariantRecord.builder().set("v", v).build());
      peerRows.add(new org.apache.parquet.variant.Variant(v.valueBytes(), v.metadataBytes()));
    }
    plan = PlanInference.infer(variants, InferenceOptions.defaults()).plan();
    dir = Files.createTempDirectory("variant-bench-parquet");
    readFile = dir.resolve("read.parquet");
    long bytes = 0;
    try (VariantParquetWriter w = ourWriter(readFile, plan)) {
      for (int n = 0; n < READ_ROWS && bytes < READ_BYTES; n++) {
        VariantRecord r = records.get(n % records.size());
        w.write(r);
        bytes += r.variant("v").valueSize();
      }
    }
  }

  @TearDown(Level.Iteration)
  public void closeIteration() throws IOException {
    if (open != null) {
      open.close();
    }
    open = null;
    ours = null;
    peer = null;
    ourReader = null;
    peerReader = null;
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

  private VariantParquetWriter ourWriter(Path file, ShreddingPlan p) throws IOException {
    return VariantParquetWriter.builder(file).overwrite().variantColumn("v", p).rowGroupSize(ROW_GROUP_BYTES).build();
  }

  private void write(ShreddingPlan p) throws IOException {
    if (ours == null) {
      ours = ourWriter(dir.resolve("ours.parquet"), p);
      open = ours;
    }
    ours.write(records.get(nextRow()));
  }

  private void writePeer(ShreddingPlan p) throws IOException {
    if (peer == null) {
      peer = ParquetJavaFiles.writer(dir.resolve("peer.parquet"), p, ROW_GROUP_BYTES);
      open = peer;
    }
    peer.write(peerRows.get(nextRow()));
  }

  @Benchmark
  public void writeUnshredded_ours() throws IOException {
    write(ShreddingPlan.residual());
  }

  @Benchmark
  public void writeUnshredded_parquetJava() throws IOException {
    writePeer(ShreddingPlan.residual());
  }

  @Benchmark
  public void writeShredded_ours() throws IOException {
    write(plan);
  }

  @Benchmark
  public void writeShredded_parquetJava() throws IOException {
    writePeer(plan);
  }

  @Benchmark
  public Variant readShredded_ours() throws IOException {
    if (ourReader == null) {
      ourReader = VariantParquetReader.open(readFile);
      open = ourReader;
    }
    VariantRecord r = ourReader.read();
    if (r == null) {
      ourReader.close();
      ourReader = VariantParquetReader.open(readFile);
      open = ourReader;
      r = ourReader.read();
    }
    return r.variant("v");
  }

  @Benchmark
  public Object readShredded_parquetJava() throws IOException {
    if (peerReader == null) {
      peerReader = ParquetJavaFiles.reader(readFile);
      open = peerReader;
    }
    Object r = peerReader.next();
    if (r == ParquetJavaFiles.END) {
      peerReader.close();
      peerReader = ParquetJavaFiles.reader(readFile);
      open = peerReader;
      r = peerReader.next();
    }
    return r;
  }
}
