// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.hadoop.ConvertCounters;
import io.variant.hadoop.ConvertJob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;

/**
 * The summary of {@code convert --engine mapreduce} into a local directory, in the local engine's
 * format ({@link ConvertSummary}): rows read, written and rejected from the job's counters, the
 * typed columns and where the plan came from, bytes in and out and their ratio, rows/s, the part
 * files one a line, the strings {@code --infer-temporal} converted, the residual share of the typed
 * paths with {@code --warn-residual}'s warnings, and the warning that inference reached its cap of
 * tracked paths.
 */
final class MapReduceSummary {
  private MapReduceSummary() {}

  /** The summary of job {@code r} run for {@code c}, which wrote {@code parts}. */
  static ConvertSummary of(ConvertJob.Result r, ConvertCommand c, List<Path> parts)
      throws IOException {
    ConvertSummary summary = new ConvertSummary();
    long written = r.count(ConvertCounters.ROWS_WRITTEN);
    long rejected = r.count(ConvertCounters.ROWS_REJECTED);
    summary.read(r.count(ConvertCounters.ROWS_IN));
    summary.written(written, r.plan());
    summary.planNote(
        () ->
            r.sample() == null
                ? ""
                : " (plan inferred from "
                    + r.sample().description()
                    + (r.sample().note().isEmpty() ? "" : "; " + r.sample().note())
                    + ")");
    if (r.sample() != null) {
      summary.coverage(r.sample().coverage());
    }
    long ended = r.count(ConvertCounters.INPUTS_ENDED);
    summary.rejected(
        rejected,
        rejected > 0 ? Path.of(c.output).resolve("_rejects") : null,
        ended == 0
            ? List.of()
            : List.of(
                ended
                    + (ended == 1 ? " input" : " inputs")
                    + " ended at damaged compressed data, rows after it not read (see _rejects/)"));
    List<ConvertWriter.Written> files = new ArrayList<>();
    for (Path p : parts) {
      files.add(new ConvertWriter.Written(p.toString(), p, rows(p), Files.size(p)));
    }
    long in = ConvertCommand.totalBytes(InputPaths.expand(c.inputs, InputPaths::anyFile));
    summary.bytes(Math.max(0, in), files);
    summary.temporal(c.rules.inferTemporal ? r.temporal() : -1);
    summary.residual(ResidualSummary.of(parts, c.parquet.column, c.warnResidual));
    return summary;
  }

  private static long rows(Path part) throws IOException {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(part),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      return r.getRecordCount();
    }
  }
}
