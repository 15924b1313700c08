// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.json.JsonOptions;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.internal.SpreadPasses;
import io.variant.shredding.internal.SpreadSample;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The rows a plan is inferred from, and then every row of the input for the command that writes it:
 * one sampling procedure for {@code variant plan} and {@code variant convert}, so that both infer
 * the same plan from the same input, by {@link SpreadSample}'s rule, which the MapReduce engine's
 * sample follows too. Rows are parsed as the command parses them (its {@code --duplicate-keys},
 * {@code --max-depth} and {@code --max-value-size}; lines longer than {@link NdjsonReader} allows
 * are not held in memory).
 *
 * <ul>
 *   <li><b>Spread</b>: when every input is a plain (not compressed) file of one document per line
 *       (NDJSON, as {@code --input-format} or {@link FormatDetector} decides), {@value #PLACES}
 *       places at even byte offsets across the inputs (in name order) each give {@code N / }{@value
 *       #PLACES} consecutive lines (a place starts at the first line beginning at or after its
 *       offset and stops at the next place), and where they fall short of N the places with lines
 *       left read on ({@link SpreadPasses}; {@link NdjsonPlaces} reads them). A file of N lines or
 *       fewer is thus read whole; a log whose ids, times or types drift is seen from start to end.
 *   <li><b>Stream</b>: stdin, compressed (gzip, zstd) and JSON (not NDJSON) inputs can only be read
 *       once, in order, so the sample is their first N documents, read from the command's own
 *       {@link JsonDocuments} (and one more, not sampled, which tells whether they were all), and
 *       {@link #description()} says so. {@link #readInto} then gives those documents again (they
 *       are kept in memory) before the command reads on.
 * </ul>
 *
 * <p><b>Bad rows</b> in the sample: with {@code skipBad} ({@code convert}, which reports or skips
 * every bad row itself, in input order, as {@code --on-error} says) a malformed line is left out of
 * the sample and the rest is sampled as usual; in the stream mode the failure is kept and replayed
 * in its place. Without it ({@code plan}) the first malformed line found fails the sample, named by
 * its file, line and column. A failure after which reading cannot go on (JSON input, an unreadable
 * input) always ends the sample and is replayed in its place.
 *
 * <p>Not thread-safe.
 */
final class PlanSample {
  /** Documents sampled by default, by {@code plan} and {@code convert} on either engine. */
  static final long DEFAULT_ROWS = SpreadSample.DEFAULT_ROWS;

  /** Places a spread sample reads from ({@link SpreadSample#PLACES}). */
  static final int PLACES = SpreadSample.PLACES;

  /**
   * Most bad rows a stream-mode sample keeps for replay (each with up to 64 KiB of its text): past
   * it the sample ends, so that a file of bad lines does not fill the heap before it is reported.
   */
  static final int MAX_BAD_ROWS_KEPT = 100;

  private final List<String> inputs;
  private final JsonOptions options;
  private final boolean skipBad;
  private UnaryOperator<Variant> prepare = UnaryOperator.identity(); // before the inference sees it
  private final ArrayDeque<Kept> kept = new ArrayDeque<>();
  private long keptWeight; // of the kept documents not yet replayed, as a RowChunk weighs them
  private final SpreadSample.Kept rows = new SpreadSample.Kept(); // for the plan's size check
  private long badRows; // malformed lines left out of the sample
  private String description; // null for a spread sample until description() formats it
  private long spreadRows; // a spread sample's rows
  private long spreadBytes; // the bytes it spread across, or -1 if it read them all
  private long inputRows = -1; // the rows sampled if they are every row of the input, else -1
  private InputException ended; // the failure that ended a stream-mode sample, if any

  /**
   * A sampled document with its {@link JsonDocuments#weight}, or a failure ({@code value} null)
   * with what {@link RowErrors#reject} needs to skip it, with its place.
   */
  private record Kept(
      Variant value,
      long weight,
      InputException failure,
      boolean canContinue,
      byte[] text,
      String source,
      long line) {}

  private PlanSample(List<String> inputs, JsonOptions options, boolean skipBad) {
    this.inputs = List.copyOf(inputs);
    this.options = options;
    this.skipBad = skipBad;
  }

  /**
   * Samples {@code rows} documents of {@code inputs} (0: all) into {@code inference}, parsed with
   * {@code documents}' options. In the stream mode they are read from {@code documents}, the
   * command's reader of the same inputs, which then stands after them.
   *
   * @param skipBad leave malformed lines out of the sample (see the class comment), else fail
   * @param prepare what the inference sees of a sampled row (the rows replayed are as read)
   * @throws InputException if an input is missing or unreadable, or (without {@code skipBad}) a
   *     sampled line is malformed
   */
  static PlanSample take(
      List<String> inputs,
      long rows,
      PlanInference inference,
      JsonDocuments documents,
      boolean skipBad,
      UnaryOperator<Variant> prepare)
      throws IOException {
    PlanSample s = new PlanSample(inputs, documents.options(), skipBad);
    s.prepare = prepare;
    String whyNot = s.whyNotSpread(documents.format());
    if (whyNot == null) {
      for (Variant v : s.spread(rows)) {
        Variant p = prepare.apply(v);
        inference.add(p);
        s.keepRow(p);
      }
      return s;
    }
    s.stream(rows, inference, documents, whyNot);
    return s;
  }

  /** No sample: nothing to replay (for a plan the user gave). */
  static PlanSample none() {
    PlanSample s = new PlanSample(List.of(), null, false);
    s.description = "no rows";
    return s;
  }

  /**
   * Reads the command's next row into {@code chunk}: the sampled rows of the stream mode first, in
   * input order (a failure that ended or marred the sample in its place), then {@code documents}'
   * ({@link JsonDocuments#readInto}).
   *
   * @return false after the last row
   */
  boolean readInto(JsonDocuments documents, RowChunk chunk) throws IOException {
    Kept k = kept.poll();
    if (k == null) {
      return documents.readInto(chunk);
    }
    if (k.failure != null) {
      chunk.addFailure(k.failure, k.canContinue, k.text);
    } else {
      chunk.addValue(k.source, k.line, k.value, k.weight);
      keptWeight -= k.weight;
    }
    return true;
  }

  /**
   * What {@link #readInto} has still to read, where that is known ({@link
   * JsonDocuments#bytesLeft}), else -1: the sampled documents not yet replayed count as a chunk
   * weighs them.
   */
  long bytesLeft(JsonDocuments documents) {
    long left = documents.bytesLeft();
    return left < 0 ? -1 : left + keptWeight;
  }

  /**
   * The failure that ended a stream-mode sample, or null: a command that does not read on reports
   * it.
   */
  InputException failure() {
    return ended;
  }

  /**
   * The sampled rows (all, or an even selection of {@value SpreadSample#MAX_ROWS_KEPT}), for
   * checking a plan on them.
   */
  List<Variant> rows() {
    return rows.rows();
  }

  /** Lets the sampled rows go once the plan is chosen: a large sampled row should not stay. */
  void forgetRows() {
    rows.clear();
  }

  private void keepRow(Variant v) {
    rows.add(v);
  }

  /**
   * What was sampled, for the summary: "all 3000 rows", "10000 rows from 64 places ...", with the
   * malformed lines left out, if any.
   */
  String description() {
    if (description == null) { // formatted on first use: convert --quiet never shows it
      description = SpreadSample.description(spreadRows, spreadBytes);
    }
    return SpreadSample.withLeftOut(description, badRows);
  }

  /**
   * The input's rows if the sample holds every one of them (the malformed lines left out), else -1:
   * the plan's size check then counts the file's footer too.
   */
  long inputRows() {
    return inputRows;
  }

  /** Null if the inputs can be sampled across, else why not (for the description). */
  private String whyNotSpread(InputFormat format) throws IOException {
    for (String in : inputs) {
      if (Input.STDIN.equals(in)) {
        return "stdin can be read only once";
      }
      Path p = Path.of(in);
      if (!Files.isRegularFile(p)) {
        return in + (Stores.isStore(in) ? " is on a store" : " is not a regular file");
      }
      if (Input.isGzip(p) || Input.isZstd(p)) {
        return in + " is compressed, which cannot be read from the middle";
      }
      if (format == InputFormat.JSON) {
        return "--input-format json reads the documents in order";
      }
      if (format == InputFormat.AUTO) {
        try (BufferedInputStream head = new BufferedInputStream(Files.newInputStream(p))) {
          String json = FormatDetector.whyJson(in, head);
          if (json != null) {
            return json;
          }
        }
      }
    }
    return null;
  }

  /**
   * The stream mode: the first {@code rows} documents of {@code documents}, in order, kept for
   * replay.
   */
  private void stream(
      long rows, PlanInference inference, JsonDocuments documents, String whyNotSpread)
      throws IOException {
    long n = 0;
    boolean more = true;
    while (true) {
      // one document past a full sample, replayed but not sampled, says whether the input goes on:
      // a sample of every row of the input is the whole input, as the MapReduce engine finds too
      boolean past = rows > 0 && n >= rows;
      Variant v;
      try {
        v = documents.next();
      } catch (InputException e) {
        boolean goOn = documents.canContinue() && !e.isUnreadable();
        kept.add(
            new Kept(
                null, 0, e, goOn, documents.failedLine(), documents.source(), documents.line()));
        if (past) {
          break; // the command deals with it as it reads on
        }
        if (skipBad && goOn && badRows < MAX_BAD_ROWS_KEPT) {
          badRows++;
          continue;
        }
        ended = e;
        whyNotSpread = whyNotSpread + "; a bad row ended the sample";
        break;
      }
      if (v == null) {
        more = false;
        break;
      }
      long weight = documents.weight(v);
      if (past) {
        kept.add(new Kept(v, weight, null, false, null, documents.source(), documents.line()));
        keptWeight += weight;
        break;
      }
      Variant p = prepare.apply(v); // replayed as read: the command converts what it writes
      inference.add(p);
      keepRow(p);
      n++;
      kept.add(new Kept(v, weight, null, false, null, documents.source(), documents.line()));
      keptWeight += weight;
    }
    description =
        more
            ? String.format(
                Locale.ROOT,
                "the first %d rows (%s; rows further on were not seen)",
                n,
                whyNotSpread)
            : String.format(Locale.ROOT, "all %d rows", n);
    inputRows = more ? -1 : n;
  }

  /** The spread mode: {@link SpreadSample}'s places of the inputs. */
  private List<Variant> spread(long rows) throws IOException {
    List<SpreadSample.Input> sized = new ArrayList<>();
    long total = 0;
    for (String in : inputs) {
      Path p = Path.of(in);
      sized.add(new SpreadSample.Input(p.toAbsolutePath().normalize().toString(), Files.size(p)));
      total += sized.get(sized.size() - 1).size();
    }
    List<Variant> out = new ArrayList<>();
    boolean whole;
    try (NdjsonPlaces places = new NdjsonPlaces(inputs, options, skipBad, out)) {
      try {
        whole = SpreadPasses.read(SpreadSample.places(sized), rows, places);
      } finally {
        badRows += places.badRows();
      }
    }
    spreadRows = out.size();
    spreadBytes = whole ? -1 : total;
    inputRows = whole ? spreadRows : -1;
    return out;
  }
}
