// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.testkit.ForgedFooterFile;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each split of {@link VariantParquetInputFormat} reads the row groups parquet-java's {@code
 * ParquetRecordReader} reads for it (those its range filter keeps, asked of parquet-java itself),
 * whole records or one path, and the splits together read every row of a file of many row groups
 * once, at every split size.
 */
class InputFormatSplitsTest {
  private static final int ROWS = 700;
  private static final int ROW_GROUP_ROWS = 50;

  @TempDir Path dir;
  private Path file;

  @BeforeEach
  void write() throws Exception {
    file = dir.resolve("seq.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", ShreddingPlan.parse("{\"seq\": int64, \"name\": string}"))
            .rowGroupRowLimit(ROW_GROUP_ROWS)
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        String name = "n".repeat(i % 23) + i;
        String json = "{\"seq\": " + i + ", \"name\": \"" + name + "\"}";
        w.write(VariantRecord.builder().set("v", VariantJson.parse(json)).build());
      }
    }
  }

  @Test
  void eachSplitReadsTheRowGroupsParquetJavaGivesItAndEveryRowOnce() throws Exception {
    long length = Files.size(file);
    int splits = 0;
    for (long size : List.of(length / 3, length / 9, 1000L, 256L)) {
      splits += assertSplitsAsParquetJava(job(size));
    }
    assertTrue(splits > 20, splits + " splits");
  }

  @Test
  void eachSplitOfAProjectionReadsTheRowGroupsParquetJavaGivesIt() throws Exception {
    Job job = job(Files.size(file) / 5);
    VariantParquetInputFormat.setProjection(job, "v", VariantPath.parse("$.seq"));
    assertSplitsAsParquetJava(job);
  }

  @Test
  void aRowGroupNoSplitWouldReadFailsEveryTask() throws Exception {
    Path forged =
        ForgedFooterFile.write(
            file,
            dir.resolve("forged.parquet"),
            footer -> footer.getRow_groups().get(3).setTotal_compressed_size(1L << 40));
    Job job = job(Files.size(forged) / 4);
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(forged.toString()));
    VariantParquetException e =
        assertThrows(
            VariantParquetException.class,
            () -> {
              List<VariantRecord> rows = VariantParquetInputFormatTest.readSplits(job);
              throw new AssertionError("read " + rows.size() + " of " + ROWS + " rows");
            });
    assertTrue(e.file().endsWith("forged.parquet"), e.file());
    assertTrue(e.getMessage().contains("row group 4 has its midpoint at byte"), e.getMessage());
  }

  /**
   * Reads {@code job}'s splits, each checked against parquet-java's row groups for it; returns how
   * many there were.
   */
  private int assertSplitsAsParquetJava(Job job) throws Exception {
    boolean projected = job.getConfiguration().get(VariantParquetInputFormat.PROJECTION) != null;
    VariantParquetInputFormat format = new VariantParquetInputFormat();
    List<InputSplit> splits = format.getSplits(job);
    List<Long> all = new ArrayList<>();
    for (InputSplit split : splits) {
      FileSplit s = (FileSplit) split;
      List<Long> expected = new ArrayList<>();
      for (BlockMetaData g : parquetJavaRowGroups(s.getStart(), s.getStart() + s.getLength())) {
        for (long i = 0; i < g.getRowCount(); i++) {
          expected.add(g.getRowIndexOffset() + i);
        }
      }
      List<Long> got = new ArrayList<>();
      TaskAttemptContext context =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<Void, VariantRecord> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        while (reader.nextKeyValue()) {
          Variant v = reader.getCurrentValue().variant("v");
          got.add((projected ? v : v.field("seq")).longValue());
        }
      }
      assertEquals(expected, got, split.toString());
      all.addAll(got);
    }
    all.sort(null);
    assertEquals(ROWS, all.size());
    for (int i = 0; i < ROWS; i++) {
      assertEquals(i, all.get(i));
    }
    return splits.size();
  }

  private List<BlockMetaData> parquetJavaRowGroups(long start, long end) throws Exception {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(file),
            ParquetReadOptions.builder(new PlainParquetConfiguration())
                .withRange(start, end)
                .build())) {
      return r.getRowGroups();
    }
  }

  private Job job(long splitSize) throws Exception {
    Job job = Job.getInstance(Events.localConf(dir));
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(file.toString()));
    FileInputFormat.setMaxInputSplitSize(job, splitSize);
    return job;
  }
}
