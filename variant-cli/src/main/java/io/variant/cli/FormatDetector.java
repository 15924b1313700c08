// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.internal.NdjsonLines;
import io.variant.core.json.JsonDocumentReader;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.Utf8Reader;
import io.variant.core.json.VariantJson;
import io.variant.core.json.VariantJsonException;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * Decides {@link InputFormat#AUTO} for one input, from its name and its first line (peeked: the
 * stream is reset afterwards):
 *
 * <ol>
 *   <li>{@code *.ndjson}, {@code *.jsonl}, {@code *.ldjson} (also compressed): NDJSON.
 *   <li>The first non-blank line is one whole JSON value, whatever its type: NDJSON. So NDJSON
 *       whose rows are arrays is read row by row, and a one-line {@code [1,2]} is one row.
 *   <li>The first line starts a value that goes on over later lines (a pretty-printed array of
 *       documents, or pretty-printed documents one after another), or holds several whole values
 *       one after another (documents without line breaks between them): JSON.
 *   <li>The first line is malformed (or over a limit): NDJSON, so it is reported, or skipped, as
 *       that line.
 * </ol>
 *
 * A minified array of documents on one line is thus one row that holds an array; {@code
 * --input-format json} reads its elements as the documents.
 */
final class FormatDetector {
  /**
   * How far to look for the end of the first line; a longer first line decides by its first byte.
   */
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

  /**
   * Why {@code in} is read as JSON rather than NDJSON under {@link InputFormat#AUTO}: {@code NAME
   * is one JSON array} or {@code NAME's documents span lines}; {@code null} if it is read as
   * NDJSON. Reads past the peeked line when the input is JSON.
   */
  static String whyJson(String name, BufferedInputStream in) throws IOException {
    if (detect(name, in) != InputFormat.JSON) {
      return null;
    }
    return name + (startsWithArray(in) ? " is one JSON array" : "'s documents span lines");
  }

  /** The first bytes: up to the end of the first non-blank line. */
  private static byte[] peek(BufferedInputStream in) throws IOException {
    ByteArrayOutputStream seen = new ByteArrayOutputStream();
    boolean inLine = false;
    for (int b; seen.size() < PEEK_BYTES - 1 && (b = in.read()) >= 0; ) {
      seen.write(b);
      if (!inLine && !isBlank(b)) {
        inLine = true;
      } else if (inLine && b == NdjsonLines.END) {
        break;
      }
    }
    return seen.toByteArray();
  }

  private static InputFormat decide(byte[] head) {
    int start = NdjsonLines.textStart(head, 0, head.length, true); // past a byte order mark
    while (start < head.length && isBlank(head[start])) {
      start++;
    }
    if (start == head.length) {
      return InputFormat.NDJSON; // empty or blank: either reads no documents
    }
    int end = start;
    while (end < head.length && head[end] != NdjsonLines.END) {
      end++;
    }
    if (end == head.length && head.length >= PEEK_BYTES - 1) {
      return head[start] == '['
          ? InputFormat.JSON
          : InputFormat.NDJSON; // a huge first line: its first byte decides
    }
    byte[] line = Arrays.copyOfRange(head, start, end);
    try {
      VariantJson.parse(line);
      return InputFormat.NDJSON;
    } catch (VariantJsonException e) {
      return e.getMessage().contains("end-of-input") || isDocumentStream(line)
          ? InputFormat.JSON
          : InputFormat.NDJSON;
    } catch (RuntimeException e) { // a limit, say: the line is a value, so it is NDJSON
      return InputFormat.NDJSON;
    }
  }

  /**
   * Whether {@code line} holds whole JSON values one after another (the last may go on over later
   * lines), as documents written without line breaks between them: not one value, and not
   * malformed.
   */
  private static boolean isDocumentStream(byte[] line) {
    try (JsonDocumentReader documents =
        new JsonDocumentReader(
            new Utf8Reader(new ByteArrayInputStream(line)), JsonOptions.defaults())) {
      int values = 0;
      try {
        while (documents.next() != null) {
          values++;
        }
      } catch (VariantJsonException e) {
        return values > 0 && e.getMessage().contains("end-of-input");
      }
      return values > 1;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Whether the first byte after blanks and a byte order mark is '['. */
  static boolean startsWithArray(InputStream in) throws IOException {
    for (int b; (b = in.read()) >= 0; ) {
      if (b != ' ' && b != '\t' && b != '\n' && b != '\r' && b != 0xEF && b != 0xBB && b != 0xBF) {
        return b == '[';
      }
    }
    return false;
  }

  private static boolean isBlank(int b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\n';
  }
}
