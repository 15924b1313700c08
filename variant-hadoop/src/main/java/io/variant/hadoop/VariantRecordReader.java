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
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.ParquetRecordReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * The record reader of {@link VariantParquetInputFormat}: parquet-java's {@link
 * ParquetRecordReader} over our read supports. A filter predicate is translated per file (it names
 * typed columns of that file's schema) and set for row groups only: the statistics and dictionary
 * filters run, the record-level and column-index filters stay off, since they would judge rows by
 * typed columns alone while a value may sit in its residual (see {@code RowGroupPruning}).
 */
final class VariantRecordReader extends RecordReader<Void, VariantRecord> {
  private ParquetRecordReader<VariantRecord> records; // whole records, or
  private ParquetRecordReader<PathValue> values; // one path's values
  private String projectedColumn;
  private VariantPredicate exact; // rows failing it are dropped; null: none
  private VariantRecord current;

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
    VariantReadOptions options = VariantParquetInputFormat.options(conf);
    List<String> projection = VariantParquetInputFormat.projection(conf);
    VariantPredicate filter = VariantParquetInputFormat.filter(conf);
    MessageType schema = checkedFooterSchema(((FileSplit) split).getPath(), conf);
    if (filter != null) {
      FilterPredicate rowGroups = filter.toFilterPredicate(schema).orElse(null);
      if (rowGroups != null) {
        ParquetInputFormat.setFilterPredicate(conf, rowGroups);
      }
      conf.setBoolean(ParquetInputFormat.STATS_FILTERING_ENABLED, true);
      conf.setBoolean(ParquetInputFormat.DICTIONARY_FILTERING_ENABLED, true);
      conf.setBoolean(ParquetInputFormat.RECORD_FILTERING_ENABLED, false);
      conf.setBoolean(ParquetInputFormat.COLUMN_INDEX_FILTERING_ENABLED, false);
      exact = projection == null ? filter : null;
    }
    TaskAttemptContext withFilter = new TaskAttemptContextImpl(conf, context.getTaskAttemptID());
    if (projection == null) {
      records = new ParquetRecordReader<>(EngineReadSupports.records(options));
      records.initialize(split, withFilter);
    } else {
      projectedColumn = projection.get(0);
      values =
          new ParquetRecordReader<>(
              EngineReadSupports.path(
                  projectedColumn, VariantPath.parse(projection.get(1)), options));
      values.initialize(split, withFilter);
    }
  }

  /**
   * The file's schema, from its footer checked against the file ({@link GuardedInputFile#open}):
   * parquet-java reads as many rows of a row group as its footer claims, so a footer claiming fewer
   * than the columns hold would end the task's rows early with no error.
   */
  private static MessageType checkedFooterSchema(Path file, Configuration conf) throws IOException {
    return GuardedInputFile.open(HadoopInputFile.fromPath(file, conf), file.toString())
        .footer()
        .getFileMetaData()
        .getSchema();
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    if (values != null) {
      if (!values.nextKeyValue()) {
        current = null;
        return false;
      }
      current =
          VariantRecord.builder().set(projectedColumn, values.getCurrentValue().value()).build();
      return true;
    }
    while (records.nextKeyValue()) {
      VariantRecord r = records.getCurrentValue();
      if (exact == null || !r.has(exact.column()) || exact.test(r)) {
        current = r;
        return true;
      }
    }
    current = null;
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

  @Override
  public float getProgress() throws IOException, InterruptedException {
    return values != null ? values.getProgress() : records == null ? 0 : records.getProgress();
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
