// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.VariantRecord;
import io.variant.parquet.testkit.ChangedPageFile;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantParquetInputFormat} checks page CRCs, as our readers do: a task reading a page
 * changed after its CRC was computed ({@link ChangedPageFile}) fails instead of handing on another
 * value. A job that turns the check off ({@code parquet.page.verify-checksum.enabled=false}) is
 * obeyed.
 */
class InputFormatChecksumTest {
  @TempDir Path dir;

  private Job job(boolean explicitlyOff) throws Exception {
    Path file = ChangedPageFile.write(dir.resolve("names.parquet"));
    Job job = Job.getInstance(Events.localConf(dir));
    if (explicitlyOff) {
      job.getConfiguration().setBoolean(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED, false);
    }
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(file.toString()));
    return job;
  }

  @Test
  void aTaskFailsOnAChangedPage() throws Exception {
    Job job = job(false);
    Exception e =
        assertThrows(Exception.class, () -> VariantParquetInputFormatTest.readSplits(job));
    String messages = e.toString() + (e.getCause() == null ? "" : " / " + e.getCause());
    assertTrue(messages.contains("do not match the CRC"), messages);
    assertTrue(
        messages.contains("column " + ChangedPageFile.COLUMN + ".typed_value.name"), messages);
  }

  @Test
  void aJobThatTurnsTheCheckOffIsObeyed() throws Exception {
    List<VariantRecord> rows = VariantParquetInputFormatTest.readSplits(job(true));
    assertEquals(ChangedPageFile.ROWS, rows.size());
    String name =
        rows.get(ChangedPageFile.ROW).variant(ChangedPageFile.COLUMN).field("name").stringValue();
    assertEquals(ChangedPageFile.CHANGED, name);
  }
}
