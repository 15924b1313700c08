// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantColumn;
import io.variant.parquet.write.VariantParquetWriter;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;

/**
 * A task's records written by this project's {@link VariantParquetWriter}, as {@code variant
 * convert} writes them locally (its level writer, each column's encoding chosen by compressed size,
 * sorted dictionaries), instead of parquet-java's record writer ({@link
 * VariantParquetOutputFormat#WRITER}). It reads the codec, {@code parquet.block.size} and {@code
 * parquet.page.size}; parquet-java's other writer settings do not apply.
 */
final class VariantRecordWriter extends RecordWriter<Void, VariantRecord> {
  private final VariantParquetWriter writer;

  private VariantRecordWriter(VariantParquetWriter writer) {
    this.writer = writer;
  }

  /**
   * Creates {@code file} (it must not exist: a task attempt's own work file) for {@code column}.
   *
   * @throws IOException if the file cannot be created
   */
  static VariantRecordWriter create(
      Path file, Configuration conf, VariantColumn column, CompressionCodecName codec)
      throws IOException {
    VariantParquetWriter.Builder b =
        VariantParquetWriter.builder(HadoopOutputFile.fromPath(file, conf))
            .codec(codec)
            .conf(conf)
            .inferFromFirst(0) // the plan is given, and the mapper parses onto its dictionary
            .variantColumn(column);
    long rowGroup = conf.getLong(ParquetOutputFormat.BLOCK_SIZE, -1);
    if (rowGroup > 0) {
      b.rowGroupSize(rowGroup);
    }
    int page = conf.getInt(ParquetOutputFormat.PAGE_SIZE, -1);
    if (page > 0) {
      b.pageSize(page);
    }
    return new VariantRecordWriter(b.build());
  }

  @Override
  public void write(Void key, VariantRecord value) throws IOException {
    writer.write(value);
  }

  @Override
  public void close(TaskAttemptContext context) throws IOException {
    writer.close();
  }
}
