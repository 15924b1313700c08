// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.internal.NdjsonLineReader;
import io.variant.core.internal.NdjsonLines;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The lines of one split of {@link NdjsonInputFormat}, read with {@link NdjsonLineReader}: a line
 * belongs to the split in which it starts, so a split after a file's first starts at the first line
 * that starts in it (the rest of the line holding the byte before it is dropped), and its last line
 * may run on past its end. A line longer than the splits it runs into is read once, by the split it
 * starts in, and never held whole; the splits it runs through read no further than their own end
 * looking for a line of theirs, and find none.
 */
final class NdjsonRecordReader extends RecordReader<LongWritable, Text> {
  private final LongWritable key = new LongWritable();
  private final NdjsonLine value = new NdjsonLine();
  private FSDataInputStream file;
  private InputStream in;
  private Decompressor decompressor;
  private NdjsonLineReader lines;
  private long start; // the split's first byte
  private long length; // its bytes, as stored
  private long end; // the lines that start before this byte are the split's
  private long base; // the byte of the file at the reader's position 0
  private boolean compressed;
  private boolean done;

  @Override
  public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
    FileSplit split = (FileSplit) genericSplit;
    Configuration conf = context.getConfiguration();
    start = split.getStart();
    length = split.getLength();
    end = start + length;
    Path path = split.getPath();
    file = path.getFileSystem(conf).open(path);
    try {
      CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(path);
      compressed = codec != null;
      if (compressed) {
        if (start != 0) { // NdjsonInputFormat does not split compressed files
          throw new IOException("Cannot read " + path + " from byte " + start + ": compressed");
        }
        decompressor = CodecPool.getDecompressor(codec);
        in = codec.createInputStream(file, decompressor);
        end = Long.MAX_VALUE; // every line of the decompressed input
      } else {
        base = Math.max(0, start - 1);
        file.seek(base);
        in = file;
      }
      int maxLineBytes =
          NdjsonLines.maxLineBytes(ConvertMapper.jsonOptions(conf).limits().maxValueBytes());
      lines = new NdjsonLineReader(in, maxLineBytes);
      done = start > 0 && !lines.skipLine(end - base);
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    if (done || base + lines.position() >= end || !lines.read()) {
      done = true;
      return false;
    }
    long offset = base + lines.lineStart();
    key.set(offset);
    value.set(lines, offset == 0);
    return true;
  }

  @Override
  public LongWritable getCurrentKey() {
    return key;
  }

  @Override
  public Text getCurrentValue() {
    return value;
  }

  /** The share of the split read: of its compressed bytes for a compressed file (one split). */
  @Override
  public float getProgress() throws IOException {
    if (done || length == 0) {
      return 1;
    }
    long read = compressed ? file.getPos() : base + lines.position() - start;
    return Math.min(1f, read / (float) length);
  }

  @Override
  public void close() throws IOException {
    try {
      if (in != null) {
        in.close();
      } else if (file != null) {
        file.close();
      }
    } finally {
      if (decompressor != null) {
        CodecPool.returnDecompressor(decompressor);
        decompressor = null;
      }
    }
  }
}
