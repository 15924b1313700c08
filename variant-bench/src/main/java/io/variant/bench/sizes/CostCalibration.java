// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.sizes;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.CoverageReport;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.InferenceResult;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures what typing one path saves, to set the constants of {@code
 * io.variant.shredding.infer.CostModel}: for each typed leaf of the plan inferred with every path
 * allowed (presence 0), the corpus is written with a plan holding that leaf alone (and its parent
 * objects and arrays) and compared with the unshredded file. Prints one line per leaf: bytes saved
 * in all, per typed value, per parent object, with the leaf's type, its counts and the mean Variant
 * size of its values.
 *
 * <pre>java -cp benchmarks.jar io.variant.bench.sizes.CostCalibration DIR file.ndjson [MAX_LEAVES]
 * </pre>
 */
public final class CostCalibration {
  private CostCalibration() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    Files.createDirectories(dir);
    List<Variant> rows = new ArrayList<>();
    for (String l : Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8)) {
      if (!l.isBlank()) {
        rows.add(VariantJson.parse(l));
      }
    }
    int maxLeaves = args.length > 2 ? Integer.parseInt(args[2]) : 80;
    InferenceResult all =
        PlanInference.infer(
            rows,
            InferenceOptions.defaults()
                .withSelection(io.variant.shredding.infer.Selection.PRESENCE));
    long unshredded = write(rows, ShreddingPlan.residual(), dir.resolve("u.parquet"));
    long full = write(rows, all.plan(), dir.resolve("full.parquet"));
    System.out.printf(
        Locale.ROOT,
        "rows %d, unshredded %d B, all %d typed leaves %d B%n",
        rows.size(),
        unshredded,
        all.coverage().typedColumns(),
        full);
    System.out.println("saved_B  per_value  per_parent  typed  parents  type  path");
    int n = 0;
    for (CoverageReport.Row r : all.coverage().rows()) {
      if (r.type().equals("object")
          || r.type().equals("array")
          || r.type().equals("variant")
          || r.typed() == 0) {
        continue;
      }
      if (n++ >= maxLeaves) {
        break;
      }
      ShreddingPlan single = only(all.plan(), r.path().substring(1));
      long size = write(rows, single, dir.resolve("one.parquet"));
      long saved = unshredded - size;
      System.out.printf(
          Locale.ROOT,
          "%7d  %9.3f  %10.3f  %5d  %7d  %s  %s%n",
          saved,
          saved / (double) r.typed(),
          saved / (double) r.sampled(),
          r.typed(),
          r.sampled(),
          r.type(),
          r.path());
    }
  }

  /**
   * The plan keeping only the leaf at {@code rest} ({@code .a.b[*].c}), or null if it is not there.
   */
  static ShreddingPlan only(ShreddingPlan plan, String rest) {
    return switch (plan.shape()) {
      case RESIDUAL -> null;
      case SCALAR -> rest.isEmpty() ? plan : null;
      case ARRAY -> {
        if (!rest.startsWith("[*]")) {
          yield null;
        }
        ShreddingPlan e = only(plan.asArray().element(), rest.substring(3));
        yield e == null ? null : ShreddingPlan.array(e);
      }
      case OBJECT -> rest.isEmpty() ? null : onlyField(plan.asObject(), rest);
    };
  }

  private static ShreddingPlan onlyField(ShreddingPlan.ObjectPlan o, String rest) {
    for (ShreddingPlan.Field f : o.fields()) {
      String seg = "." + f.name();
      String quoted = "[" + io.variant.shredding.PlanText.quoteKey(f.name()) + "]";
      String tail =
          rest.startsWith(seg)
              ? rest.substring(seg.length())
              : rest.startsWith(quoted) ? rest.substring(quoted.length()) : null;
      if (tail != null && (tail.isEmpty() || tail.startsWith(".") || tail.startsWith("["))) {
        ShreddingPlan sub = only(f.plan(), tail);
        if (sub != null) {
          return new ShreddingPlan.ObjectPlan(List.of(new ShreddingPlan.Field(f.name(), sub)));
        }
      }
    }
    return null;
  }

  static long write(List<Variant> rows, ShreddingPlan plan, Path out) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out).overwrite().variantColumn("v", plan).build()) {
      for (Variant v : rows) {
        w.write(VariantRecord.builder().set("v", v).build());
      }
    }
    return Files.size(out);
  }
}
