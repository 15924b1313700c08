// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantMetadata;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.EvenSample;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.infer.Selection;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/**
 * Rows sampled across a job's input splits before the job runs, so that every task shreds with one
 * plan: the first lines of each split (of up to {@code rows} splits, evenly spread), about {@code
 * rows} in all, feed {@link PlanInference} (the inference of {@code variant plan} and {@code
 * variant convert}) and the shared metadata dictionary. Lines that are not JSON documents are
 * passed over here; the tasks deal with them.
 *
 * @param plan the inferred plan
 * @param keys object keys seen, in order of first appearance, at most {@link #MAX_KEYS}
 * @param rows rows sampled
 * @param splits splits the sample came from, of {@code totalSplits}
 * @param totalSplits the job's input splits
 */
public record PlanSample(
    ShreddingPlan plan, Set<String> keys, long rows, int splits, int totalSplits) {
  /**
   * Keys the shared dictionary takes from the sample: as in {@code VariantParquetWriter}'s sample,
   * past about a thousand keys rows evidently share no vocabulary, and every extra key widens field
   * ids.
   */
  public static final int MAX_KEYS = 1024;

  /**
   * The inference of {@link #of(Job, int)}: by presence, not the cost model (this sample is not
   * checked against the unshredded size, as variant-cli's is), typing paths present in at least 10%
   * of their parent objects.
   */
  public static final InferenceOptions DEFAULT_INFERENCE =
      InferenceOptions.defaults().withSelection(Selection.PRESENCE).withMinPresence(0.10);

  /**
   * Samples about {@code rows} rows of the job's input (its input paths and input format settings
   * as {@link TextInputFormat} reads them), inferring the plan for the widening set on the job
   * ({@link VariantParquetOutputFormat#setWidening}, lossless if none).
   *
   * @throws IOException if the input cannot be listed or read
   * @throws IllegalArgumentException if {@code rows < 1}
   */
  public static PlanSample of(Job job, int rows) throws IOException, InterruptedException {
    return of(job, rows, DEFAULT_INFERENCE, JsonOptions.defaults());
  }

  /**
   * Samples about {@code rows} rows as {@link #of(Job, int)} does, inferring with {@code options}
   * and parsing lines with {@code json}.
   */
  public static PlanSample of(Job job, int rows, InferenceOptions options, JsonOptions json)
      throws IOException, InterruptedException {
    if (rows < 1) {
      throw new IllegalArgumentException("Cannot infer a plan from " + rows + " rows");
    }
    TextInputFormat format = new TextInputFormat();
    List<InputSplit> all = format.getSplits(job);
    List<InputSplit> chosen = EvenSample.of(all, rows);
    // the writer takes the job's widening, so the plan must be inferred for it
    PlanInference inference =
        PlanInference.create(
            options.withWidening(VariantParquetOutputFormat.widening(job.getConfiguration())));
    Set<String> keys = new LinkedHashSet<>();
    long sampled = 0;
    for (int i = 0; i < chosen.size(); i++) {
      long quota =
          (rows - sampled) / (chosen.size() - i); // what is left, shared by the splits left
      sampled += sampleSplit(format, chosen.get(i), job, quota, inference, keys, json);
    }
    return new PlanSample(inference.result().plan(), keys, sampled, chosen.size(), all.size());
  }

  private static long sampleSplit(
      TextInputFormat format,
      InputSplit split,
      Job job,
      long quota,
      PlanInference inference,
      Set<String> keys,
      JsonOptions json)
      throws IOException, InterruptedException {
    TaskAttemptContext context =
        new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
    long taken = 0;
    try (RecordReader<LongWritable, Text> lines = format.createRecordReader(split, context)) {
      lines.initialize(split, context);
      while (taken < quota && lines.nextKeyValue()) {
        Text line = lines.getCurrentValue();
        Variant v;
        try {
          v = VariantJson.parse(Arrays.copyOf(line.getBytes(), line.getLength()), json);
        } catch (VariantException e) {
          continue; // blank or bad: the task decides
        }
        inference.add(v);
        addKeys(v.metadata(), keys);
        taken++;
      }
    }
    return taken;
  }

  private static void addKeys(VariantMetadata m, Set<String> keys) {
    for (int i = 0; i < m.size() && keys.size() < MAX_KEYS; i++) {
      keys.add(m.key(i));
    }
  }
}
