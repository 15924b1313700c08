// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.hadoop.VariantParquetInputFormat;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.testkit.ChangedPageFile;
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
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantParquetInputFormat} on files in a real HDFS (an in-process {@link MiniHdfs}), split
 * by split as tasks read them: every row once, and a page changed after its CRC was computed fails
 * the task naming the column, as on a local file.
 */
@ExtendWith(StoreServers.class)
class InputFormatHdfsTest {
  @TempDir static Path dir;
  private static MiniHdfs hdfs;

  @BeforeAll
  static void putFiles(MiniHdfs server) throws Exception {
    hdfs = server;
    hdfs.put(
        "/input-format/intact.parquet",
        Files.readAllBytes(ChangedPageFile.writeIntact(dir.resolve("intact.parquet"))));
    hdfs.put(
        "/input-format/changed.parquet",
        Files.readAllBytes(ChangedPageFile.write(dir.resolve("changed.parquet"))));
  }

  /** Every record of the file, split by split (splits of at most 1 KB: several per file). */
  private static List<VariantRecord> read(String path) throws Exception {
    Job job = Job.getInstance(hdfs.clientConf());
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(hdfs.uri(path)));
    FileInputFormat.setMaxInputSplitSize(job, 1024);
    VariantParquetInputFormat format = new VariantParquetInputFormat();
    List<VariantRecord> rows = new ArrayList<>();
    for (InputSplit split : format.getSplits(job)) {
      TaskAttemptContext context =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<Void, VariantRecord> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        while (reader.nextKeyValue()) {
          rows.add(reader.getCurrentValue());
        }
      }
    }
    return rows;
  }

  @Test
  void readsEveryRowOnce() throws Exception {
    List<VariantRecord> rows = read("/input-format/intact.parquet");
    assertEquals(ChangedPageFile.ROWS, rows.size());
    long[] ids =
        rows.stream()
            .mapToLong(r -> r.variant(ChangedPageFile.COLUMN).field("id").longValue())
            .sorted()
            .toArray();
    for (int i = 0; i < ids.length; i++) {
      assertEquals(i, ids[i]);
    }
    assertEquals(
        ChangedPageFile.WRITTEN,
        rows.stream()
            .filter(
                r ->
                    r.variant(ChangedPageFile.COLUMN).field("id").longValue()
                        == ChangedPageFile.ROW)
            .findFirst()
            .orElseThrow()
            .variant(ChangedPageFile.COLUMN)
            .field("name")
            .stringValue());
  }

  @Test
  void aChangedPageFailsTheTaskNamingTheColumn() {
    Exception e = assertThrows(Exception.class, () -> read("/input-format/changed.parquet"));
    String messages = e + (e.getCause() == null ? "" : " / " + e.getCause());
    assertTrue(messages.contains("changed.parquet"), messages);
    assertTrue(messages.contains("do not match the CRC"), messages);
    assertTrue(
        messages.contains("column " + ChangedPageFile.COLUMN + ".typed_value.name"), messages);
  }
}
