// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.bench.peer.ParquetJavaFiles;
import io.variant.bench.peer.RowReader;
import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * Already-encoded rows to and from a Parquet file with one VARIANT column {@code v}, one row per
 * operation (see {@link FileBenchmark}; ZSTD for both sides; a written file is closed, inside the
 * operation, once it holds {@link #FILE_BYTES} of values):
 *
 * <ul>
 *   <li>{@code writeUnshredded}: the rows' metadata and value bytes as they are. Peer:
 *       parquet-java's {@code VariantValueWriter} writing the same bytes into the same group.
 *   <li>{@code writeShredded}: shredded by the plan inferred from the corpus. Peer: parquet-java's
 *       {@code VariantValueWriter} shredding into the same group.
 *   <li>{@code readShredded}: read and rebuild the shredded file ours wrote (the corpus repeated to
 *       at least {@value #READ_ROWS} rows or {@value #READ_BYTES} bytes), reopened when exhausted.
 *       Peer: parquet-java's Avro reader, which rebuilds with {@code VariantConverters}.
 * </ul>
 *
 * <p>Run: {@code bench/run Parquet}
 */
public class ParquetBenchmark extends FileBenchmark {
  static final int READ_ROWS = 20_000;
  static final long READ_BYTES = 48L << 20;

  /** Written files are closed (and a new one begun) once they hold this many value bytes. */
  static final long FILE_BYTES = 2 * ROW_GROUP_BYTES;

  private List<VariantRecord> records;
  private int[] valueSizes; // per row of the corpus: its value's size in bytes
  private long fileBytes; // value bytes written to the open file
  private List<org.apache.parquet.variant.Variant> peerRows;
  private ShreddingPlan plan;
  private Path readFile;
  private VariantParquetWriter ours;
  private ParquetJavaFiles.Writer peer;
  private RowReader reader;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    List<Variant> variants = corpus().variants();
    records = new ArrayList<>(variants.size());
    peerRows = new ArrayList<>(variants.size());
    valueSizes = new int[variants.size()];
    for (Variant v : variants) {
      valueSizes[records.size()] = v.valueSize();
      records.add(VariantRecord.builder().set("v", v).build());
      peerRows.add(new org.apache.parquet.variant.Variant(v.valueBytes(), v.metadataBytes()));
    }
    plan = PlanInference.infer(variants, InferenceOptions.defaults()).plan();
    readFile = dir().resolve("read.parquet");
    long bytes = 0;
    try (VariantParquetWriter w = ourWriter(readFile, plan)) {
      for (int n = 0; n < READ_ROWS && bytes < READ_BYTES; n++) {
        VariantRecord r = records.get(n % records.size());
        w.write(r);
        bytes += r.variant("v").valueSize();
      }
    }
  }

  @Override
  protected void forgetOpenFile() {
    ours = null;
    peer = null;
    reader = null;
    fileBytes = 0;
  }

  private static VariantParquetWriter ourWriter(Path file, ShreddingPlan p) throws IOException {
    return VariantParquetWriter.builder(file)
        .overwrite()
        .variantColumn("v", p)
        .rowGroupSize(ROW_GROUP_BYTES)
        .build();
  }

  private void write(ShreddingPlan p) throws IOException {
    if (ours == null) {
      ours = opened(ourWriter(dir().resolve("ours.parquet"), p));
    }
    int i = nextRow();
    ours.write(records.get(i));
    closeWhenFull(i);
  }

  private void writePeer(ShreddingPlan p) throws IOException {
    if (peer == null) {
      peer = opened(ParquetJavaFiles.writer(dir().resolve("peer.parquet"), p, ROW_GROUP_BYTES));
    }
    int i = nextRow();
    peer.write(peerRows.get(i));
    closeWhenFull(i);
  }

  /**
   * Closes the open file, inside the measured operation, once it holds {@link #FILE_BYTES} of
   * values: a write is not done until its last row group is compressed and its footer written. Left
   * to the iteration's tear-down, that work was never measured, and on MB-sized rows (which both
   * writers buffer until their first size check at row 100) a batch measured little but copying.
   */
  private void closeWhenFull(int row) throws IOException {
    fileBytes += valueSizes[row];
    if (fileBytes >= FILE_BYTES) {
      closeOpenFile();
    }
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

  /** Opens {@link #readFile} with our reader. */
  private RowReader ourReader() throws IOException {
    VariantParquetReader r = VariantParquetReader.open(readFile);
    return new RowReader() {
      @Override
      public Object next() throws IOException {
        VariantRecord rec = r.read();
        return rec == null ? END : rec.variant("v");
      }

      @Override
      public void close() throws IOException {
        r.close();
      }
    };
  }

  /** The next row of the file, reopened with {@code ours} or the peer's reader when exhausted. */
  private Object read(boolean withOurs) throws IOException {
    for (int attempt = 0; attempt < 2; attempt++) {
      if (reader == null) {
        reader = opened(withOurs ? ourReader() : ParquetJavaFiles.reader(readFile));
      }
      Object r = reader.next();
      if (r != RowReader.END) {
        return r;
      }
      reader.close();
      reader = null;
    }
    throw new IllegalStateException(readFile + " has no rows");
  }

  @Benchmark
  public Object readShredded_ours() throws IOException {
    return read(true);
  }

  @Benchmark
  public Object readShredded_parquetJava() throws IOException {
    return read(false);
  }
}
