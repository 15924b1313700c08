// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.shredding.ShreddingPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Task failure, retry and speculative execution against {@link VariantParquetOutputFormat}, driven
 * through the calls the MapReduce framework makes (setupJob, setupTask, write, commitTask or
 * abortTask, commitJob). Hadoop's local job runner never retries a task, so the protocol is played
 * here directly: a failed attempt is aborted after writing part of its rows, a retry and a
 * speculative twin both write everything, one commits and the other is aborted.
 */
class TaskRetryTest {
  @TempDir Path dir;

  @Test
  void failedAndSpeculativeAttemptsLeaveNoExtraRows() throws Exception {
    Random rnd = new Random(21);
    List<String> task0 = lines(rnd, 0, 60);
    List<String> task1 = lines(rnd, 100, 40);
    Job job = Job.getInstance(Events.localConf(dir));
    VariantParquetOutputFormat.setPlan(
        job, ShreddingPlan.parse("{\"id\": int64, \"user\": {\"age\": int64}}"));
    Path out = dir.resolve("out");
    FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(out.toString()));
    Configuration conf = job.getConfiguration();
    JobID id = new JobID("retry", 1);
    JobContext jobContext = new JobContextImpl(conf, id);
    committer(conf, id, 0, 0).setupJob(jobContext);

    attempt(
        conf,
        id,
        0,
        0,
        task0.subList(0, 25),
        false); // fails after 25 rows: aborted, file half-written
    attempt(conf, id, 0, 1, task0, true); // the retry commits
    attempt(conf, id, 0, 2, task0, false); // a speculative twin finishes too, but loses: aborted
    attempt(conf, id, 1, 0, task1, true);
    committer(conf, id, 0, 0).commitJob(jobContext);

    List<String> expected = new ArrayList<>(task0);
    expected.addAll(task1);
    assertEquals(Events.canonical(expected), Events.readAll(out, "variant"));
    assertEquals(2, Events.partFiles(out).size(), Events.partFiles(out).toString());
    assertTrue(java.nio.file.Files.exists(out.resolve("_SUCCESS")));
  }

  private static List<String> lines(Random rnd, long firstId, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(Events.line(rnd, firstId + i));
    }
    return out;
  }

  private static TaskAttemptContext context(Configuration conf, JobID id, int task, int attempt) {
    return new TaskAttemptContextImpl(
        new Configuration(conf), new TaskAttemptID(new TaskID(id, TaskType.MAP, task), attempt));
  }

  private static OutputCommitter committer(Configuration conf, JobID id, int task, int attempt)
      throws Exception {
    return new VariantParquetOutputFormat().getOutputCommitter(context(conf, id, task, attempt));
  }

  /** One task attempt in its own format instance, as in its own task JVM. */
  private static void attempt(
      Configuration conf, JobID id, int task, int attempt, List<String> rows, boolean commits)
      throws Exception {
    TaskAttemptContext context = context(conf, id, task, attempt);
    VariantParquetOutputFormat format = new VariantParquetOutputFormat();
    OutputCommitter committer = format.getOutputCommitter(context);
    committer.setupTask(context);
    RecordWriter<Void, VariantRecord> writer = format.getRecordWriter(context);
    for (String row : rows) {
      writer.write(null, VariantRecord.builder().set("variant", VariantJson.parse(row)).build());
    }
    if (commits) {
      writer.close(context);
      assertTrue(committer.needsTaskCommit(context));
      committer.commitTask(context);
    } else {
      committer.abortTask(context); // a failed attempt's writer is never closed
    }
  }
}
