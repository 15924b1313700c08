package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.VariantJson;
import io.variant.shredding.infer.PlanInference;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rows a plan is inferred from, and then every row of the input for the command that writes it: one
 * sampling procedure for {@code variant plan} and {@code variant convert}, so that both infer the same plan
 * from the same input.
 *
 * <ul>
 *   <li><b>Spread</b>: when every input is a plain (not gzip) file whose first document is not a JSON array,
 *       {@value #PLACES} places at even byte offsets across the inputs each give {@code N / }{@value #PLACES}
 *       consecutive lines (a place starts at the first line beginning at or after its offset and stops at
 *       the next place). A file smaller than N lines is thus read whole; a log whose ids, times or types
 *       drift is seen from start to end. Each line must hold one document; if a sampled line does not,
 *       sampling starts again in the stream mode.
 *   <li><b>Stream</b>: stdin, gzip and JSON-array inputs can only be read once, in order, so the sample is
 *       their first N documents, and {@link #description()} says so. {@link #next()} then returns those
 *       documents again (they are kept in memory) before the rest.
 * </ul>
 *
 * Not thread-safe; close it to close the inputs.
 */
final class PlanSample implements Closeable {
  /** Documents sampled by default, by {@code plan} and {@code convert} alike. */
  static final long DEFAULT_ROWS = 10_000;
  /** Places a spread sample reads from: enough to see a drift along the file, few enough to seek cheaply. */
  static final int PLACES = 64;

  private final VariantCli cli;
  private final List<String> inputs;
  /** Most sampled rows kept for {@link #rows()}: past it every other one is dropped, evenly. */
  static final int MAX_ROWS_KEPT = 20_000;

  private final ArrayDeque<Kept> kept = new ArrayDeque<>();
  private List<Variant> rows = new ArrayList<>(); // sampled rows, evenly thinned to MAX_ROWS_KEPT
  private long stride = 1;
  private long seen;
  private JsonDocuments documents; // stream mode: after the kept rows; spread mode: opened by next()
  private String description;
  private Kept current;

  private record Kept(Variant value, String source, long line) {}

  private PlanSample(VariantCli cli, List<String> inputs) {
    this.cli = cli;
    this.inputs = List.copyOf(inputs);
  }

  /**
   * Samples {@code rows} documents of {@code inputs} (0: all) into {@code inference}.
   *
   * @param keep whether {@link #next()} will be called: in the stream mode the sampled rows are then kept
   * @throws InputException if an input is missing, unreadable or malformed
   */
  static PlanSample take(VariantCli cli, List<String> inputs, long rows, PlanInference inference, boolean keep)
      throws IOException {
    PlanSample s = new PlanSample(cli, inputs);
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
    s.stream(rows, inference, keep, whyNot);
    return s;
  }

  /** No sample: {@link #next()} reads the inputs from the start (for a plan given by the user). */
  static PlanSample none(VariantCli cli, List<String> inputs) {
    PlanSample s = new PlanSample(cli, inputs);
    s.description = "no rows";
    return s;
  }

  /** The sampled rows (all, or an even selection of {@value #MAX_ROWS_KEPT}), for checking a plan on them. */
  List<Variant> rows() {
    return rows;
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

  /** What was sampled, for the summary: "3000 rows, all of them", "10000 rows from 64 places ...". */
  String description() {
    return description;
  }

  /**
   * The next document of the inputs, from the first, or {@code null} after the last. In the stream mode
   * this starts with the sampled documents.
   */
  Variant next() throws IOException {
    current = kept.poll();
    if (current != null) {
      return current.value;
    }
    if (documents == null) {
      documents = new JsonDocuments(cli, inputs, JsonOptions.defaults(), JsonDocuments::withoutHints);
    }
    return documents.next();
  }

  /** The input of the document {@link #next()} returned last, as messages name it. */
  String source() {
    return current != null ? current.source : documents == null ? null : documents.source();
  }

  /** 1-based line where the document {@link #next()} returned last started; 0 if unknown. */
  long line() {
    return current != null ? current.line : documents == null ? 0 : documents.line();
  }

  @Override
  public void close() throws IOException {
    if (documents != null) {
      documents.close();
    }
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
      if (Input.isGzip(p)) {
        return in + " is gzip, which cannot be read from the middle";
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
        if (b != ' ' && b != '\t' && b != '\n' && b != '\r' && b != 0xEF && b != 0xBB && b != 0xBF) { // BOM too
          return b == '[';
        }
      }
      return false;
    }
  }

  /** The stream mode: the first {@code rows} documents, in order. */
  private void stream(long rows, PlanInference inference, boolean keep, String whyNotSpread) throws IOException {
    documents = new JsonDocuments(cli, inputs, JsonOptions.defaults(), JsonDocuments::withoutHints);
    long n = 0;
    boolean more = true;
    while (rows == 0 || n < rows) {
      Variant v = documents.next();
      if (v == null) {
        more = false;
        break;
      }
      inference.add(v);
      keepRow(v);
      n++;
      if (keep) {
        kept.add(new Kept(v, documents.source(), documents.line()));
      }
    }
    description = more
        ? String.format(Locale.ROOT, "the first %d rows (%s; rows further on were not seen)", n, whyNotSpread)
        : String.format(Locale.ROOT, "all %d rows", n);
    if (!keep) {
      documents.close();
      documents = null;
    }
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
      // Place k covers bytes [ceil(k * total / PLACES), ceil((k + 1) * total / PLACES)) of the inputs as if
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
    description = whole
        ? String.format(Locale.ROOT, "all %d rows", out.size())
        : String.format(Locale.ROOT, "%d rows from %d places spread across %s", out.size(), PLACES, bytes(total));
    return out;
  }

  /**
   * Adds up to {@code limit} documents from the lines of {@code file} that start in [{@code from}, {@code
   * to}). Returns whether every such line was read, or null if a line is not one JSON document.
   */
  private Boolean readPlace(Path file, long from, long to, long limit, List<Variant> out) throws IOException {
    try (FileChannel ch = FileChannel.open(file)) {
      long pos = Math.max(0, from - 1);
      InputStream in = new BufferedInputStream(Channels.newInputStream(ch.position(pos)), 1 << 16);
      if (from > 0) { // skip to the first line that starts at or after from
        for (int b; ; ) {
          b = in.read();
          pos++;
          if (b < 0) {
            return true;
          }
          if (b == '\n') {
            break;
          }
        }
      }
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      long taken = 0;
      while (pos < to) {
        if (taken >= limit) {
          return false;
        }
        line.reset();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
          line.write(b);
        }
        pos += line.size() + (b < 0 ? 0 : 1);
        if (isBlank(line)) {
          if (b < 0) {
            break;
          }
          continue;
        }
        try {
          out.add(VariantJson.parse(line.toByteArray()));
        } catch (VariantException e) {
          return null; // not one document per line (or a bad one: the stream mode reports it with its line)
        }
        taken++;
        if (b < 0) {
          break;
        }
      }
      return true;
    }
  }

  private static boolean isBlank(ByteArrayOutputStream line) {
    byte[] b = line.toByteArray();
    for (byte x : b) {
      if (x != ' ' && x != '\t' && x != '\r') {
        return false;
      }
    }
    return true;
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  private static String bytes(long n) {
    return n < 1 << 20 ? String.format(Locale.ROOT, "%.1f KB", n / 1024.0) : String.format(Locale.ROOT, "%.1f MB", n / 1048576.0);
  }
}
