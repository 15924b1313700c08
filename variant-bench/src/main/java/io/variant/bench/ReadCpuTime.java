// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.bench.corpus.Corpus;
import io.variant.bench.peer.ParquetJavaFiles;
import io.variant.bench.peer.RowReader;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.PathValue;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantPathReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.read.VariantReadOptions.Validation;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The read targets as <b>thread CPU time</b>, with the compared readers alternated pass by pass in
 * one JVM: on the shared 2-core machine wall-clock JMH scores carry error bars several times their
 * size, while CPU time per pass is barely disturbed by other processes. Each pass reads a whole
 * file; the median of the passes after warm-up is reported.
 *
 * <ul>
 *   <li>{@code readShredded}, per corpus: the file {@link ParquetBenchmark} reads (its inferred
 *       plan, the corpus repeated to 20,000 rows or 48 MB, 8 MB row groups), read and rebuilt by
 *       ours and by parquet-java's Avro reader. Target: ours at least 2.0× as fast.
 *   <li>{@code planRead}: {@link PlanReadBenchmark}'s files (testdata events; the default inferred
 *       plan and the unshredded layout): a full read of each, and a projected read of {@code
 *       $.event_id} from the inferred one. Targets: projected at least 10× a full read; the full
 *       read of the inferred file no slower than of the unshredded one.
 * </ul>
 *
 * <p>Run from the repository root: {@code java -cp variant-bench/target/benchmarks.jar
 * io.variant.bench.ReadCpuTime [PASSES [NAME...]]}: NAME is {@code plan}, {@code plan-CORPUS} (the
 * full reads of planRead on a generated corpus, e.g. {@code plan-mixed}) or a corpus (defaults: 15
 * passes; plan events wide large mixed). {@code -Donly=K[,K...]} runs only those passes of planRead
 * (0 full inferred, 1 full unshredded, 2 projected, 3 and 4 the full reads with FULL validation),
 * to profile it. {@code -Dplan.rows=N} writes planRead's files with the event log repeated to N
 * rows (default: its 3,000 rows once), to see how the per-file costs amortize at larger sizes. NAME
 * {@code json} (planRead's event log) or {@code json-CORPUS} times a user's full read of both
 * layouts instead: every row read (LAZY) and written out as JSON, as {@code variant cat} does.
 */
public final class ReadCpuTime {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final long WARM_UP_NANOS = 1_500_000_000L; // per reader

  private ReadCpuTime() {}

  /** A whole-file read that returns how many rows it read. */
  interface Pass {
    long run() throws IOException;
  }

  public static void main(String[] args) throws IOException {
    int passes = args.length > 0 ? Integer.parseInt(args[0]) : 15;
    List<String> names = new ArrayList<>(List.of("plan"));
    names.addAll(Corpus.GENERATED);
    if (args.length > 1) {
      names = Arrays.asList(args).subList(1, args.length);
    }
    Path dir = Files.createTempDirectory("variant-readcpu");
    try {
      for (String name : names) {
        if (name.equals("plan")) {
          planRead(dir, passes);
        } else if (name.equals("json") || name.startsWith("json-")) {
          jsonRead(dir, passes, name.equals("json") ? null : name.substring("json-".length()));
        } else if (name.startsWith("plan-")) {
          planReadFull(dir, passes, name.substring("plan-".length()));
        } else {
          readShredded(dir, name, passes);
        }
      }
    } finally {
      try (var files = Files.list(dir)) {
        for (Path p : (Iterable<Path>) files::iterator) {
          Files.deleteIfExists(p);
        }
      }
      Files.deleteIfExists(dir);
    }
  }

  private static void planRead(Path dir, int passes) throws IOException {
    List<Variant> rows = EventData.variants();
    // -Dplan.rows=N writes the event log repeated to N rows (the targets' sizes are 20,000 and
    // 200,000); the plan is still inferred from the log itself, as PlanReadBenchmark does
    int n = Integer.getInteger("plan.rows", 0);
    Path inferred = write(dir.resolve("plan-inferred.parquet"), "event", rows, infer(rows), n, 0);
    Path plain =
        write(
            dir.resolve("plan-unshredded.parquet"), "event", rows, ShreddingPlan.residual(), n, 0);
    Pass[] ops = {
      () -> full(inferred, "event", Validation.LAZY),
      () -> full(plain, "event", Validation.LAZY),
      () -> projected(inferred, "event", PlanReadBenchmark.PROJECTED),
      () -> full(inferred, "event", Validation.FULL),
      () -> full(plain, "event", Validation.FULL)
    };
    String only = System.getProperty("only");
    if (only != null) {
      // one pass alone, to profile it: 0 full inferred, 1 full unshredded, 2 projected, 3 and 4
      // the full reads under FULL validation
      String[] picked = only.split(",");
      Pass[] some = new Pass[picked.length];
      for (int i = 0; i < picked.length; i++) {
        some[i] = ops[Integer.parseInt(picked[i])];
      }
      System.out.printf(
          Locale.ROOT,
          "planRead (%d rows) passes %s: %s ns/row%n",
          n > 0 ? n : rows.size(),
          only,
          Arrays.toString(alternate(passes, some)));
      return;
    }
    double[] ns = alternate(passes, ops);
    System.out.printf(
        Locale.ROOT,
        "planRead events (%d rows): full inferred %.0f ns/row, full unshredded %.0f ns/row,"
            + " projected %.0f ns/row%n  projected ÷ full: %.2f× (target ≥ 10)"
            + "   full(inferred) ÷ full(unshredded) speed: %.2f× (target ≥ 1)%n"
            + "  with FULL validation (both sides check every value): full inferred %.0f ns/row,"
            + " full unshredded %.0f ns/row, inferred ÷ unshredded speed %.2f×%n",
        n > 0 ? n : rows.size(),
        ns[0],
        ns[1],
        ns[2],
        ns[0] / ns[2],
        ns[1] / ns[0],
        ns[3],
        ns[4],
        ns[4] / ns[3]);
  }

  /**
   * {@link #planRead}'s full reads (inferred and unshredded, LAZY and FULL) on a generated corpus,
   * repeated to {@code -Dplan.rows} rows when that is set: the same full-read row on other shapes
   * than the event log.
   */
  private static void planReadFull(Path dir, int passes, String corpus) throws IOException {
    List<Variant> rows = Corpus.named(corpus).variants();
    int n = Integer.getInteger("plan.rows", 0);
    Path inferred = write(dir.resolve(corpus + "-inferred.parquet"), "v", rows, infer(rows), n, 0);
    Path plain =
        write(
            dir.resolve(corpus + "-unshredded.parquet"), "v", rows, ShreddingPlan.residual(), n, 0);
    double[] ns =
        alternate(
            passes,
            () -> full(inferred, "v", Validation.LAZY),
            () -> full(plain, "v", Validation.LAZY),
            () -> full(inferred, "v", Validation.FULL),
            () -> full(plain, "v", Validation.FULL));
    System.out.printf(
        Locale.ROOT,
        "planRead %s (%d rows): full inferred %.0f ns/row, full unshredded %.0f ns/row,"
            + " inferred ÷ unshredded speed %.2f× (target ≥ 1)%n"
            + "  with FULL validation: full inferred %.0f ns/row, full unshredded %.0f ns/row,"
            + " inferred ÷ unshredded speed %.2f×%n",
        corpus,
        n > 0 ? n : rows.size(),
        ns[0],
        ns[1],
        ns[1] / ns[0],
        ns[2],
        ns[3],
        ns[3] / ns[2]);
  }

  /**
   * A user's full read of the inferred and the unshredded file: each row read and written out as
   * JSON (into one reused buffer), so both sides pay for every value they hand out, the unshredded
   * side included (its LAZY read only wraps the stored bytes). {@code corpus} null: planRead's
   * event log.
   */
  private static void jsonRead(Path dir, int passes, String corpus) throws IOException {
    List<Variant> rows = corpus == null ? EventData.variants() : Corpus.named(corpus).variants();
    String column = corpus == null ? "event" : "v";
    String name = corpus == null ? "events" : corpus;
    int n = Integer.getInteger("plan.rows", 0);
    Path inferred =
        write(dir.resolve(name + "-json-inferred.parquet"), column, rows, infer(rows), n, 0);
    Path plain =
        write(
            dir.resolve(name + "-json-unshredded.parquet"),
            column,
            rows,
            ShreddingPlan.residual(),
            n,
            0);
    double[] ns = alternate(passes, () -> json(inferred, column), () -> json(plain, column));
    System.out.printf(
        Locale.ROOT,
        "jsonRead %s (%d rows): each row read and written as JSON: inferred %.0f ns/row,"
            + " unshredded %.0f ns/row, inferred ÷ unshredded speed %.2f×%n",
        name,
        n > 0 ? n : rows.size(),
        ns[0],
        ns[1],
        ns[1] / ns[0]);
  }

  private static long json(Path file, String column) throws IOException {
    long n = 0;
    StringBuilder out = new StringBuilder(1 << 16);
    long chars = 0;
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (VariantRecord rec = r.read(); rec != null; rec = r.read()) {
        Variant v = rec.variant(column);
        if (v != null) {
          out.setLength(0);
          VariantJson.writeJson(v, out);
          chars += out.length();
          n++;
        }
      }
    }
    if (chars == 0) {
      throw new IllegalStateException("no JSON written from " + file);
    }
    return n;
  }

  private static void readShredded(Path dir, String corpus, int passes) throws IOException {
    List<Variant> rows = Corpus.named(corpus).variants();
    Path file =
        write(
            dir.resolve(corpus + ".parquet"),
            "v",
            rows,
            infer(rows),
            ParquetBenchmark.READ_ROWS,
            ParquetBenchmark.READ_BYTES);
    double[] ns = alternate(passes, () -> full(file, "v"), () -> peer(file));
    System.out.printf(
        Locale.ROOT,
        "readShredded %s: ours %.0f ns/row, parquet-java %.0f ns/row, ours ÷ parquet-java %.2f×"
            + " (target ≥ 2)%n",
        corpus,
        ns[0],
        ns[1],
        ns[1] / ns[0]);
  }

  /**
   * The rows of corpus {@code name}: {@code testdata}, the event log planRead reads ({@link
   * EventData}), or a {@link Corpus} ({@code events}, {@code mixed}, ... generated).
   */
  static List<Variant> rows(String name) {
    return name.equals("testdata") ? EventData.variants() : Corpus.named(name).variants();
  }

  static ShreddingPlan infer(List<Variant> rows) {
    return PlanInference.infer(rows, InferenceOptions.defaults()).plan();
  }

  /**
   * Writes {@code rows}, or (as {@link ParquetBenchmark} does) {@code minRows} of them repeated,
   * stopping early at {@code maxBytes} of values, when those are positive.
   */
  static Path write(
      Path file, String column, List<Variant> rows, ShreddingPlan plan, int minRows, long maxBytes)
      throws IOException {
    return write(file, column, rows, plan, minRows, maxBytes, true);
  }

  /**
   * As {@link #write(Path, String, List, ShreddingPlan, int, long)}, the VARIANT group {@code
   * optional} or, as {@code variant convert} writes it, {@code required}.
   */
  static Path write(
      Path file,
      String column,
      List<Variant> rows,
      ShreddingPlan plan,
      int minRows,
      long maxBytes,
      boolean nullable)
      throws IOException {
    int n = minRows > 0 ? minRows : rows.size();
    long limit = maxBytes > 0 ? maxBytes : Long.MAX_VALUE;
    long bytes = 0;
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .variantColumn(column, plan)
            .nullableVariants(nullable)
            .rowGroupSize(FileBenchmark.ROW_GROUP_BYTES)
            .build()) {
      for (int i = 0; i < n && bytes < limit; i++) {
        Variant v = rows.get(i % rows.size());
        w.write(VariantRecord.builder().set(column, v).build());
        bytes += v.valueSize();
      }
    }
    return file;
  }

  private static long full(Path file, String column) throws IOException {
    return full(file, column, VariantReadOptions.defaults().validation());
  }

  static long full(Path file, String column, Validation validation) throws IOException {
    long n = 0;
    try (VariantParquetReader r =
        VariantParquetReader.builder(file).validation(validation).build()) {
      for (VariantRecord rec = r.read(); rec != null; rec = r.read()) {
        if (rec.variant(column) != null) {
          n++;
        }
      }
    }
    return n;
  }

  private static long projected(Path file, String column, String path) throws IOException {
    long n = 0;
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader values = r.project(column, VariantPath.parse(path))) {
      for (PathValue v : values) {
        if (v.value() != null) {
          n++;
        }
      }
    }
    return n;
  }

  private static long peer(Path file) throws IOException {
    long n = 0;
    try (RowReader r = ParquetJavaFiles.reader(file)) {
      for (Object v = r.next(); v != RowReader.END; v = r.next()) {
        if (v != null) {
          n++;
        }
      }
    }
    return n;
  }

  /**
   * Median thread-CPU nanoseconds per row of each pass, the passes alternated. Warm-up runs every
   * reader, alternated, until each has spent {@link #WARM_UP_NANOS} of CPU time of its own: a
   * reader whose pass is short (the projected read of 3,000 rows takes a few hundred microseconds)
   * would otherwise run its per-file set-up (footer, requested schema, path resolver) only as often
   * as the rounds, in the interpreter, and be measured slower than it runs hot (2.4× on the
   * projected read, against itself run alone); JMH likewise warms each benchmark for the same time.
   */
  static double[] alternate(int passes, Pass... ops) throws IOException {
    long[] warmedFor = new long[ops.length];
    for (boolean warming = true; warming; ) {
      warming = false;
      for (int i = 0; i < ops.length; i++) {
        if (warmedFor[i] < WARM_UP_NANOS) {
          long t0 = THREADS.getCurrentThreadCpuTime();
          ops[i].run();
          warmedFor[i] += THREADS.getCurrentThreadCpuTime() - t0;
          warming = true;
        }
      }
    }
    List<List<Double>> samples = new ArrayList<>();
    for (Pass ignored : ops) {
      samples.add(new ArrayList<>());
    }
    for (int round = 0; round < passes; round++) {
      for (int i = 0; i < ops.length; i++) {
        long t0 = THREADS.getCurrentThreadCpuTime();
        long rows = ops[i].run();
        long t = THREADS.getCurrentThreadCpuTime() - t0;
        samples.get(i).add((double) t / Math.max(1, rows));
      }
    }
    double[] out = new double[ops.length];
    for (int i = 0; i < ops.length; i++) {
      List<Double> s = samples.get(i);
      s.sort(null);
      out[i] = s.get(s.size() / 2);
    }
    return out;
  }
}
