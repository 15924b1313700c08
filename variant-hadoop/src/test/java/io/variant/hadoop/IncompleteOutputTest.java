// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-progress marker of {@link VariantParquetOutputFormat}'s committer, and {@link
 * VariantParquetInputFormat} refusing the directories of jobs that have not finished.
 */
class IncompleteOutputTest {
  @TempDir Path dir;

  private OutputCommitter committer(Job job) throws IOException {
    return new VariantParquetOutputFormat()
        .getOutputCommitter(
            new TaskAttemptContextImpl(
                job.getConfiguration(),
                new TaskAttemptID(new TaskID(new JobID("marker", 1), TaskType.MAP, 0), 0)));
  }

  private Job job(Path out) throws IOException {
    Job job = Job.getInstance(Events.localConf(dir));
    FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(out.toString()));
    return job;
  }

  /** Sets up a job writing to {@code out}; returns its context. */
  private JobContext setUp(Job job) throws IOException {
    JobContext context = new JobContextImpl(job.getConfiguration(), new JobID("marker", 1));
    committer(job).setupJob(context);
    return context;
  }

  @Test
  void theMarkerStaysFromJobSetupUntilTheJobCommits() throws Exception {
    Path out = dir.resolve("out");
    Job job = job(out);

    JobContext context = setUp(job);
    assertTrue(Files.exists(out.resolve(IncompleteOutput.IN_PROGRESS)));
    committer(job).commitJob(context);

    assertFalse(Files.exists(out.resolve(IncompleteOutput.IN_PROGRESS)));
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
  }

  @Test
  void anAbortedJobLeavesTheMarker() throws Exception {
    Path out = dir.resolve("out");
    Job job = job(out);

    JobContext context = setUp(job);
    committer(job).abortJob(context, org.apache.hadoop.mapreduce.JobStatus.State.FAILED);

    assertTrue(Files.exists(out.resolve(IncompleteOutput.IN_PROGRESS)));
    assertFalse(Files.exists(out.resolve(IncompleteOutput.TEMPORARY)));
  }

  @Test
  void theInputFormatRefusesADirectoryHoldingTemporaryOrTheMarker() throws Exception {
    for (String leftover : new String[] {"_temporary/0", IncompleteOutput.IN_PROGRESS}) {
      Path out = Files.createDirectories(dir.resolve("out-" + leftover.charAt(1)));
      writePart(out.resolve("part-m-00000.zstd.parquet"));
      Files.createDirectories(out.resolve(leftover).getParent());
      if (leftover.contains("/")) {
        Files.createDirectories(out.resolve(leftover));
      } else {
        Files.writeString(out.resolve(leftover), "job_1\n");
      }
      Job job = Job.getInstance(new Configuration(false));
      job.getConfiguration().set("fs.defaultFS", "file:///");
      FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(out.toString()));

      IOException e =
          assertThrows(IOException.class, () -> new VariantParquetInputFormat().getSplits(job));
      assertTrue(e.getMessage().startsWith("Cannot read file:" + out), e.getMessage());
      assertTrue(e.getMessage().contains(leftover.substring(0, 11)), e.getMessage());
      assertTrue(e.getMessage().contains(IncompleteOutput.ALLOW_INCOMPLETE), e.getMessage());

      VariantParquetInputFormat.setAllowIncomplete(job, true);
      assertEquals(1, new VariantParquetInputFormat().getSplits(job).size());
    }
  }

  @Test
  void theInputFormatRefusesAnUnfinishedDirectoryBelowAnInputOrNamedByAGlob() throws Exception {
    Path table = dir.resolve("table");
    writePart(Files.createDirectories(table.resolve("d=1")).resolve("part-m-00000.zstd.parquet"));
    Path unfinished = Files.createDirectories(table.resolve("d=2/h=0"));
    writePart(unfinished.resolve("part-m-00000.zstd.parquet"));
    Files.writeString(table.resolve("d=2").resolve(IncompleteOutput.IN_PROGRESS), "job_1\n");
    Path running = Files.createDirectories(dir.resolve("running/_temporary/0"));
    writePart(running.getParent().resolveSibling("part-m-00000.zstd.parquet"));
    String[][] cases = {
      {table.toString(), "file:" + table + "/d=2"},
      {dir.resolve("running") + "/*.parquet", "file:" + dir.resolve("running")}
    };
    for (String[] c : cases) {
      Job job = Job.getInstance(new Configuration(false));
      job.getConfiguration().set("fs.defaultFS", "file:///");
      FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(c[0]));

      IOException e =
          assertThrows(IOException.class, () -> new VariantParquetInputFormat().getSplits(job));
      assertTrue(e.getMessage().startsWith("Cannot read " + c[1] + ":"), e.getMessage());

      VariantParquetInputFormat.setAllowIncomplete(job, true);
      assertFalse(new VariantParquetInputFormat().getSplits(job).isEmpty());
    }
  }

  @Test
  void theInputFormatReadsAPartFileNamedItselfAsTheCliDoes() throws Exception {
    for (String leftover : new String[] {"_temporary/0", IncompleteOutput.IN_PROGRESS}) {
      Path out = Files.createDirectories(dir.resolve("named-" + leftover.charAt(1)));
      if (leftover.contains("/")) {
        Files.createDirectories(out.resolve(leftover));
      } else {
        Files.writeString(out.resolve(leftover), "job_1\n");
      }
      for (String name : new String[] {"part-m-00000.zstd.parquet", "_part-m-00001.parquet"}) {
        writePart(out.resolve(name));
        Job job = Job.getInstance(new Configuration(false));
        job.getConfiguration().set("fs.defaultFS", "file:///");
        FileInputFormat.addInputPath(
            job, new org.apache.hadoop.fs.Path(out.resolve(name).toString()));

        // a file named without a glob is neither the unfinished directory nor a glob reaching it
        assertEquals(
            1, new VariantParquetInputFormat().getSplits(job).size(), leftover + " " + name);
      }
    }
  }

  private static void writePart(Path file) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).variantColumn("variant").build()) {
      w.write(VariantRecord.builder().set("variant", VariantJson.parse("{\"a\": 1}")).build());
    }
  }
}
