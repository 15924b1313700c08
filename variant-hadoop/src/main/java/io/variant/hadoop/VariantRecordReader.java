// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.parquet.read.EngineReadSupports;
import io.variant.parquet.read.PathValue;
import io.variant.parquet.read.VariantReadOptions;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * The record reader of {@link VariantParquetInputFormat}: parquet-java's {@link ParquetReader} over
 * our read supports, reading the split's row groups (those whose middle byte lies in the split, as
 * {@code ParquetRecordReader} picks them) through {@link GuardedInputFile}, as our other readers
 * read: the footer checked against the file, page headers before parquet-java allocates what they
 * claim, and page CRCs as their bytes arrive (unless the job turns them off). A filter predicate is
 * translated per file (it names typed columns of that file's schema) and set for row groups only:
 * the statistics and dictionary filters run, the record-level and column-index filters stay off,
 * since they would judge rows by typed columns alone while a value may sit in its residual (see
 * {@code RowGroupPruning}).
 */
final class VariantRecordReader extends RecordReader<Void, VariantRecord> {
  private ParquetReader<VariantRecord> records; // whole records, or
  private ParquetReader<PathValue> values; // one path's values
  private String projectedColumn;
  private VariantPredicate exact; // rows failing it are dropped; null: none
  private VariantRecord current;
  private long rowsInSplit; // rows of the row groups the split reads, before pruning
  private long rowsRead;
  private boolean done; // the last record was read

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context)
      throws IOException, InterruptedException {
    Configuration conf = new Configuration(context.getConfiguration());
    if (conf.get(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED) == null) {
      // pages carry a CRC when their writer computed one (ours and parquet-java's do by default):
      // checked, a changed byte is an error instead of another value, as in our readers; a job
      // that turns the check off is obeyed
      GuardedInputFile.verifyChecksums(conf);
    }
    FileSplit fileSplit = (FileSplit) split;
    Path path = fileSplit.getPath();
    // parquet-java reads as many rows of a row group as its footer claims: checked against the
    // file first, a footer claiming fewer than the columns hold fails the task instead of ending
    // its records early
    GuardedInputFile file =
        GuardedInputFile.open(HadoopInputFile.fromPath(path, conf), path.toString());
    if (conf.getBoolean(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED, false)) {
      file = file.withChecksums();
    }
    long start = fileSplit.getStart();
    long end = start + fileSplit.getLength();
    rowsInSplit = rowsInRange(file.footer(), start, end);
    VariantReadOptions options = VariantParquetInputFormat.options(conf);
    List<String> projection = VariantParquetInputFormat.projection(conf);
    VariantPredicate filter = VariantParquetInputFormat.filter(conf);
    if (filter != null) {
      FilterPredicate rowGroups =
          filter.toFilterPredicate(file.footer().getFileMetaData().getSchema()).orElse(null);
      if (rowGroups != null) {
        ParquetInputFormat.setFilterPredicate(conf, rowGroups);
      }
      conf.setBoolean(ParquetInputFormat.STATS_FILTERING_ENABLED, true);
      conf.setBoolean(ParquetInputFormat.DICTIONARY_FILTERING_ENABLED, true);
      conf.setBoolean(ParquetInputFormat.RECORD_FILTERING_ENABLED, false);
      conf.setBoolean(ParquetInputFormat.COLUMN_INDEX_FILTERING_ENABLED, false);
      exact = projection == null ? filter : null;
    }
    if (projection == null) {
      records = reader(file, conf, start, end, EngineReadSupports.records(options));
    } else {
      projectedColumn = projection.get(0);
      values =
          reader(
              file,
              conf,
              start,
              end,
              EngineReadSupports.path(
                  projectedColumn, VariantPath.parse(projection.get(1)), options));
    }
  }

  private static <T> ParquetReader<T> reader(
      GuardedInputFile file, Configuration conf, long start, long end, ReadSupport<T> support)
      throws IOException {
    return new ParquetReader.Builder<T>(file) {
      @Override
      protected ReadSupport<T> getReadSupport() {
        return support;
      }
    }.withConf(conf) // first: it starts the read options over from conf (filter and its switches)
        .withFileRange(start, end)
        .build();
  }

  /**
   * Rows of the row groups whose middle byte lies in {@code [start, end)}: those a split of that
   * range reads (parquet-java's rule for splits given as byte ranges).
   */
  static long rowsInRange(ParquetMetadata footer, long start, long end) {
    long rows = 0;
    for (BlockMetaData b : footer.getBlocks()) {
      long middle = b.getStartingPos() + b.getCompressedSize() / 2;
      if (middle >= start && middle < end) {
        rows += b.getRowCount();
      }
    }
    return rows;
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    if (values != null) {
      PathValue v = values.read();
      if (v == null) {
        current = null;
        done = true;
        return false;
      }
      rowsRead++;
      current = VariantRecord.builder().set(projectedColumn, v.value()).build();
      return true;
    }
    for (VariantRecord r = records.read(); r != null; r = records.read()) {
      rowsRead++;
      if (exact == null || !r.has(exact.column()) || exact.test(r)) {
        current = r;
        return true;
      }
    }
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
    if (records != null) {
      records.close();
    }
    if (values != null) {
      values.close();
    }
  }
}
