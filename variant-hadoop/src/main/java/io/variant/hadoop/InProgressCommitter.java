// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;

/**
 * Hadoop's {@link FileOutputCommitter} that also marks the output directory as incomplete while the
 * job runs: {@link IncompleteOutput#IN_PROGRESS} (holding the job id) is written when the job is
 * set up and deleted only after the job committed, so that a job that failed or was killed, whose
 * committed tasks' part files stay in the directory, leaves the marker too (see {@link
 * IncompleteOutput}).
 */
final class InProgressCommitter extends FileOutputCommitter {
  private final Path output;

  InProgressCommitter(Path output, TaskAttemptContext context) throws IOException {
    super(output, context);
    this.output = output;
  }

  @Override
  public void setupJob(JobContext context) throws IOException {
    if (output != null) {
      FileSystem fs = output.getFileSystem(context.getConfiguration());
      try (OutputStream marker = fs.create(marker(), true)) {
        marker.write((context.getJobID() + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    super.setupJob(context);
  }

  @Override
  public void commitJob(JobContext context) throws IOException {
    super.commitJob(context); // writes _SUCCESS
    if (output != null) {
      output.getFileSystem(context.getConfiguration()).delete(marker(), false);
    }
  }

  private Path marker() {
    return new Path(output, IncompleteOutput.IN_PROGRESS);
  }
}
