// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.internal.NdjsonLineReader;
import io.variant.core.internal.NdjsonLines;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.TemporalStrings;
import io.variant.core.json.VariantJson;
import io.variant.parquet.internal.CheckedPlan;
import io.variant.parquet.internal.SharedKeys;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.CoverageReport;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.internal.SpreadPasses;
import io.variant.shredding.internal.SpreadSample;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;

/**
 * Rows sampled from a job's input before the job runs, so that every task shreds with one plan, and
 * the same plan {@code variant plan} prints and the local {@code variant convert} writes for the
 * same input: the same rows ({@link SpreadSample}'s places of plain files; the first rows of
 * compressed ones), the same inference and the same size check ({@link CheckedPlan}). The sampled
 * rows also give the keys rows' dictionaries share beside the plan's, as the local engine chooses
 * them ({@link SharedKeys}). Lines that are not JSON documents are passed over here (they take no
 * share of their place, as the local engine's {@code convert} passes them over); the tasks deal
 * with them.
 *
 * @param plan the inferred plan
 * @param keys the keys to share beside the plan's ({@link SharedKeys}), most frequent first
 * @param rows rows sampled
 * @param description what was sampled, as the local engine says it: "all 3000 rows", "10000 rows
 *     from 64 places spread across 12.0 MiB", "the first 10000 rows (...)", followed by "; 2
 *     malformed lines left out" when some sampled lines were neither blank nor JSON
 * @param note empty, or what the size check changed ({@link CheckedPlan#note()})
 * @param coverage the coverage report of the plan chosen, whose {@link
 *     CoverageReport#untrackedValues()} says whether inference reached its cap of tracked paths
 */
