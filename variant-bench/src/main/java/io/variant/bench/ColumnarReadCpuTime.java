// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.arrow.CastMode;
import io.variant.arrow.StorageFields;
import io.variant.arrow.Unshred;
import io.variant.arrow.VariantGet;
import io.variant.arrow.VariantVector;
import io.variant.arrow.parquet.BatchOptions;
import io.variant.arrow.parquet.VariantBatchReader;
import io.variant.bench.peer.ParquetJavaFiles;
import io.variant.bench.peer.RowReader;
import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
import io.variant.parquet.read.VariantReadOptions.Validation;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The columnar read targets as <b>thread CPU time</b>, the readers alternated pass by pass in one
 * JVM ({@link ReadCpuTime#alternate}), on the event log of {@code testdata} repeated to each row
 * count, written twice with column {@code v}: shredded by the plan inferred from the log, and
 * unshredded.
 *
 * <ul>
 *   <li><b>Typed paths</b>: every typed path of the plan ({@link TypedPaths}) of every row as a
 *       typed Arrow vector: batches projected to those paths ({@code withPaths}), then {@code
 *       VariantGet} of each path with its typed column's type; from the inferred file against the
 *       same from the unshredded file, which parses every row. Target: at least 3×.
 *   <li><b>Batches</b>: the whole inferred file into batches (shredded storage, nothing rebuilt)
 *       against our row reader of the same file (every row rebuilt, LAZY validation). Target: at
 *       least 2×.
 *   <li><b>Unshred</b>: the same batches and {@code Unshred} of each, against parquet-java's row
 *       reader (Avro, {@code VariantConverters}) of the same file (target: at least 2×) and against
 *       our row reader (target: no slower, at least 1×).
 *   <li><b>Unshredded batches</b>: the same file read into batches in the unshredded storage
 *       ({@code withUnshredded}: each row rebuilt while the pages are read), against the same two
 *       readers and targets.
 * </ul>
 *
 * <p>Run from the repository root after {@code mvn -B -o -q -pl variant-bench -am package
 * -DskipTests}: {@code java -XX:+UseSerialGC -Xmx3g -cp variant-bench/target/benchmarks.jar
 * io.variant.bench.ColumnarReadCpuTime [PASSES [ROWS...]]} (defaults: 9 passes; 20000 200000).
 * Arrow checks the bounds of every buffer access unless the JVM runs with {@code
 * -Darrow.enable_unsafe_memory_access=true}: run both to see what it costs. {@code -Donly=K[,K...]}
 * runs only those passes, to profile them: 0 and 1 the typed paths of the inferred and the
 * unshredded file, 2 the batches, 3 our row reader, 4 unshred, 5 parquet-java's row reader, 6
 * unshredded batches.
 */
public final class ColumnarReadCpuTime {
  private static final String COLUMN = "v";

  private ColumnarReadCpuTime() {}

  public static void main(String[] args) throws IOException {
    int passes = args.length > 0 ? Integer.parseInt(args[0]) : 9;
    int[] counts = {20_000, 200_000};
    if (args.length > 1) {
      counts = new int[args.length - 1];
      for (int i = 1; i < args.length; i++) {
        counts[i - 1] = Integer.parseInt(args[i]);
      }
    }
    List<Variant> rows = EventData.variants();
    ShreddingPlan plan = ReadCpuTime.infer(rows);
    TypedPaths paths = TypedPaths.of(plan);
    System.out.printf(
        Locale.ROOT,
        "columnar reads, arrow.enable_unsafe_memory_access=%s; %d typed paths: %s%n",
        System.getProperty("arrow.enable_unsafe_memory_access", "false"),
        paths.size(),
        paths);
    Path dir = Files.createTempDirectory("variant-columnar");
    try {
      for (int n : counts) {
        // the VARIANT group required, as variant convert writes it (no row is SQL NULL)
        Path inferred =
            ReadCpuTime.write(dir.resolve("inferred.parquet"), COLUMN, rows, plan, n, 0, false);
        Path plain =
            ReadCpuTime.write(
                dir.resolve("unshredded.parquet"),
                COLUMN,
                rows,
                ShreddingPlan.residual(),
                n,
                0,
                false);
        measure(n, passes, inferred, plain, paths);
        Files.delete(inferred);
        Files.delete(plain);
      }
    } finally {
      Files.deleteIfExists(dir);
    }
  }

  private static void measure(int n, int passes, Path inferred, Path plain, TypedPaths paths)
      throws IOException {
    ReadCpuTime.Pass[] ops = {
      () -> typedPaths(inferred, paths),
      () -> typedPaths(plain, paths),
      () -> batches(inferred),
      () -> ReadCpuTime.full(inferred, COLUMN, Validation.LAZY),
      () -> unshred(inferred),
      () -> parquetJava(inferred),
      () -> unshreddedBatches(inferred)
    };
    String only = System.getProperty("only");
    if (only != null) {
      // some passes alone, to profile them (numbered as ops)
      String[] picked = only.split(",");
      ReadCpuTime.Pass[] some = new ReadCpuTime.Pass[picked.length];
      for (int i = 0; i < picked.length; i++) {
        some[i] = ops[Integer.parseInt(picked[i])];
      }
      System.out.printf(
          Locale.ROOT,
          "%d rows, passes %s: %s ns/row%n",
          n,
          only,
          Arrays.toString(ReadCpuTime.alternate(passes, some)));
      return;
    }
    double[] ns = ReadCpuTime.alternate(passes, ops);
    System.out.printf(
        Locale.ROOT,
        "%d rows (%,d bytes inferred, %,d unshredded), ns/row:%n"
            + "  typed paths: inferred %.0f, unshredded %.0f: inferred ÷ unshredded %.2f×"
            + " (target ≥ 3)%n"
            + "  whole inferred file: batches %.0f, our row reader %.0f: batches ÷ row reader"
            + " %.2f× (target ≥ 2)%n"
            + "  unshred of the batches %.0f, parquet-java's row reader %.0f: ÷ parquet-java"
            + " %.2f× (target ≥ 2), ÷ our row reader %.2f× (target ≥ 1)%n"
            + "  unshredded batches %.0f: ÷ parquet-java %.2f× (target ≥ 2), ÷ our row reader"
            + " %.2f× (target ≥ 1)%n",
        n,
        Files.size(inferred),
        Files.size(plain),
        ns[0],
        ns[1],
        ns[1] / ns[0],
        ns[2],
        ns[3],
        ns[3] / ns[2],
        ns[4],
        ns[5],
        ns[5] / ns[4],
        ns[3] / ns[4],
        ns[6],
        ns[5] / ns[6],
        ns[3] / ns[6]);
  }

  /** Every typed path of every row as a typed vector; returns the rows read. */
  static long typedPaths(Path file, TypedPaths paths) throws IOException {
    BatchOptions options =
        BatchOptions.defaults().withPaths(COLUMN, paths.paths().toArray(VariantPath[]::new));
    long rows = 0;
    long values = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader = VariantBatchReader.open(file, allocator, options)) {
      VectorSchemaRoot batch = reader.root();
      while (reader.loadNextBatch()) {
        VariantVector column = (VariantVector) batch.getVector(COLUMN);
        for (int p = 0; p < paths.size(); p++) {
          try (FieldVector got =
              VariantGet.variantGet(
                  column, paths.paths().get(p), paths.types().get(p), CastMode.LENIENT)) {
            values += got.getValueCount() - got.getNullCount();
          }
        }
        rows += batch.getRowCount();
      }
    }
    return nonZero(rows, values, file);
  }

  /** The whole file into batches, nothing rebuilt. */
  static long batches(Path file) throws IOException {
    long rows = 0;
    long present = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(file, allocator, BatchOptions.defaults())) {
      VectorSchemaRoot batch = reader.root();
      while (reader.loadNextBatch()) {
        rows += batch.getRowCount();
        present += batch.getRowCount() - batch.getVector(COLUMN).getNullCount();
      }
    }
    return nonZero(rows, present, file);
  }

  /** The whole file into batches, each batch's column unshredded. */
  static long unshred(Path file) throws IOException {
    long rows = 0;
    long bytes = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(file, allocator, BatchOptions.defaults())) {
      VectorSchemaRoot batch = reader.root();
      while (reader.loadNextBatch()) {
        try (VariantVector whole = Unshred.unshred((VariantVector) batch.getVector(COLUMN))) {
          bytes += whole.getUnderlyingVector().getChild(StorageFields.VALUE).getBufferSize();
        }
        rows += batch.getRowCount();
      }
    }
    return nonZero(rows, bytes, file);
  }

  /** The whole file into unshredded batches, each row rebuilt as the pages are read. */
  static long unshreddedBatches(Path file) throws IOException {
    long rows = 0;
    long bytes = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(file, allocator, BatchOptions.defaults().withUnshredded())) {
      VectorSchemaRoot batch = reader.root();
      while (reader.loadNextBatch()) {
        VariantVector whole = (VariantVector) batch.getVector(COLUMN);
        bytes += whole.getUnderlyingVector().getChild(StorageFields.VALUE).getBufferSize();
        rows += batch.getRowCount();
      }
    }
    return nonZero(rows, bytes, file);
  }

  private static long parquetJava(Path file) throws IOException {
    long n = 0;
    try (RowReader r = ParquetJavaFiles.reader(file)) {
      for (Object v = r.next(); v != RowReader.END; v = r.next()) {
        n++;
      }
    }
    return n;
  }

  /** {@code rows}, after checking that the pass produced something ({@code check}). */
  private static long nonZero(long rows, long check, Path file) {
    if (check == 0) {
      throw new IllegalStateException("nothing read from " + file);
    }
    return rows;
  }
}
