// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.VariantRecord;
import io.variant.parquet.testkit.ChangedPageFile;
import io.variant.parquet.testkit.ForgedFooterFile;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantParquetInputFormat} checks a file's footer against its bytes before a task reads
 * it, as our readers do: a row group that claims fewer rows than its columns hold would otherwise
 * end the task's rows early with no error, and a page header that claims a gigabyte would be
 * allocated.
 */
class InputFormatForgedFooterTest {
  @TempDir Path dir;

  private Job job(Path file) throws Exception {
    Job job = Job.getInstance(Events.localConf(dir));
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(file.toString()));
    return job;
  }

  private Path good() throws Exception {
    return ChangedPageFile.writeIntact(dir.resolve("good.parquet"));
  }

  @Test
  void aGoodFileReadsEveryRow() throws Exception {
    assertEquals(
        ChangedPageFile.ROWS, VariantParquetInputFormatTest.readSplits(job(good())).size());
  }

  @Test
  void aRowGroupClaimingFewerRowsFailsInsteadOfDroppingRows() throws Exception {
    Path forged =
        ForgedFooterFile.write(
            good(),
            dir.resolve("forged.parquet"),
            footer -> {
              footer.getRow_groups().get(0).setNum_rows(ChangedPageFile.ROWS - 10);
              footer.setNum_rows(ChangedPageFile.ROWS - 10);
            });
    Exception e =
        assertThrows(
            Exception.class,
            () -> {
              List<VariantRecord> rows = VariantParquetInputFormatTest.readSplits(job(forged));
              throw new AssertionError("read " + rows.size() + " rows of a forged file");
            });
    String messages = e.toString() + (e.getCause() == null ? "" : " / " + e.getCause());
    assertTrue(messages.contains("forged.parquet"), messages);
    assertTrue(messages.contains("claims " + (ChangedPageFile.ROWS - 10) + " rows"), messages);
  }
}
