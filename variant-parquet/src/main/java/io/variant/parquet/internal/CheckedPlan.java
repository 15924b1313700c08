// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantColumn;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceResult;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.infer.Selection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * The plan {@code variant plan} prints and {@code variant convert} writes on either engine:
 * inferred from a sample ({@link io.variant.shredding.internal.SpreadSample}) by the cost model,
 * then checked by writing the sampled rows both ways. If the sample's file with the plan is larger
 * than without shredding, the plan keeps fewer typed columns (halving, best first by the model's
 * estimate) until it is smaller, or none at all; {@link #note()} says so. The check writes at most
 * {@value #CHECK_ROWS} sampled rows (evenly chosen), twice, counting the bytes without storing
 * them.
 *
 * <p><b>Quick check first.</b> Before that, {@value #QUICK_CHECK_ROWS} of those rows (evenly
 * chosen) are written both ways, and if the plan takes at most {@value #QUICK_CHECK_SHARE} of the
 * unshredded bytes there, it is kept without the full check: it is most of the work {@code convert}
 * does before its first row. A smaller sample is pessimistic for shredding, because every typed
 * column's chunk has a fixed cost that more rows spread thinner: shredded ÷ unshredded on 1,000 and
 * 5,000 rows was 0.52 and 0.46 on the event log, 0.70 and 0.65 on wide rows, and 0.92 and 0.83 on
 * mixed rows (which therefore take the full check).
 *
 * <p><b>Marginal leaves last.</b> A plan that takes the full check and keeps typed columns then has
 * the leaves whose estimated saving is lowest tried out of it on the check's rows ({@link
 * MarginalLeaves}): those the rows are smaller without stay out, and the note names them. On {@code
 * bench/sizes}' corpora that left four leaves out of the mixed rows with 15% non-object rows (0.76%
 * smaller) and changed no other file, for up to five more writes of the check's rows spread over
 * the threads {@code convert} runs: 0.3-0.4 s more of that 20,000-row convert on two cores. A plan
 * the quick check keeps is not tried: it pays clearly, and trying its leaves would first write the
 * check's rows with it, for a few tenths of a percent (tried, two leaves left out of the event logs
 * made them 0.35-0.45% smaller for 0.25 s more of a 1.2 s convert, and two of the sparse families
 * 0.62% smaller).
 *
 * @param result the inference result of the plan chosen (its explanation covers every examined
 *     path)
 * @param note empty, or what the size check changed, e.g. "kept 12 of 40 typed columns: ..." or
 *     "left 2 typed leaves out ($.currency, $.query): ..."
 */
public record CheckedPlan(InferenceResult result, String note) {
  /**
   * Rows the size check writes: enough to amortize column chunks much as a file does, quick to
   * write.
   */
  public static final int CHECK_ROWS = 5000;

  /** Rows of the quick check, evenly chosen from the check's own. */
  public static final int QUICK_CHECK_ROWS = 1000;

  /** The most shredded ÷ unshredded bytes at which the quick check keeps the plan. */
  public static final double QUICK_CHECK_SHARE = 0.9;

  /** The plan chosen. */
  public ShreddingPlan plan() {
    return result.plan();
  }

  /**
   * Infers from what {@code inference} has counted and checks the plan on {@code sampled}.
   *
   * @throws IOException if writing the sample fails (it is written to no file)
   */
  public static CheckedPlan of(PlanInference inference, List<Variant> sampled) throws IOException {
    return of(inference, sampled, Runtime.getRuntime().availableProcessors(), -1);
  }

