package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.VariantJson;
import io.variant.shredding.infer.PlanInference;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The rows a plan is inferred from, and then every row of the input for the command that writes it:
 * one sampling procedure for {@code variant plan} and {@code variant convert}, so that both infer
 * the same plan from the same input.
 *
 * <ul>
 *   <li><b>Spread</b>: when every input is a plain (not compressed) file whose first document is
 *       not a JSON array, {@value #PLACES} places at even byte offsets across the inputs each give
 *       {@code N / }{@value #PLACES} consecutive lines (a place starts at the first line beginning
 *       at or after its offset and stops at the next place). A file smaller than N lines is thus
 *       read whole; a log whose ids, times or types drift is seen from start to end. Each line must
 *       hold one document; if a sampled line does not, sampling starts again in the stream mode.
 *   <li><b>Stream</b>: stdin, compressed (gzip, zstd) and JSON-array inputs can only be read once,
 *       in order, so the sample is their first N documents, read from the command's own {@link
 *       JsonDocuments}, and {@link #description()} says so. {@link #next} then gives those
 *       documents again (they are kept in memory) before the command reads on. A document that
 *       fails to read ends the sample; the failure is replayed in its place, for the command to
 *       report or skip as it does any bad row.
 * </ul>
 *
 * Not thread-safe.
 */
final class PlanSample {
  /** Documents sampled by default, by {@code plan} and {@code convert} alike. */
  static final long DEFAULT_ROWS = 10_000;

  /**
   * Places a spread sample reads from: enough to see a drift along the file, few enough to seek
   * cheaply.
   */
  static final int PLACES = 64;

  /** Most sampled rows kept for {@link #rows()}: past it every other one is dropped, evenly. */
  static final int MAX_ROWS_KEPT = 20_000;

  private final List<String> inputs;
  private final JsonRowParser parser = VariantJson.rowParser(); // sampled lines, default options
  private final ArrayDeque<Kept> kept = new ArrayDeque<>();
  private List<Variant> rows = new ArrayList<>(); // sampled rows, evenly thinned to MAX_ROWS_KEPT
  private long stride = 1;
  private long seen;
  private String description;
  private Kept current; // the sampled row next() returned last; null once the command reads on

  /**
   * A sampled document, or the failure that ended the sample ({@code value} null), with its place.
   */
  private record Kept(Variant value, InputException failure, String source, long line) {}

  private PlanSample(List<String> inputs) {
    this.inputs = List.copyOf(inputs);
  }

  /**
   * Samples {@code rows} documents of {@code inputs} (0: all) into {@code inference}. In the stream
   * mode they are read from {@code documents}, the command's reader of the same inputs, which then
   * stands after them.
   *
   * @throws InputException if an input is missing or unreadable
   */
  static PlanSample take(
      List<String> inputs, long rows, PlanInference inference, JsonDocuments documents)
      throws IOException {
    PlanSample s = new PlanSample(inputs);
    String whyNot = s.whyNotSpread();
    if (whyNot == null) {
      List<Variant> spread = s.spread(rows);
      if (spread != null) {
        for (Variant v : spread) {
          inference.add(v);
          s.keepRow(v);
        }
        return s;
      }
      whyNot = "its lines are not one JSON document each";
    }
    s.stream(rows, inference, documents, whyNot);
    return s;
  }

  /** No sample: nothing to replay (for a plan the user gave). */
  static PlanSample none() {
    PlanSample s = new PlanSample(List.of());
    s.description = "no rows";
    return s;
  }

  /**
   * The next row for the command: the sampled rows of the stream mode first, in input order, then
   * {@code documents}' next.
   *
   * @throws InputException the failure that ended the sample, in its place, or one of {@code
   *     documents}
   */
  Variant next(JsonDocuments documents) throws IOException {
    current = kept.poll();
    if (current == null) {
      return documents.next();
    }
    if (current.failure != null) {
      throw current.failure;
    }
    return current.value;
  }

  /**
   * The failure that ended a stream-mode sample, or null: a command that does not read on reports
   * it.
   */
  InputException failure() {
    Kept last = kept.peekLast();
    return last == null ? null : last.failure;
  }

  /** The input of the row {@link #next} returned last. */
  String source(JsonDocuments documents) {
    return current != null ? current.source : documents.source();
  }

  /** 1-based line where the row {@link #next} returned last started; 0 if unknown. */
  long line(JsonDocuments documents) {
    return current != null ? current.line : documents.line();
  }

  /**
   * The sampled rows (all, or an even selection of {@value #MAX_ROWS_KEPT}), for checking a plan on
   * them.
   */
  List<Variant> rows() {
    return rows;
  }

  /**
   * Drops the rows {@link #rows()} gave, once the plan is checked: a command that writes on keeps
   * only those {@link #next} replays, and the collector need not copy the sample along.
   */
  void releaseRows() {
    rows = List.of();
  }

  private void keepRow(Variant v) {
    if (seen++ % stride != 0) {
      return;
    }
    rows.add(v);
    if (rows.size() >= MAX_ROWS_KEPT) {
      List<Variant> half = new ArrayList<>(MAX_ROWS_KEPT / 2);
      for (int i = 0; i < rows.size(); i += 2) {
        half.add(rows.get(i));
      }
      rows = half;
      stride *= 2;
    }
  }

  /**
   * What was sampled, for the summary: "3000 rows, all of them", "10000 rows from 64 places ...".
   */
  String description() {
    return description;
  }

  /** Null if the inputs can be sampled across, else why not (for the description). */
  private String whyNotSpread() throws IOException {
    for (String in : inputs) {
      if (Input.STDIN.equals(in)) {
        return "stdin can be read only once";
      }
      Path p = Path.of(in);
      if (!Files.isRegularFile(p)) {
        return in + " is not a regular file";
      }
      if (Input.isGzip(p) || Input.isZstd(p)) {
        return in + " is compressed, which cannot be read from the middle";
      }
      if (firstByteIsArray(p)) {
        return in + " is one JSON array";
      }
    }
    return null;
  }

  private static boolean firstByteIsArray(Path p) throws IOException {
    try (InputStream in = new BufferedInputStream(Files.newInputStream(p))) {
      for (int b; (b = in.read()) >= 0; ) {
        if (b != ' ' && b != '\t' && b != '\n' && b != '\r' && b != 0xEF && b != 0xBB
            && b != 0xBF) { // BOM too
          return b == '[';
        }
      }
      return false;
    }
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
    while (rows == 0 || n < rows) {
      Variant v;
      try {
        v = documents.next();
      } catch (InputException e) {
        kept.add(new Kept(null, e, documents.source(), documents.line()));
        whyNotSpread = whyNotSpread + "; a bad row ended the sample";
        break;
      }
      if (v == null) {
        more = false;
        break;
      }
      inference.add(v);
      keepRow(v);
      n++;
      kept.add(new Kept(v, null, documents.source(), documents.line()));
    }
    description =
        more
            ? String.format(
                Locale.ROOT,
                "the first %d rows (%s; rows further on were not seen)",
                n,
                whyNotSpread)
            : String.format(Locale.ROOT, "all %d rows", n);
  }

  /** The spread mode; null if a sampled line is not one document. */
  private List<Variant> spread(long rows) throws IOException {
    long[] sizes = new long[inputs.size()];
    long total = 0;
    for (int i = 0; i < sizes.length; i++) {
      sizes[i] = Files.size(Path.of(inputs.get(i)));
      total += sizes[i];
    }
    long perPlace = rows == 0 ? Long.MAX_VALUE : Math.max(1, (rows + PLACES - 1) / PLACES);
    List<Variant> out = new ArrayList<>();
    boolean whole = true;
    long before = 0; // bytes of the inputs before input i
    long[] taken = new long[PLACES]; // a place that spans two inputs shares its quota between them
    for (int i = 0; i < sizes.length; i++) {
      // Place k covers bytes [ceil(k * total / PLACES), ceil((k + 1) * total / PLACES)) of the
      // inputs as if
      // concatenated; the part of a place inside input i is read from input i.
      for (int k = 0; k < PLACES; k++) {
        long from = Math.max(ceilDiv(k * total, PLACES), before) - before;
        long to = Math.min(ceilDiv((k + 1) * total, PLACES), before + sizes[i]) - before;
        if (from < to) {
          int had = out.size();
          Boolean all = readPlace(Path.of(inputs.get(i)), from, to, perPlace - taken[k], out);
          if (all == null) {
            return null;
          }
          taken[k] += out.size() - had;
          whole &= all;
        }
      }
      before += sizes[i];
    }
    description =
        whole
            ? String.format(Locale.ROOT, "all %d rows", out.size())
            : String.format(
                Locale.ROOT,
                "%d rows from %d places spread across %s",
                out.size(),
                PLACES,
                bytes(total));
    return out;
  }

  /**
   * Adds up to {@code limit} documents from the lines of {@code file} that start in [{@code from},
   * {@code to}). Returns whether every such line was read, or null if a line is not one JSON
   * document.
   */
  private Boolean readPlace(Path file, long from, long to, long limit, List<Variant> out)
      throws IOException {
    try (FileChannel ch = FileChannel.open(file)) {
      long pos = Math.max(0, from - 1);
      Lines lines = new Lines(Channels.newInputStream(ch.position(pos)));
      if (from > 0) { // skip to the first line that starts at or after from
        if (!lines.next() || !lines.newline) {
          return true;
        }
        pos += lines.length + 1;
      }
      long taken = 0;
      while (pos < to) {
        if (taken >= limit) {
          return false;
        }
        boolean any = lines.next();
        pos += lines.length + (lines.newline ? 1 : 0);
        if (!any || isBlank(lines.line, lines.length)) {
          if (!lines.newline) {
            break;
          }
          continue;
        }
        try {
          out.add(parser.parse(lines.line, 0, lines.length));
        } catch (VariantException e) {
          return null; // not one document per line (or a bad one: the stream mode reports it with
          // its line)
        }
        taken++;
        if (!lines.newline) {
          break;
        }
      }
      return true;
    }
  }

  private static boolean isBlank(byte[] line, int length) {
    for (int i = 0; i < length; i++) {
      byte x = line[i];
      if (x != ' ' && x != '\t' && x != '\r') {
        return false;
      }
    }
    return true;
  }

  /**
   * The lines of a stream, a 64 KiB chunk at a time: a sample reads up to 10,000 of them, and
   * reading byte by byte took as long as parsing them.
   */
  private static final class Lines {
    private final InputStream in;
    private final byte[] chunk = new byte[1 << 16];
    private int pos;
    private int end;
    byte[] line = new byte[256];
    int length; // of the line last read, without its '\n'
    boolean newline; // whether it ended with '\n' (else the stream ended)

    Lines(InputStream in) {
      this.in = in;
    }

    /** Reads the next line; false if the stream ended before any byte of one. */
    boolean next() throws IOException {
      length = 0;
      while (true) {
        if (pos == end) {
          end = Math.max(0, in.read(chunk));
          pos = 0;
          if (end == 0) {
            newline = false;
            return length > 0;
          }
        }
        int i = pos;
        while (i < end && chunk[i] != '\n') {
          i++;
        }
        if (length + i - pos > line.length) {
          line = Arrays.copyOf(line, Math.max(2 * line.length, length + i - pos));
        }
        System.arraycopy(chunk, pos, line, length, i - pos);
        length += i - pos;
        if (i < end) {
          pos = i + 1;
          newline = true;
          return true;
        }
        pos = end;
      }
    }
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  private static String bytes(long n) {
    return n < 1 << 20
        ? String.format(Locale.ROOT, "%.1f KB", n / 1024.0)
        : String.format(Locale.ROOT, "%.1f MB", n / 1048576.0);
  }
}
