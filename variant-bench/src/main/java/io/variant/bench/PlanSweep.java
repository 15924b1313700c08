// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.bench.sizes.SizeTable;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.read.VariantReadOptions.Validation;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Whether any plan meets both the size row and the full-read row on the same rows: file size
 * against the JSON string column (events: at most 0.6) and a full read no slower than of the
 * unshredded file. It writes the rows under a ladder of plans cut down from the default-inferred
 * one, down to the unshredded layout, and times our full read of each (LAZY and FULL validation,
 * thread CPU time, all files alternated in one JVM, as {@link ReadCpuTime}).
 *
 * <p>The ladder: the inferred plan; without its lists; without its lists and string columns; only
 * its first top-level scalar that is no string; nothing typed. File sizes are deterministic, read
 * times are medians of the passes after warm-up.
 *
 * <p>Run from the repository root: {@code java -cp variant-bench/target/benchmarks.jar
 * io.variant.bench.PlanSweep [PASSES [CORPUS]]}: CORPUS {@code testdata} (the event log planRead
 * reads, the default) or a generated corpus ({@code events}, {@code mixed}, ...); {@code
 * -Dplan.rows=N} repeats the rows to N.
 */
public final class PlanSweep {
  private PlanSweep() {}

  public static void main(String[] args) throws IOException {
    int passes = args.length > 0 ? Integer.parseInt(args[0]) : 9;
    String corpus = args.length > 1 ? args[1] : "testdata";
    List<Variant> rows = ReadCpuTime.rows(corpus);
    int n = Integer.getInteger("plan.rows", 0);
    ShreddingPlan inferred = ReadCpuTime.infer(rows);
    Map<String, ShreddingPlan> ladder = new LinkedHashMap<>();
    ladder.put("inferred", inferred);
    ladder.put("no lists", cut(inferred, t -> true));
    ladder.put("no lists, no strings", cut(inferred, t -> t.kind() != ShreddedType.Kind.STRING));
    ladder.put("one scalar", firstScalar(inferred));
    ladder.put("unshredded", ShreddingPlan.residual());
    Path dir = Files.createTempDirectory("variant-sweep");
    List<Path> files = new ArrayList<>();
    try {
      Path json = dir.resolve("json.parquet");
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < (n > 0 ? n : rows.size()); i++) {
        lines.add(VariantJson.toJson(rows.get(i % rows.size())));
      }
      SizeTable.writeJsonColumn(lines, json);
      files.add(json);
      List<Path> written = new ArrayList<>();
      for (Map.Entry<String, ShreddingPlan> e : ladder.entrySet()) {
        Path f = dir.resolve(written.size() + ".parquet");
        written.add(ReadCpuTime.write(f, "v", rows, e.getValue(), n, 0));
      }
      files.addAll(written);
      List<ReadCpuTime.Pass> ops = new ArrayList<>();
      for (Validation v : List.of(Validation.LAZY, Validation.FULL)) {
        for (Path f : written) {
          ops.add(() -> ReadCpuTime.full(f, "v", v));
        }
      }
      double[] ns = ReadCpuTime.alternate(passes, ops.toArray(new ReadCpuTime.Pass[0]));
      int k = written.size();
      int plain = k - 1;
      System.out.printf(
          Locale.ROOT,
          "planSweep %s (%d rows); read speed ÷ unshredded's (target ≥ 1), size ÷ JSON column%n",
          corpus,
          n > 0 ? n : rows.size());
      System.out.println(
          "| plan | typed leaves | size ÷ JSON | LAZY ns/row | LAZY speed | FULL ns/row | FULL"
              + " speed |");
      System.out.println("|---|---:|---:|---:|---:|---:|---:|");
      int i = 0;
      for (Map.Entry<String, ShreddingPlan> e : ladder.entrySet()) {
        System.out.printf(
            Locale.ROOT,
            "| %s | %d | %.2f | %.0f | %.2f | %.0f | %.2f |%n",
            e.getKey(),
            typedLeaves(e.getValue()),
            (double) Files.size(written.get(i)) / Files.size(json),
            ns[i],
            ns[plain] / ns[i],
            ns[k + i],
            ns[k + plain] / ns[k + i]);
        i++;
      }
      System.out.println("plans: " + ladder.values().stream().map(ShreddingPlan::print).toList());
    } finally {
      for (Path f : files) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    }
  }

  /** {@code p} without lists and without the typed scalars {@code keep} refuses. */
  static ShreddingPlan cut(ShreddingPlan p, Predicate<ShreddedType> keep) {
    return switch (p.shape()) {
      case SCALAR -> keep.test(p.asScalar().type()) ? p : ShreddingPlan.residual();
      case ARRAY, RESIDUAL -> ShreddingPlan.residual();
      case OBJECT -> {
        Map<String, ShreddingPlan> fields = new LinkedHashMap<>();
        for (ShreddingPlan.Field f : p.asObject().fields()) {
          ShreddingPlan c = cut(f.plan(), keep);
          if (c.isShredded()) {
            fields.put(f.name(), c);
          }
        }
        yield fields.isEmpty() ? ShreddingPlan.residual() : ShreddingPlan.object(fields);
      }
    };
  }

  /** An object plan of {@code p}'s first top-level scalar field that is no string, if any. */
  private static ShreddingPlan firstScalar(ShreddingPlan p) {
    if (p.shape() == ShreddingPlan.Shape.OBJECT) {
      for (ShreddingPlan.Field f : p.asObject().fields()) {
        if (f.plan().shape() == ShreddingPlan.Shape.SCALAR
            && f.plan().asScalar().type().kind() != ShreddedType.Kind.STRING) {
          return ShreddingPlan.object(Map.of(f.name(), f.plan()));
        }
      }
    }
    return ShreddingPlan.residual();
  }

  private static int typedLeaves(ShreddingPlan p) {
    return switch (p.shape()) {
      case SCALAR -> 1;
      case RESIDUAL -> 0;
      case ARRAY -> typedLeaves(p.asArray().element());
      case OBJECT -> p.asObject().fields().stream().mapToInt(f -> typedLeaves(f.plan())).sum();
    };
  }
}