  /**
   * As {@link #of(PlanInference, List)}, the writes that may run at once ({@link MarginalLeaves})
   * on at most {@code threads} threads ({@code convert --threads}); the plan is the same whatever
   * their number. Where the sample is the whole input, its file's footer counts too ({@link
   * CheckRows}).
   *
   * @param inputRows the input's rows if the sample holds every one of them, else -1
   * @throws IOException if writing the sample fails (it is written to no file)
   * @throws IllegalArgumentException if {@code threads} is less than 1
   */
  public static CheckedPlan of(
      PlanInference inference, List<Variant> sampled, int threads, long inputRows)
      throws IOException {
    if (threads < 1) {
      throw new IllegalArgumentException("Cannot check a plan on " + threads + " threads");
    }
    InferenceResult result = inference.result();
    int columns = result.coverage().typedColumns();
    if (columns == 0
        || sampled.isEmpty()
        || result.coverage().options().selection() != Selection.COST_MODEL) {
      return new CheckedPlan(result, "");
    }
    CheckRows rows = CheckRows.of(sampled, CHECK_ROWS, inputRows);
    if (rows.rows().size() > QUICK_CHECK_ROWS
        && quickCheckPasses(rows.evenly(QUICK_CHECK_ROWS), result.plan())) {
      return new CheckedPlan(result, "");
    }
    long unshredded = rows.size(ShreddingPlan.residual());
    long shredded = rows.size(result.plan());
    int first = columns;
    long firstSize = shredded;
    while (shredded >= unshredded && columns > 0) {
      columns /= 2;
      result = inference.result(columns);
      shredded = columns == 0 ? unshredded : rows.size(result.plan());
    }
    if (columns == 0) {
      return new CheckedPlan(
          result, "no typed columns: " + why(first, rows, firstSize, unshredded));
    }
    MarginalLeaves.Outcome tried =
        MarginalLeaves.tryWithout(inference, result, columns, rows, shredded, threads);
    if (columns == first) {
      return new CheckedPlan(tried.result(), tried.note());
    }
    String kept =
        String.format(
            Locale.ROOT,
            "kept the best %d of %d typed columns: %s",
            result.coverage().typedColumns(),
            first,
            why(first, rows, firstSize, unshredded));
    return new CheckedPlan(
        tried.result(), tried.note().isEmpty() ? kept : kept + "; " + tried.note());
  }

  private static String why(int columns, CheckRows rows, long shredded, long unshredded) {
    return String.format(
        Locale.ROOT,
        "with all %d, %d sampled rows took %d bytes of pages%s, unshredded %d",
        columns,
        rows.rows().size(),
        shredded,
        rows.footerShare() > 0 ? " and footer" : "",
        unshredded);
  }

  /** Whether the plan takes at most {@link #QUICK_CHECK_SHARE} of the unshredded bytes. */
  private static boolean quickCheckPasses(CheckRows quick, ShreddingPlan plan) throws IOException {
    return quick.size(plan) <= QUICK_CHECK_SHARE * quick.size(ShreddingPlan.residual());
  }

  /**
   * Bytes of the column chunks of a file of {@code rows} under {@code plan}, as {@code convert}
   * writes it by default: the file less its footer, which costs a fixed amount per row group that a
   * file of many more rows than the sample spreads thin (a footer entry per typed column would
   * otherwise decide a small sample). The file is counted, not stored.
   *
   * @throws IOException if writing fails
   */
  public static long size(List<Variant> rows, ShreddingPlan plan) throws IOException {
    return size(rows, VariantColumn.of("v", plan));
  }

  /**
   * As {@link #size(List, ShreddingPlan)}, the rows written as {@code column} (e.g. with shared
   * keys); its nullability follows the rows'.
   *
   * @throws IOException if writing fails
   */
  static long size(List<Variant> rows, VariantColumn column) throws IOException {
    return size(rows, column, 0);
  }

  /**
   * As {@link #size(List, VariantColumn)}, with {@code footerShare} (in [0, 1]) of the footer
   * counted.
   */
  static long size(List<Variant> rows, VariantColumn column, double footerShare)
      throws IOException {
    ByteCounter counter = new ByteCounter();
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(counter)
            .overwrite()
            // as convert writes its rows, never SQL NULL
            .variantColumn(column.withNullable(rows.contains(null)))
            .build()) {
      for (Variant v : rows) {
        w.write(VariantRecord.builder().set("v", v).build());
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    long footer = counter.footerBytes();
    return counter.count - footer + Math.round(footer * footerShare);
  }

  /**
   * A Parquet output that counts the bytes of the file and keeps its last 8: the footer's length
   * and "PAR1".
   */
  private static final class ByteCounter implements OutputFile {
    private final byte[] tail = new byte[8]; // a ring: byte i of the file at i % 8
    long count;

    @Override
    public PositionOutputStream create(long blockSizeHint) {
      return new PositionOutputStream() {
        @Override
        public long getPos() {
          return count;
        }

        @Override
        public void write(int b) {
          tail[(int) (count++ & 7)] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
          for (int i = Math.max(off, off + len - 8); i < off + len; i++) {
            tail[(int) ((count + i - off) & 7)] = b[i];
          }
          count += len;
        }
      };
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
      return create(blockSizeHint);
    }

    @Override
    public boolean supportsBlockSize() {
      return false;
    }

    @Override
    public long defaultBlockSize() {
      return 0;
    }

    @Override
    public String getPath() {
      return "size check";
    }

    /** The footer and the magic around it: "PAR1" in front, the footer, its length, "PAR1". */
    long footerBytes() {
      long length = 0;
      for (int i = 4; i >= 1; i--) { // the little-endian length sits at count - 8 .. count - 5
        length = length << 8 | (tail[(int) ((count - 9 + i) & 7)] & 0xFF);
      }
      return 4 + 8 + length;
    }
  }
}
