// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each typed path of the default-inferred plan is worth in bytes, measured instead of
 * estimated: the rows are written with the plan, then once per typed path (leaf, object or list)
 * with that path left out of the plan (in the residual), and each file's size is compared with the
 * plan's. A path whose removal makes the file smaller costs more than it saves: the cost model
 * ({@code CostModel}) misjudged it. File sizes are deterministic.
 *
 * <p>Run from the repository root: {@code java -cp variant-bench/target/benchmarks.jar
 * io.variant.bench.PlanAudit [CORPUS]}: CORPUS as {@link ReadCpuTime#rows} ({@code testdata}, the
 * default, or a generated corpus; {@code file} with {@code -Dcorpus=FILE.ndjson}); {@code
 * -Dplan.rows=N} repeats the rows to N. Prints the paths that cost bytes first.
 */
public final class PlanAudit {
  private PlanAudit() {}

  public static void main(String[] args) throws IOException {
    List<Variant> rows = ReadCpuTime.rows(args.length > 0 ? args[0] : "testdata");
    int n = Integer.getInteger("plan.rows", 0);
    ShreddingPlan plan = ReadCpuTime.infer(rows);
    Path file = Files.createTempFile("variant-audit", ".parquet");
    try {
      long base = Files.size(ReadCpuTime.write(file, "v", rows, plan, n, 0));
      Map<String, Long> delta = new LinkedHashMap<>();
      List<String> paths = new ArrayList<>();
      typedPaths(plan, "$", paths);
      for (String p : paths) {
        long size = Files.size(ReadCpuTime.write(file, "v", rows, without(plan, "$", p), n, 0));
        delta.put(p, size - base);
      }
      System.out.printf(
          Locale.ROOT,
          "planAudit (%d rows): %d bytes with %s%n",
          n > 0 ? n : rows.size(),
          base,
          plan.print());
      System.out.println("| path left out | bytes | change |");
      System.out.println("|---|---:|---:|");
      delta.entrySet().stream()
          .sorted(Map.Entry.comparingByValue())
          .forEach(
              e ->
                  System.out.printf(
                      Locale.ROOT,
                      "| %s | %+d | %+.2f%% |%n",
                      e.getKey(),
                      e.getValue(),
                      100.0 * e.getValue() / base));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /**
   * Every typed path of {@code p} below the root: scalars, objects and lists (not their elements).
   */
  private static void typedPaths(ShreddingPlan p, String path, List<String> out) {
    switch (p.shape()) {
      case SCALAR -> {
        if (!path.endsWith("[*]")) { // a list's scalar elements leave with the list
          out.add(path);
        }
      }
      case ARRAY -> {
        out.add(path);
        typedPaths(p.asArray().element(), path + "[*]", out);
      }
      case OBJECT -> {
        if (!path.equals("$") && !path.endsWith("[*]")) {
          out.add(path);
        }
        for (ShreddingPlan.Field f : p.asObject().fields()) {
          typedPaths(f.plan(), path + "." + f.name(), out);
        }
      }
      case RESIDUAL -> {}
    }
  }

  /** {@code p} with the typed path {@code target} left in the residual. */
  private static ShreddingPlan without(ShreddingPlan p, String path, String target) {
    if (path.equals(target)) {
      return ShreddingPlan.residual();
    }
    return switch (p.shape()) {
      case ARRAY -> {
        ShreddingPlan e = without(p.asArray().element(), path + "[*]", target);
        yield e.isShredded() ? ShreddingPlan.array(e) : ShreddingPlan.residual();
      }
      case OBJECT -> {
        Map<String, ShreddingPlan> fields = new LinkedHashMap<>();
        for (ShreddingPlan.Field f : p.asObject().fields()) {
          ShreddingPlan c = without(f.plan(), path + "." + f.name(), target);
          if (c.isShredded()) {
            fields.put(f.name(), c);
          }
        }
        yield fields.isEmpty() ? ShreddingPlan.residual() : ShreddingPlan.object(fields);
      }
      case SCALAR, RESIDUAL -> p;
    };
  }
}
