package io.variant.cli;

import io.variant.core.json.VariantJson;
import io.variant.core.json.VariantJsonException;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;

/**
 * Decides {@link InputFormat#AUTO} for one input, from its name and its first line (peeked: the stream is
 * reset afterwards):
 *
 * <ol>
 *   <li>{@code *.ndjson}, {@code *.jsonl}, {@code *.ldjson} (also compressed): NDJSON.
 *   <li>The first non-blank line is one whole JSON value: NDJSON, unless that value is an array and nothing
 *       follows it (a file that holds one array is an array of documents). So NDJSON whose rows are arrays
 *       is read row by row, and a pretty-printed array of documents as documents.
 *   <li>The first line is the start of a longer value ({@code [} or <code>{</code> continued on later lines): JSON.
 *   <li>The first line is malformed: NDJSON (it is reported, or skipped, as that line), unless it starts
 *       with {@code [}.
 * </ol>
 *
 * A one-line {@code [1,2]} alone is thus two documents; name the file {@code .ndjson} or pass {@code
 * --input-format ndjson} to read it as one.
 */
final class FormatDetector {
  /** How far to look for the end of the first line; a longer first line decides by its first byte. */
  static final int PEEK_BYTES = 8 << 20;

  private FormatDetector() {}

  static InputFormat detect(String name, BufferedInputStream in) throws IOException {
    String base = name.toLowerCase(Locale.ROOT).replaceFirst("\\.(gz|zst)$", "");
    if (base.endsWith(".ndjson") || base.endsWith(".jsonl") || base.endsWith(".ldjson")) {
      return InputFormat.NDJSON;
    }
    in.mark(PEEK_BYTES);
    try {
      return decide(peek(in));
    } finally {
      in.reset();
    }
  }

  /** The first bytes: up to the end of the first non-blank line and the first non-blank byte after it. */
  private static byte[] peek(BufferedInputStream in) throws IOException {
    ByteArrayOutputStream seen = new ByteArrayOutputStream();
    boolean inLine = false;
    boolean lineEnded = false;
    for (int b; seen.size() < PEEK_BYTES - 1 && (b = in.read()) >= 0; ) {
      seen.write(b);
      if (lineEnded && !isBlank(b)) {
        break; // something follows the first line
      }
      if (!inLine && !isBlank(b)) {
        inLine = true;
      } else if (inLine && b == '\n') {
        lineEnded = true;
      }
    }
    return seen.toByteArray();
  }

  private static InputFormat decide(byte[] head) {
    int start = 0;
    if (head.length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF) {
      start = 3; // UTF-8 byte order mark
    }
    while (start < head.length && isBlank(head[start])) {
      start++;
    }
    if (start == head.length) {
      return InputFormat.NDJSON; // empty or blank: either reads no documents
    }
    boolean array = head[start] == '[';
    int end = start;
    while (end < head.length && head[end] != '\n') {
      end++;
    }
    boolean followed = false;
    for (int i = end; i < head.length; i++) {
      followed |= !isBlank(head[i]);
    }
    if (end == head.length && head.length >= PEEK_BYTES - 1) {
      return array ? InputFormat.JSON : InputFormat.NDJSON; // a huge first line: its first byte decides
    }
    try {
      VariantJson.parse(Arrays.copyOfRange(head, start, end));
      return array && !followed ? InputFormat.JSON : InputFormat.NDJSON;
    } catch (VariantJsonException e) {
      boolean incomplete = e.getMessage().contains("end-of-input");
      return incomplete || array ? InputFormat.JSON : InputFormat.NDJSON;
    } catch (RuntimeException e) { // a limit, say: the line is a value, so it is NDJSON
      return InputFormat.NDJSON;
    }
  }

  private static boolean isBlank(int b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\n';
  }
}
