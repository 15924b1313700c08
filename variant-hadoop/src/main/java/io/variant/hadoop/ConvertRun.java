// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * One run of {@link ConvertJob}: checks the file systems and OUTDIR, samples and configures the
 * job, runs it into a staging directory and publishes that as OUTDIR when the job succeeded ({@link
 * StagedOutput}). If this JVM is told to stop meanwhile (Ctrl-C, {@code kill}), the job is killed
 * and the staging directory deleted before Hadoop closes its file systems.
 */
final class ConvertRun {
  /** Runs before Hadoop's own hook that closes every cached {@link FileSystem}. */
  private static final int SHUTDOWN_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 1;

  private static final long LISTENER_MILLIS = 1000;

  private final Configuration conf;
  private final ConvertJob.Options options;
  private final boolean verbose;
  private final ConvertJob.Listener listener;

  ConvertRun(
      Configuration conf,
      ConvertJob.Options options,
      boolean verbose,
      ConvertJob.Listener listener) {
    this.conf = conf;
    this.options = options;
    this.verbose = verbose;
    this.listener = listener;
  }

  ConvertJob.Result call() throws IOException, InterruptedException {
    Connectors.check(options.inputs(), options.output(), conf);
    Job job = Job.getInstance(conf, "variant convert -> " + options.output());
    try (StagedOutput staged =
        StagedOutput.start(
            new Path(options.output()),
            job.getConfiguration(),
            options.overwrite(),
            options.inputs())) {
      PlanSample sample = ConvertJob.configure(job, options);
      FileOutputFormat.setOutputPath(job, staged.staging());
      ConvertMapper.LOCAL_FAILURE.set(null);
      ConvertMapper.LOCAL_TASK_FAILURE.set(null);
      Runnable abandon =
          () -> {
            kill(job);
            staged.discard();
          };
      ShutdownHookManager.get().addShutdownHook(abandon, SHUTDOWN_PRIORITY);
      boolean ok;
      try {
        ok = waitFor(job);
      } finally {
        try {
          ShutdownHookManager.get().removeShutdownHook(abandon);
        } catch (IllegalStateException e) {
          // the JVM is shutting down: the hook runs
        }
      }
      if (ok) {
        if (options.onError() == ConvertMapper.OnError.SKIP) {
          SplitLines.renumber(staged.staging(), job.getConfiguration());
        }
        staged.publish();
      }
      return new ConvertJob.Result(
          ok,
          VariantParquetOutputFormat.column(job.getConfiguration()).plan(),
          sample,
          job.getCounters(),
          ok ? null : failure(job),
          ok ? null : ConvertMapper.LOCAL_FAILURE.get());
    }
  }

  private boolean waitFor(Job job) throws IOException, InterruptedException {
    try {
      if (listener == null) {
        return job.waitForCompletion(verbose);
      }
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new IOException("Cannot run the job: " + e.getMessage(), e);
    }
    long next = 0;
    while (!job.isComplete()) {
      long now = System.currentTimeMillis();
      if (now >= next) {
        listener.progress(job.mapProgress(), rowsIn(job));
        next = now + LISTENER_MILLIS;
      }
      Thread.sleep(conf.getLong("mapreduce.client.completion.pollinterval", 100));
    }
    // A job faster than the first poll still reports where it ended.
    listener.progress(job.mapProgress(), rowsIn(job));
    return job.isSuccessful();
  }

  /** Rows read so far, as the tasks last reported; 0 while none has. */
  private static long rowsIn(Job job) throws InterruptedException {
    try {
      Counters counters = job.getCounters();
      return counters == null ? 0 : counters.findCounter(ConvertCounters.ROWS_IN).getValue();
    } catch (IOException e) {
      return 0; // progress is shown as far as it is known
    }
  }

  private static void kill(Job job) {
    try {
      if (!job.isComplete()) {
        job.killJob();
      }
    } catch (IOException | IllegalStateException e) {
      // not submitted yet, or already gone
    }
  }

  /**
   * Why a task of the local job runner failed, whose status says only "NA": the bad line, else the
   * task's exception.
   */
  private static String localFailure() {
    ConvertMapper.BadLine bad = ConvertMapper.LOCAL_FAILURE.get();
    if (bad != null) {
      return bad.toString();
    }
    Exception e = ConvertMapper.LOCAL_TASK_FAILURE.get();
    if (e == null) {
      return "a task failed; the cause is in the job's task logs";
    }
    return e.getMessage() == null ? e.getClass().getName() : e.getMessage();
  }

  /**
   * The framework's account of a failed job: its failure info and the diagnostics of failed task
   * attempts.
   */
  private static String failure(Job job) throws IOException, InterruptedException {
    String info = job.getStatus().getFailureInfo();
    boolean none = info == null || info.isEmpty() || info.equals("NA");
    StringBuilder sb = new StringBuilder(none ? localFailure() : info);
    for (TaskCompletionEvent e : job.getTaskCompletionEvents(0, 100)) {
      if (e.getStatus() == TaskCompletionEvent.Status.FAILED) {
        for (String d : job.getTaskDiagnostics(e.getTaskAttemptId())) {
          sb.append("; ")
              .append(e.getTaskAttemptId())
              .append(": ")
              .append(d.lines().findFirst().orElse(""));
        }
      }
    }
    return sb.toString();
  }
}