public record PlanSample(
    ShreddingPlan plan,
    List<String> keys,
    long rows,
    String description,
    String note,
    CoverageReport coverage) {
  /** The inference of {@link #of(Job, long)}: the cost model, as {@code variant plan} infers. */
  public static final InferenceOptions DEFAULT_INFERENCE = InferenceOptions.defaults();

  /**
   * Samples {@code rows} rows of the job's input (its input paths as {@link NdjsonInputFormat}
   * lists them), inferring the plan for the widening set on the job ({@link
   * VariantParquetOutputFormat#setWidening}, lossless if none).
   *
   * @throws IOException if the input cannot be listed or read
   * @throws IllegalArgumentException if {@code rows < 1}
   */
  public static PlanSample of(Job job, long rows) throws IOException, InterruptedException {
    return of(job, rows, DEFAULT_INFERENCE, JsonOptions.defaults());
  }

  /**
   * Samples {@code rows} rows as {@link #of(Job, long)} does, inferring with {@code options} and
   * parsing lines with {@code json}.
   */
  public static PlanSample of(Job job, long rows, InferenceOptions options, JsonOptions json)
      throws IOException, InterruptedException {
    if (rows < 1) {
      throw new IllegalArgumentException("Cannot infer a plan from " + rows + " rows");
    }
    Configuration conf = job.getConfiguration();
    // the writer takes the job's widening, so the plan must be inferred for it
    Rows sampled =
        new Rows(
            PlanInference.create(options.withWidening(VariantParquetOutputFormat.widening(conf))),
            json,
            ConvertMapper.temporal(conf, json)); // the rows as the tasks will write them
    List<FileStatus> files = new Listing().files(job);
    CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
    String why = null;
    for (FileStatus f : files) {
      if (why == null && codecs.getCodec(f.getPath()) != null) {
        why = f.getPath() + " is compressed, which cannot be read from the middle";
      }
    }
    String description =
        why == null
            ? sampled.spread(files, rows, conf)
            : sampled.stream(files, rows, codecs, conf, why);
    description = SpreadSample.withLeftOut(description, sampled.bad);
    // as the local engine checks it: the footer counts where the sample is the whole input
    CheckedPlan checked =
        CheckedPlan.of(
            sampled.inference,
            sampled.kept.rows(),
            Runtime.getRuntime().availableProcessors(),
            sampled.inputRows);
    List<String> keys = SharedKeys.of(sampled.kept.rows(), checked.plan());
    return new PlanSample(
        checked.plan(),
        keys,
        sampled.count,
        description,
        checked.note(),
        checked.result().coverage());
  }

  /** The files a job reads, as its input format lists them (globs expanded, hidden files not). */
  private static final class Listing {
    List<FileStatus> files(JobContext job) throws IOException {
      List<FileStatus> out = new ArrayList<>();
      for (FileStatus f : new NdjsonInputFormat().listStatus(job)) {
        if (f.isFile()) {
          out.add(f);
        }
      }
      return out;
    }
  }

  /** One input open at a time for the places that read it in turn, not one per place. */
  private static final class OpenInput implements Closeable {
    private final List<FileStatus> files;
    private final Configuration conf;
    private FSDataInputStream in;
    private int open = -1;

    OpenInput(List<FileStatus> files, Configuration conf) {
      this.files = files;
      this.conf = conf;
    }

    /** Input {@code index}, open. */
    FSDataInputStream at(int index) throws IOException {
      if (index != open) {
        close();
        Path path = files.get(index).getPath();
        in = path.getFileSystem(conf).open(path);
        open = index;
      }
      return in;
    }

    @Override
    public void close() throws IOException {
      if (in != null) {
        in.close();
        in = null;
        open = -1;
      }
    }
  }

  /** The rows sampled so far, fed to the inference and kept for the size check and the keys. */
  private static final class Rows {
    final PlanInference inference;
    final JsonOptions json;
    final TemporalStrings temporal; // null unless the job converts temporal strings
    final SpreadSample.Kept kept = new SpreadSample.Kept();
    long count;
    long bad; // lines that were neither blank nor a document
    long inputRows = -1; // count, once every row of the input was read; else -1
    private NdjsonLineReader last; // its buffers serve the next reader

    Rows(PlanInference inference, JsonOptions json, TemporalStrings temporal) {
      this.inference = inference;
      this.json = json;
      this.temporal = temporal;
    }

    /**
     * Takes the line {@code lines} read last, its input's first if {@code firstLine}, if it is a
     * document; returns whether it was.
     */
    boolean take(NdjsonLineReader lines, boolean firstLine) {
      switch (lines.kind(firstLine)) {
        case BLANK -> {
          return false;
        }
        case BYTE_ORDER_MARK, TOO_LONG -> { // the task rejects it
          bad++;
          return false;
        }
        case DOCUMENT -> {} // parsed below
      }
      Variant v;
      try {
        v =
            VariantJson.parse(
                Arrays.copyOfRange(lines.lineBuffer(), lines.textStart(), lines.textEnd()), json);
      } catch (VariantException e) {
        bad++; // the task decides what a bad line does; the sample says it left it out
        return false;
      }
      if (temporal != null) {
        v = temporal.convert(v);
      }
      inference.add(v);
      kept.add(v);
      count++;
      return true;
    }

    /** A reader of {@code in}, with the buffers of the one before. */
    private NdjsonLineReader reader(InputStream in) {
      int maxLineBytes = NdjsonLines.maxLineBytes(json.limits().maxValueBytes());
      last =
          last == null
              ? new NdjsonLineReader(in, maxLineBytes)
              : new NdjsonLineReader(in, maxLineBytes, last);
      return last;
    }

    /** {@link SpreadSample}'s places of plain files. */
    String spread(List<FileStatus> files, long rows, Configuration conf) throws IOException {
      List<SpreadSample.Input> sized = new ArrayList<>();
      for (FileStatus f : files) {
        sized.add(new SpreadSample.Input(f.getPath().toUri().getPath(), f.getLen()));
      }
      boolean whole;
      try (OpenInput open = new OpenInput(files, conf)) {
        whole =
            SpreadPasses.read(
                SpreadSample.places(sized),
                rows,
                (place, from, limit) -> readPlace(open.at(place.input()), from, place.to(), limit));
      }
      inputRows = whole ? count : -1;
      return SpreadSample.description(count, whole ? -1 : total(sized));
    }

    /**
     * Takes up to {@code limit} documents from the lines that start in [{@code from}, {@code to});
     * says where it stopped ({@code to} once it read every such line).
     */
    private SpreadPasses.Read readPlace(FSDataInputStream in, long from, long to, long limit)
        throws IOException {
      long base = Math.max(0, from - 1);
      in.seek(base);
      NdjsonLineReader lines = reader(in); // not closed: that would close in
      // the rest of the line that holds byte from - 1, which started before from; a line that runs
      // through the whole place (a line without end, say) is read no further than the place
      if (from > 0 && !lines.skipLine(to - base)) {
        return new SpreadPasses.Read(0, to);
      }
      long taken = 0;
      while (base + lines.position() < to) {
        long pos = base + lines.position();
        if (!lines.read()) {
          break;
        }
        if (taken >= limit) {
          return new SpreadPasses.Read(taken, pos); // the line just read is read again from pos
        }
        if (take(lines, pos == 0)) {
          taken++;
        }
      }
      return new SpreadPasses.Read(taken, to);
    }

    /** The first {@code rows} documents of the inputs, in order: compressed data. */
    String stream(
        List<FileStatus> files,
        long rows,
        CompressionCodecFactory codecs,
        Configuration conf,
        String why)
        throws IOException {
      boolean more = false;
      for (FileStatus f : files) {
        FileSystem fs = f.getPath().getFileSystem(conf);
        CompressionCodec codec = codecs.getCodec(f.getPath());
        try (InputStream raw = fs.open(f.getPath());
            InputStream in = codec == null ? raw : codec.createInputStream(raw)) {
          NdjsonLineReader lines = reader(in);
          while (read(lines)) {
            if (count >= rows) {
              // a line past a full sample says the input goes on, as the local engine finds
              more = lines.kind(lines.lineStart() == 0) != NdjsonLines.Kind.BLANK;
              if (more) {
                break;
              }
              continue;
            }
            take(lines, lines.lineStart() == 0);
          }
        }
        if (more) {
          break;
        }
      }
      inputRows = more ? -1 : count;
      return more
          ? String.format(
              Locale.ROOT, "the first %d rows (%s; rows further on were not seen)", count, why)
          : SpreadSample.description(count, -1);
    }

    /**
     * {@link NdjsonLineReader#read}, ending the input at damaged compressed data: the rows before
     * it are sampled, and the job's task reports the damage as {@code --on-error} says.
     */
    private static boolean read(NdjsonLineReader lines) throws IOException {
      try {
        return lines.read();
      } catch (IOException e) {
        if (DamagedData.isDamaged(e)) {
          return false;
        }
        throw e;
      }
    }

    private static long total(List<SpreadSample.Input> sized) {
      long t = 0;
      for (SpreadSample.Input i : sized) {
        t += i.size();
      }
      return t;
    }
  }
}
