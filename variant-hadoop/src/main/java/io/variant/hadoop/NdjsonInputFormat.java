// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * The NDJSON input of {@link ConvertJob}: keys are a line's byte offset in its (decompressed)
 * input, values its line as the local engine reads it ({@link NdjsonLine}, read by {@link
 * NdjsonRecordReader}): lines end at {@code \n} alone, and a line is held no further than the line
 * limit, twice the job's largest value ({@link ConvertMapper#MAX_VALUE_BYTES}), so a line longer
 * than it is refused (or skipped) as the local engine refuses it, and one without end takes no more
 * memory than the limit. Hadoop's {@code TextInputFormat} reads a line whole, and with its maximum
 * line length set skips a longer line with only a log message. Plain files are split at the job's
 * split size; a compressed file is read whole, as one split (bzip2 too). An input that names a file
 * without a glob is read whatever its name ({@link NamedFiles}), as the local engine reads it.
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public because Hadoop instantiates
 * input formats by class name.
 */
public final class NdjsonInputFormat extends FileInputFormat<LongWritable, Text> {
  /** Hadoop creates input formats by reflection. */
  public NdjsonInputFormat() {}

  @Override
  public RecordReader<LongWritable, Text> createRecordReader(
      InputSplit split, TaskAttemptContext context) {
    return new NdjsonRecordReader();
  }

  /** {@code FileInputFormat}'s listing, and the files with hidden names that inputs spell out. */
  @Override
  protected List<FileStatus> listStatus(JobContext job) throws IOException {
    return NamedFiles.listStatus(job, super::listStatus);
  }

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return new CompressionCodecFactory(context.getConfiguration()).getCodec(file) == null;
  }
}
