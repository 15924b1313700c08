// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.bench.peer.ParquetJavaColumns;
import io.variant.core.Variant;
import io.variant.parquet.read.VariantReadOptions.Validation;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The floor under the full-read row (inferred against unshredded layout), as thread CPU time in one
 * JVM: what it costs only to <b>decode the columns</b> of the default-inferred file (every level
 * and every value of every leaf, column after column, by parquet-java's own column readers; no rows
 * assembled, nothing rebuilt), against our <b>whole</b> full read of the unshredded file of the
 * same rows.
 *
 * <p>The unshredded layout stores each row's Variant bytes as they are, so its full read decodes
 * two columns and wraps their values; the inferred layout stores the same rows in a few dozen
 * columns. When decoding those columns alone costs several times the whole unshredded read, a
 * reader that hands out each row's Variant bytes cannot read the inferred file as fast however
 * cheaply it rebuilds, unless its decoders are that many times faster than parquet-java's (ours,
 * measured by an uncommitted experiment, take about half of parquet-java's time here).
 *
 * <p>Run from the repository root: {@code java -cp variant-bench/target/benchmarks.jar
 * io.variant.bench.DecodeFloor [PASSES [CORPUS]]} (defaults: 15 passes; CORPUS {@code testdata},
 * the event log planRead reads, or a generated corpus such as {@code mixed}); {@code -Dplan.rows=N}
 * repeats the rows to N (default: the corpus once).
 */
public final class DecodeFloor {
  private DecodeFloor() {}

  public static void main(String[] args) throws IOException {
    int passes = args.length > 0 ? Integer.parseInt(args[0]) : 15;
    String corpus = args.length > 1 ? args[1] : "testdata";
    List<Variant> rows = ReadCpuTime.rows(corpus);
    int n = Integer.getInteger("plan.rows", 0);
    Path dir = Files.createTempDirectory("variant-floor");
    Path inferred = dir.resolve("inferred.parquet");
    Path plain = dir.resolve("unshredded.parquet");
    try {
      ReadCpuTime.write(inferred, "v", rows, ReadCpuTime.infer(rows), n, 0);
      ReadCpuTime.write(plain, "v", rows, ShreddingPlan.residual(), n, 0);
      double[] ns =
          ReadCpuTime.alternate(
              passes,
              () -> ReadCpuTime.full(plain, "v", Validation.LAZY),
              () -> ReadCpuTime.full(inferred, "v", Validation.LAZY),
              () -> ParquetJavaColumns.decode(inferred),
              () -> ParquetJavaColumns.decode(plain));
      System.out.printf(
          Locale.ROOT,
          "decodeFloor %s (%d rows): our full read, unshredded %.0f ns/row, inferred %.0f ns/row"
              + "%n  columns only (parquet-java, no rows), inferred %.0f ns/row (%d leaves),"
              + " unshredded %.0f ns/row%n  inferred columns only ÷ our whole unshredded read:"
              + " %.2f×%n",
          corpus,
          n > 0 ? n : rows.size(),
          ns[0],
          ns[1],
          ns[2],
          ParquetJavaColumns.leaves(inferred),
          ns[3],
          ns[2] / ns[0]);
    } finally {
      Files.deleteIfExists(inferred);
      Files.deleteIfExists(plain);
      Files.deleteIfExists(dir);
    }
  }
}
