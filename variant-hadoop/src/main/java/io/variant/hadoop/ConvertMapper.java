// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.DuplicateKeys;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantLimitException;
import io.variant.core.internal.NdjsonLines;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.TemporalStrings;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantColumn;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * The map task of {@link ConvertJob}: one NDJSON line in, one row of the VARIANT column out. Blank
 * lines are skipped. A line longer than twice {@link #MAX_VALUE_BYTES} (at least 1 MiB) is refused
 * before it is parsed, as the local engine refuses it (its input format holds no more of it than
 * that). A line that is not one JSON document, or is over a limit, fails the task ({@link
 * OnError#FAIL}, naming the file and byte offset) or is skipped and recorded ({@link OnError#SKIP})
 * in the task's rejects file, {@code _rejects/rejects-m-00000.ndjson} under the output directory,
 * committed (or discarded) with the task's part file: one line per bad line, as the local engine's
 * {@code --rejects} writes it ({@link RejectedLine}: the file as the user named it, the line's
 * number, column, reason and text). The reasons name the library's settings ({@code
 * Limits.maxValueBytes}) unless {@link #SETTING_NAMES} says how the user set them.
 */
public class ConvertMapper extends Mapper<LongWritable, Text, Void, VariantRecord> {
  /** Configuration key of the bad-row policy: {@code fail} (default) or {@code skip}. */
  public static final String ON_ERROR = "variant.convert.on-error";

  /** Configuration key: what a key repeated in one object does, a {@link DuplicateKeys} name. */
  public static final String DUPLICATE_KEYS = "variant.convert.duplicate-keys";

  /** Configuration key: the deepest nesting of a line's objects and arrays. */
  public static final String MAX_DEPTH = "variant.convert.max-depth";

  /**
   * Configuration key: {@code true} stores strings that are dates or timestamps, and print back
   * exactly as they were, as such ({@link TemporalStrings}); read by {@link PlanSample} too, so the
   * plan is inferred from the rows as they are written.
   */
  public static final String INFER_TEMPORAL = "variant.convert.infer-temporal";

  /**
   * Configuration key: the largest value of one line, in bytes; a line longer than twice it (at
   * least 1 MiB) is refused unparsed.
   */
  public static final String MAX_VALUE_BYTES = "variant.convert.max-value-bytes";

  /**
   * Configuration key: a class with a no-argument constructor, a {@code UnaryOperator<String>} that
   * turns the names of the library's settings in the reasons a line is bad ({@code
   * Limits.maxValueBytes}, {@code Limits.maxDepth}, {@code DuplicateKeys.LAST_WINS}) into the names
   * the user set them by (a command line's options); unset, the reasons keep the library's.
   */
  public static final String SETTING_NAMES = "variant.convert.setting-names";

  /**
   * The folder of rejects files under the output directory; hidden from input formats by its
   * underscore.
   */
  public static final String REJECTS_DIR = "_rejects";

  /** What a task does with a line that is not a JSON document. */
  public enum OnError {
    FAIL,
    SKIP
  }

  /**
   * The first bad-line failure of a task in this JVM. The local job runner only logs why a task
   * failed (its job status says "NA"), so {@link ConvertJob} running it in the same process reads
   * the reason here.
   */
  static final AtomicReference<BadLine> LOCAL_FAILURE = new AtomicReference<>();

  /**
   * The first failure of a task in this JVM that is not a bad line, for the same reason: without it
   * the local job runner's failure would be reported as "NA".
   */
  static final AtomicReference<Exception> LOCAL_TASK_FAILURE = new AtomicReference<>();

  /** Why a line could not be converted. */
  public enum Problem {
    /** It is not one JSON document. */
    MALFORMED,
    /** Its value is over a limit of {@link JsonOptions#limits()} (depth, size). */
    OVER_LIMIT,
    /**
     * The input's compressed data is damaged after it (truncated, a bad checksum, bytes after the
     * last member or frame): nothing after it can be read.
     */
    DAMAGED
  }

  /**
   * A line that could not be converted.
   *
   * @param file the input file
   * @param offset the line's byte offset in the file, or -1 where it is not known (damaged data)
   * @param column where in the line the parser stopped, or 0 if unknown
   * @param reason what is wrong
   * @param problem what kind of problem it is
   */
  public record BadLine(String file, long offset, long column, String reason, Problem problem) {
    /**
     * {@code at byte 9, column 7: Invalid JSON: ...}: the location within the file, and the reason.
     */
    public String where() {
      if (offset < 0) {
        return reason;
      }
      return "at byte " + offset + (column > 0 ? ", column " + column : "") + ": " + reason;
    }

    @Override
    public String toString() {
      return file + " " + where();
    }
  }

  private String column;
  private OnError onError;
  private JsonOptions json;
  private JsonRowParser parser;
  private String file; // as the user named it
  private UnaryOperator<String> settingNames;
  private TaskRejects rejects;
  private TemporalStrings temporal; // null unless INFER_TEMPORAL
  private int maxLineBytes; // NdjsonLines.maxLineBytes of the largest value
  private long lines; // read so far, blank ones too: numbers the split's lines (TaskRejects)

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    column = conf.get(VariantParquetOutputFormat.COLUMN, VariantParquetOutputFormat.DEFAULT_COLUMN);
    onError = onError(conf);
    json = jsonOptions(conf);
    maxLineBytes = NdjsonLines.maxLineBytes(json.limits().maxValueBytes());
    // rows parsed onto the writer's dictionary (the plan's keys and the sample's common ones), as
    // the local engine parses them: rows using no other keys share one metadata value
    VariantColumn written = VariantParquetOutputFormat.column(conf);
    parser =
        written.layout().hasMetadataColumn()
            ? VariantJson.rowParser(json, written.sharedDictionary())
            : VariantJson.rowParser(json);
    temporal = temporal(conf, json);
    settingNames = settingNames(conf);
    if (context.getInputSplit() instanceof FileSplit s) {
      file = InputNames.of(conf).name(s.getPath());
      rejects = new TaskRejects(context, s.getPath(), s.getStart(), s.getLength());
    } else {
      file = String.valueOf(context.getInputSplit());
      rejects = new TaskRejects(context, null, 0, 0);
    }
  }

  /** What {@link #SETTING_NAMES} names, or the reasons as they are. */
  @SuppressWarnings("unchecked")
  static UnaryOperator<String> settingNames(Configuration conf) {
    Class<? extends UnaryOperator<?>> c =
        (Class<? extends UnaryOperator<?>>) conf.getClass(SETTING_NAMES, null, UnaryOperator.class);
    return c == null
        ? UnaryOperator.identity()
        : (UnaryOperator<String>) ReflectionUtils.newInstance(c, conf);
  }

  /**
   * @throws IllegalArgumentException if {@link #ON_ERROR} is neither {@code fail} nor {@code skip}
   */
  static OnError onError(Configuration conf) {
    String text = conf.get(ON_ERROR, "fail");
    try {
      return OnError.valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot read " + ON_ERROR + ": expected fail or skip, was " + text, e);
    }
  }

  /** The converter {@link #INFER_TEMPORAL} asks for, or {@code null}. */
  static TemporalStrings temporal(Configuration conf, JsonOptions json) {
    return conf.getBoolean(INFER_TEMPORAL, false)
        ? new TemporalStrings(json.builderOptions())
        : null;
  }

  /** Stores how lines are parsed in {@code conf}, for the tasks and {@link #jsonOptions}. */
  static void setJsonOptions(Configuration conf, JsonOptions options) {
    conf.set(DUPLICATE_KEYS, options.duplicateKeys().name());
    conf.setInt(MAX_DEPTH, options.limits().maxDepth());
    conf.setInt(MAX_VALUE_BYTES, options.limits().maxValueBytes());
  }

  /**
   * How lines are parsed: {@link JsonOptions#defaults()} with what {@code conf} sets.
   *
   * @throws IllegalArgumentException if a setting is out of range or unknown
   */
  static JsonOptions jsonOptions(Configuration conf) {
    JsonOptions defaults = JsonOptions.defaults();
    String keys = conf.get(DUPLICATE_KEYS, defaults.duplicateKeys().name());
    Limits limits =
        defaults
            .limits()
            .withMaxDepth(conf.getInt(MAX_DEPTH, defaults.limits().maxDepth()))
            .withMaxValueBytes(conf.getInt(MAX_VALUE_BYTES, defaults.limits().maxValueBytes()));
    try {
      return defaults
          .withDuplicateKeys(DuplicateKeys.valueOf(keys.toUpperCase(Locale.ROOT).replace('-', '_')))
          .withLimits(limits);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Cannot read " + DUPLICATE_KEYS + ": " + keys, e);
    }
  }

  /**
   * {@link Mapper#run}, where damaged compressed data is a bad line ({@link Problem#DAMAGED}) and
   * any other failure is kept for {@link #LOCAL_TASK_FAILURE}.
   */
  @Override
  public void run(Context context) throws IOException, InterruptedException {
    setup(context);
    try {
      while (nextLine(context)) {
        lines++;
        map(context.getCurrentKey(), context.getCurrentValue(), context);
      }
    } catch (IOException | RuntimeException e) {
      LOCAL_TASK_FAILURE.compareAndSet(null, e);
      throw e;
    } finally {
      cleanup(context);
    }
  }

  /**
   * Reads the next line: false at the end of the split, and under {@link OnError#SKIP} after
   * damaged compressed data, which ends the input with one reject, as the local engine ends it.
   */
  private boolean nextLine(Context context) throws IOException, InterruptedException {
    try {
      return context.nextKeyValue();
    } catch (IOException e) {
      if (!DamagedData.isDamaged(e)) {
        throw e;
      }
      BadLine bad =
          new BadLine(
              file,
              -1,
              0,
              "after line " + lines + ": damaged compressed data: " + e.getMessage(),
              Problem.DAMAGED);
      if (onError == OnError.FAIL) {
        LOCAL_FAILURE.compareAndSet(null, bad);
        throw new IOException(bad.toString(), e);
      }
      context.getCounter(ConvertCounters.INPUTS_ENDED).increment(1);
      // a row read and rejected, as the local engine counts it: the line being read, which never
      // ended
      context.getCounter(ConvertCounters.ROWS_IN).increment(1);
      rejects.write(new RejectedLine(file, lines + 1, 0, bad.reason(), null));
      return false;
    }
  }

  @Override
  protected void map(LongWritable offset, Text line, Context context)
      throws IOException, InterruptedException {
    NdjsonLines.Kind kind = NdjsonLine.kind(line, offset.get(), maxLineBytes);
    if (kind == NdjsonLines.Kind.BLANK) {
      return;
    }
    context.getCounter(ConvertCounters.ROWS_IN).increment(1);
    if (kind != NdjsonLines.Kind.DOCUMENT) {
      bad(badLine(offset.get(), kind), null, line);
      return;
    }
    byte[] utf8 = NdjsonLine.text(line, offset.get());
    Variant v;
    try {
      v = parser.parse(utf8);
    } catch (VariantException e) {
      boolean afterMark =
          offset.get() == 0
              && NdjsonLines.startsWithByteOrderMark(line.getBytes(), 0, line.getLength());
      long at = RejectedLine.column(e, utf8, utf8.length, afterMark);
      Problem problem = VariantLimitException.isCauseOf(e) ? Problem.OVER_LIMIT : Problem.MALFORMED;
      bad(new BadLine(file, offset.get(), at, reason(RejectedLine.reason(e)), problem), e, line);
      return;
    }
    if (temporal != null) {
      long before = temporal.converted();
      v = temporal.convert(v);
      if (temporal.converted() > before) {
        context
            .getCounter(ConvertCounters.TEMPORAL_STRINGS)
            .increment(temporal.converted() - before);
      }
    }
    context.write(null, VariantRecord.builder().set(column, v).build());
  }

  /** Why a line of {@code kind}, a bad one, is bad, as the local engine says it. */
  private BadLine badLine(long offset, NdjsonLines.Kind kind) {
    return switch (kind) {
      case BYTE_ORDER_MARK ->
          new BadLine(file, offset, 1, reason(NdjsonLines.BYTE_ORDER_MARK), Problem.MALFORMED);
      case TOO_LONG ->
          new BadLine(
              file, offset, 0, reason(NdjsonLines.tooLong(maxLineBytes)), Problem.OVER_LIMIT);
      case DOCUMENT, BLANK -> throw new IllegalArgumentException(kind + " is not a bad line");
    };
  }

  /** {@code reason}, in the library's words, as the user knows the settings it names. */
  private String reason(String reason) {
    return settingNames.apply(reason);
  }

  /**
   * A bad line: fails the task ({@link OnError#FAIL}) or goes to the rejects file with its text,
   * the line as read ({@code line}: a byte order mark and a trailing {@code \r} included).
   */
  private void bad(BadLine bad, Exception cause, Text line)
      throws IOException, InterruptedException {
    if (onError == OnError.FAIL) {
      LOCAL_FAILURE.compareAndSet(null, bad);
      throw new IOException(
          bad + " (set " + ON_ERROR + "=skip, or --on-error skip, to skip such lines)", cause);
    }
    String text = RejectedLine.text(line.getBytes(), line.getLength());
    rejects.write(new RejectedLine(file, lines, bad.column(), bad.reason(), text));
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    rejects.close(lines, onError == OnError.SKIP);
  }
}
