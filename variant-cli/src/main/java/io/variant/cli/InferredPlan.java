package io.variant.cli;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceResult;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.infer.Selection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The plan {@code variant plan} prints and {@code variant convert} writes: inferred from a {@link
 * PlanSample} by the cost model, then checked by writing the sampled rows both ways. If the
 * sample's file with the plan is larger than without shredding, the plan keeps fewer typed columns
 * (halving, best first by the model's estimate) until it is smaller, or none at all; {@link
 * #note()} says so. The check writes at most {@value #CHECK_ROWS} sampled rows (evenly chosen),
 * twice, to temporary files that are deleted.
 *
 * @param result the inference result of the plan chosen (its explanation covers every examined
 *     path)
 * @param note empty, or what the size check changed, e.g. "kept 12 of 40 typed columns: ..."
 */
record InferredPlan(InferenceResult result, String note) {
  /**
   * Rows the size check writes: enough to amortize column chunks much as a file does, quick to
   * write.
   */
  static final int CHECK_ROWS = 5000;

  ShreddingPlan plan() {
    return result.plan();
  }

  /** Infers from what {@code inference} has counted and checks the plan on {@code sampled}. */
  static InferredPlan of(PlanInference inference, List<Variant> sampled) throws IOException {
    InferenceResult result = inference.result();
    int columns = result.coverage().typedColumns();
    if (columns == 0
        || sampled.isEmpty()
        || result.coverage().options().selection() != Selection.COST_MODEL) {
      return new InferredPlan(result, "");
    }
    List<Variant> rows = evenly(sampled, CHECK_ROWS);
    long unshredded = size(rows, ShreddingPlan.residual());
    long shredded = size(rows, result.plan());
    int first = columns;
    long firstSize = shredded;
    while (shredded >= unshredded && columns > 0) {
      columns /= 2;
      result = inference.result(columns);
      shredded = columns == 0 ? unshredded : size(rows, result.plan());
    }
    if (columns == first) {
      return new InferredPlan(result, "");
    }
    String why =
        String.format(
            Locale.ROOT,
            "with all %d, %d sampled rows took %d bytes of pages, unshredded %d",
            first,
            rows.size(),
            firstSize,
            unshredded);
    return new InferredPlan(
        result,
        columns == 0
            ? "no typed columns: " + why
            : String.format(
                Locale.ROOT,
                "kept the best %d of %d typed columns: %s",
                result.coverage().typedColumns(),
                first,
                why));
  }

  /**
   * The footer and the magic around it: the last 8 bytes are the footer length and "PAR1" (Parquet
   * format).
   */
  private static long footerBytes(Path file) throws IOException {
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
      java.nio.ByteBuffer tail =
          java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      ch.read(tail, ch.size() - 8);
      return 4
          + 8
          + (tail.getInt(0) & 0xFFFFFFFFL); // leading "PAR1", trailing length + "PAR1", footer
    }
  }

  private static List<Variant> evenly(List<Variant> rows, int most) {
    if (rows.size() <= most) {
      return rows;
    }
    List<Variant> out = new ArrayList<>(most);
    for (int i = 0; i < most; i++) {
      out.add(rows.get((int) ((long) i * rows.size() / most)));
    }
    return out;
  }

  /**
   * Bytes of the column chunks of a file of {@code rows} under {@code plan}, as {@code convert}
   * writes it by default: the file less its footer, which costs a fixed amount per row group that a
   * file of many more rows than the sample spreads thin (a footer entry per typed column would
   * otherwise decide a small sample).
   */
  private static long size(List<Variant> rows, ShreddingPlan plan) throws IOException {
    Path file = Files.createTempFile("variant-plan-check-", ".parquet");
    try {
      try (VariantParquetWriter w =
          VariantParquetWriter.builder(file).overwrite().variantColumn("v", plan).build()) {
        for (Variant v : rows) {
          w.write(VariantRecord.builder().set("v", v).build());
        }
      }
      return Files.size(file) - footerBytes(file);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
