// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import io.variant.core.internal.ExclusiveUse;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A reusable JSON-to-Variant parser for engines that encode many rows: one document per call, with
 * the same rules and errors as {@link VariantJson#parse(byte[], JsonOptions)}, but its builder,
 * buffers and key cache are kept from row to row, so that a repeated key is encoded once per parser
 * rather than once per row.
 *
 * <pre>{@code
 * JsonRowParser rows = VariantJson.rowParser();
 * for (byte[] line : lines) {
 *   Variant v = rows.parse(line); // a finished, independent Variant
 * }
 * }</pre>
 *
 * <p>Each call makes one pass over the bytes straight into the builder ({@code JsonBytesParser});
 * documents it does not take (and every malformed one) are parsed again by the jackson path, which
 * reports the error. The returned Variants own their bytes: nothing is shared with later calls.
 *
 * <p><b>Thread safety:</b> none; use one parser per thread (a {@code ThreadLocal}, or one per
 * worker). A call made while another is inside the same parser, from another thread or from this
 * one, fails at once with {@link java.util.ConcurrentModificationException} ({@link ExclusiveUse})
 * before it touches the parser's buffers, so the other call's row is unaffected.
 */
public final class JsonRowParser {
  private final JsonOptions options;
  private final VariantBuilder builder;
  private final JsonBytesParser fast = new JsonBytesParser();
  private TextToUtf8 text; // parse(String)'s UTF-8, made on its first call
  private final boolean once; // one document, then dropped: results take the builder's buffer
  private final ExclusiveUse use =
      new ExclusiveUse("JsonRowParser", "make one per thread with VariantJson.rowParser()");

  /** {@code dictionary}: the keys rows resolve against first, or null for a fresh one per row. */
  JsonRowParser(JsonOptions options, VariantMetadata dictionary) {
    this(options, dictionary, false);
  }

  /**
   * A parser for one document of about {@code inputLength} bytes or chars, dropped after it: its
   * buffer is made that large at once (a value is rarely much larger than its JSON) and handed to
   * the result, where a reused parser would grow it step by step and copy it out.
   */
  static JsonRowParser forOneDocument(JsonOptions options, int inputLength) {
    JsonRowParser p = new JsonRowParser(options, null, true);
    // + a little: a document that is one long string needs its quotes' room back for the header,
    // and growing a large buffer for those few bytes would copy all of it.
    p.builder.reserve((int) Math.min(inputLength + 16L, options.limits().maxValueBytes()));
    return p;
  }

  private JsonRowParser(JsonOptions options, VariantMetadata dictionary, boolean once) {
    this.once = once;
    if (options == null) {
      throw new NullPointerException("options");
    }
    this.options = options;
    this.builder =
        dictionary == null
            ? new VariantBuilder(options.builderOptions())
            : VariantBuilder.withMetadata(dictionary, options.builderOptions());
  }

  /** The options this parser applies. */
  public JsonOptions options() {
    return options;
  }

  /**
   * Parses one JSON document given as UTF-8 bytes (a byte order mark is skipped). Columns in errors
   * count bytes.
   *
   * @throws VariantJsonException if the bytes are not valid UTF-8 or not one valid JSON value, have
   *     a duplicate key under {@code REJECT}, or nest deeper than the limit
   * @throws io.variant.core.VariantLimitException if the value would exceed the size limit
   * @throws java.util.ConcurrentModificationException if another call is inside this parser
   */
  public Variant parse(byte[] utf8) {
    return parse(utf8, 0, utf8.length);
  }

  /** {@link #parse(byte[])} over {@code length} bytes from {@code offset}. */
  public Variant parse(byte[] utf8, int offset, int length) {
    if (offset < 0 || length < 0 || offset + length > utf8.length) {
      throw new IndexOutOfBoundsException(
          "range [" + offset + ", " + offset + "+" + length + ") outside " + utf8.length);
    }
    use.enter();
    try {
      return parseBytes(utf8, offset, length);
    } finally {
      use.exit();
    }
  }

  private Variant parseBytes(byte[] utf8, int offset, int length) {
    builder.reset();
    if (fast.parse(utf8, offset, length, false, builder, options.limits().maxDepth())) {
      return finish();
    }
    builder.reset();
    Utf8Input.requireValid(utf8, offset, length);
    try (JsonParser parser =
        VariantJson.factory(options.limits()).createParser(utf8, offset, length)) {
      return VariantJson.parseDocument(parser, builder, options);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot parse JSON: in-memory input failed", e); // jackson errors are translated
    }
  }

  /**
   * Parses one JSON document given as text. Columns in errors count chars.
   *
   * @throws VariantJsonException as {@link #parse(byte[])}, and for unpaired surrogates
   */
  public Variant parse(String json) {
    use.enter();
    try {
      return parseText(json);
    } finally {
      use.exit();
    }
  }

  private Variant parseText(String json) {
    builder.reset();
    if (text == null) {
      text = new TextToUtf8(once ? TextToUtf8.capacityFor(json.length()) : TextToUtf8.CHUNK);
    }
    if (text.encode(json)
        && fast.parse(text.bytes(), 0, text.length(), true, builder, options.limits().maxDepth())) {
      return finish();
    }
    builder.reset();
    try (JsonParser parser = VariantJson.factory(options.limits()).createParser(json)) {
      return VariantJson.parseDocument(parser, builder, options);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot parse JSON: in-memory input failed", e);
    }
  }

  private Variant finish() {
    return once ? builder.buildOnce() : builder.build();
  }
}
