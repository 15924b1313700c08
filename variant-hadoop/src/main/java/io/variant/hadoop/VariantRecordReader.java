// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.read.PathValue;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantPathReader;
import io.variant.parquet.read.VariantReadOptions;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.parquet.conf.HadoopParquetConfiguration;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * The record reader of {@link VariantParquetInputFormat}: a {@link VariantParquetReader} of the
 * split's row groups (those whose midpoint lies in the split, as parquet-java's {@code
 * ParquetRecordReader} picks them), so a task reads through the checks {@code variant cat} and
 * {@code get} read through, and fails with their words, naming file, column and row: the footer
 * checked against the file, page headers before parquet-java allocates what they claim, page CRCs
 * as their bytes arrive (unless the job turns them off), each page's levels and values using up its
 * bytes, and the levels of a row's columns agreeing. Pages are read with the job's configuration
 * (its codecs). A filter predicate is translated per file (it names typed columns of that file's
 * schema) and skips row groups only, by their statistics and dictionaries (see {@code
 * RowGroupPruning}); rows are then tested whole here, where the records hold its column.
 */
final class VariantRecordReader extends RecordReader<Void, VariantRecord> {
  private VariantParquetReader reader;
  private VariantPathReader values; // one path's values; null: whole records
  private String projectedColumn;
  private VariantPredicate exact; // rows failing it are dropped; null: none
  private VariantRecord current;
  private long rowsInSplit; // rows of the row groups the split reads, before pruning
  private long rowsRead;
  private boolean done; // the last record was read

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
    Configuration conf = new Configuration(context.getConfiguration());
    FileSplit fileSplit = (FileSplit) split;
    Path path = fileSplit.getPath();
    VariantPredicate filter = VariantParquetInputFormat.filter(conf);
    VariantReadOptions options = VariantParquetInputFormat.options(conf).withFilter(filter);
    List<String> projection = VariantParquetInputFormat.projection(conf);
    reader =
        VariantParquetReader.builder(HadoopInputFile.fromPath(path, conf), path.toString())
            .options(options)
            .configuration(new HadoopParquetConfiguration(conf))
            .split(fileSplit.getStart(), fileSplit.getLength())
            .build();
    rowsInSplit = reader.rowCount();
    if (projection == null) {
      exact = filter;
    } else {
      projectedColumn = projection.get(0);
      values = reader.project(projectedColumn, VariantPath.parse(projection.get(1)));
    }
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    if (values != null) {
      PathValue v = values.read();
      if (v == null) {
        return end();
      }
      rowsRead++;
      current = VariantRecord.builder().set(projectedColumn, v.value()).build();
      return true;
    }
    for (VariantRecord r = reader.read(); r != null; r = reader.read()) {
      rowsRead++;
      if (exact == null || !r.has(exact.column()) || exact.test(r)) {
        current = r;
        return true;
      }
    }
    return end();
  }

  private boolean end() {
    current = null;
    done = true;
    return false;
  }

  @Override
  public Void getCurrentKey() {
    return null;
  }

  @Override
  public VariantRecord getCurrentValue() {
    return current;
  }

  /**
   * Rows read of the split's row groups (pruned ones count as unread: progress jumps at the end).
   */
  @Override
  public float getProgress() {
    if (done) {
      return 1f;
    }
    return rowsInSplit == 0 ? 0f : (float) Math.min(1.0, (double) rowsRead / rowsInSplit);
  }

  @Override
  public void close() throws IOException {
    try (VariantParquetReader r = reader;
        VariantPathReader v = values) {
      // closes both, the path reader first, even if one fails
    }
  }
}
