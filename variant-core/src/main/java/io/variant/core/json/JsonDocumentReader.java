// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.internal.ExclusiveUse;
import java.io.Closeable;
import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.io.UncheckedIOException;

/**
 * Reads a stream of JSON documents, one Variant each, in one of two shapes chosen by the first
 * non-blank character:
 *
 * <ul>
 *   <li>anything but {@code [}: documents separated by whitespace, such as NDJSON (one per line;
 *       blank lines are skipped) or concatenated documents ({@code {"a":1}{"a":2}});
 *   <li>{@code [}: one top-level JSON array whose elements are the documents. So a stream that
 *       holds exactly one array is an array of documents, and NDJSON whose first line is an array
 *       is read as an array followed by unexpected content (an error).
 * </ul>
 *
 * <pre>{@code
 * try (JsonDocumentReader in = new JsonDocumentReader(reader, JsonOptions.defaults())) {
 *   for (Variant v = in.next(); v != null; v = in.next()) {
 *     System.out.println(in.line() + ": " + VariantJson.toJson(v));
 *   }
 * }
 * }</pre>
 *
 * <p><b>Errors:</b> a malformed document throws {@link VariantJsonException} with its line and
 * column; the reader cannot continue after that. Decoding is the {@link Reader}'s job: to reject
 * invalid UTF-8 instead of replacing it with U+FFFD, pass {@code new InputStreamReader(in,
 * StandardCharsets.UTF_8.newDecoder())}; its errors are then reported as {@link
 * VariantJsonException} too, at the position where jackson last filled its buffer (a decoder
 * reports no position of its own), and possibly before documents that precede the bad bytes within
 * that buffer. A leading byte order mark (U+FEFF) is skipped.
 *
 * <p><b>Thread safety:</b> none; one reader serves one thread. A call made while another is inside
 * the same reader fails at once with {@link java.util.ConcurrentModificationException} ({@link
 * ExclusiveUse}) before it reads, so the other call's document is unaffected.
 */
public final class JsonDocumentReader implements Closeable {
  private static final int BYTE_ORDER_MARK = '\uFEFF';

  private final PushbackReader in;
  private final JsonParser parser;
  private final JsonOptions options;
  private VariantBuilder builder; // for next(); reused, since build() copies the bytes out
  private final ExclusiveUse use = new ExclusiveUse("JsonDocumentReader", "use one per thread");
  private boolean started;
  private boolean arrayOfDocuments;
  private boolean finished;
  private boolean failed;
  private long line;
  private long column;

  /**
   * A reader of the documents in {@code in}, which {@link #close()} closes. Reads nothing yet.
   *
   * @throws NullPointerException if either argument is null
   */
  public JsonDocumentReader(Reader in, JsonOptions options) {
    if (in == null || options == null) {
      throw new NullPointerException("in and options must not be null");
    }
    this.in = new PushbackReader(in, 1);
    this.options = options;
    try {
      this.parser = VariantJson.factory(options.limits()).createParser(this.in);
    } catch (
        IOException e) { // jackson declares it, but creating a parser over a Reader reads nothing
      throw new UncheckedIOException("Cannot create a JSON parser", e);
    }
  }

  /**
   * The next document, or {@code null} after the last one.
   *
   * @throws VariantJsonException if the document is malformed (see {@link VariantJson#parse(String,
   *     JsonOptions)}), or content follows a top-level array of documents
   * @throws IOException if the underlying reader fails
   * @throws IllegalStateException if an earlier call failed
   */
  public Variant next() throws IOException {
    if (builder == null) {
      builder = new VariantBuilder(options.builderOptions());
    }
    return next(builder);
  }

  /**
   * The next document built by {@code into}, which this method resets first (its seed dictionary,
   * if any, stays); {@code null} after the last one. Duplicate keys follow {@code into}'s options.
   *
   * @throws VariantJsonException if the document is malformed
   * @throws IOException if the underlying reader fails
   * @throws IllegalStateException if an earlier call failed
   * @throws java.util.ConcurrentModificationException if another call is inside this reader
   */
  public Variant next(VariantBuilder into) throws IOException {
    use.enter();
    try {
      return read(into);
    } finally {
      use.exit();
    }
  }

  private Variant read(VariantBuilder into) throws IOException {
    if (failed) {
      throw new IllegalStateException(
          "Cannot read on: the document at line " + line + " failed to parse");
    }
    if (finished) {
      return null;
    }
    boolean ok = false;
    try {
      JsonToken token = advance();
      if (token == null) {
        finished = true;
        ok = true;
        return null;
      }
      JsonLocation start = parser.currentTokenLocation();
      line = start.getLineNr();
      column = start.getColumnNr();
      into.reset();
      JsonToVariant.append(parser, into, options);
      Variant v = into.build();
      ok = true;
      return v;
    } finally {
      failed = !ok;
    }
  }

  /** Moves to the first token of the next document; null at the end. */
  private JsonToken advance() throws IOException {
    boolean first = !started;
    if (first) {
      started = true;
      int c = in.read();
      if (c >= 0 && c != BYTE_ORDER_MARK) {
        in.unread(c);
      }
    }
    JsonToken token = JsonToVariant.nextToken(parser);
    if (first && token == JsonToken.START_ARRAY) {
      arrayOfDocuments = true;
      token = JsonToVariant.nextToken(parser);
    }
    if (arrayOfDocuments && token == JsonToken.END_ARRAY) {
      JsonToken after = JsonToVariant.nextToken(parser);
      if (after != null) {
        throw VariantJsonException.at(
            parser.currentTokenLocation(),
            "expected the end of the input after the top-level array of documents, found "
                + VariantJson.describe(after),
            null);
      }
      return null;
    }
    return token;
  }

  /** 1-based line where the document last returned by {@code next} starts; 0 before the first. */
  public long line() {
    return line;
  }

  /**
   * 1-based column (in characters) where the document last returned by {@code next} starts; 0
   * before the first.
   */
  public long column() {
    return column;
  }

  /** Closes the parser and the underlying reader. */
  @Override
  public void close() throws IOException {
    parser.close();
    in.close();
  }
}
