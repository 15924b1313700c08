// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.CharBuffer;

/**
 * JSON to Variant and back: the library's only use of jackson-core, through one shared {@link
 * JsonFactory} whose nesting and string limits come from {@link Limits}.
 *
 * <pre>{@code
 * Variant v = VariantJson.parse("{\"price\": 1.50, \"qty\": 3, \"ratio\": 1e2}");
 * v.field("price").type();        // DECIMAL4, scale 2
 * v.field("qty").type();          // INT8
 * v.field("ratio").type();        // DOUBLE
 * VariantJson.toJson(v);          // {"price":1.50,"qty":3,"ratio":100.0}
 * }</pre>
 *
 * <p><b>Reading</b> (the spec leaves JSON to implementations): integer literals become the smallest
 * of int8, int16, int32 and int64; integers beyond int64 and literals with a fraction but no
 * exponent become the smallest decimal holding max(precision, scale) when that is at most 38
 * ({@code "1.50"} keeps scale 2), else a double; literals with an exponent become doubles. A
 * negative zero with a fraction or exponent ({@code -0.0}, {@code -0e0}) becomes the double -0.0,
 * since decimals have no negative zero ({@code -0} is the integer 0). A literal that is not zero
 * but whose magnitude is outside the double range is an error at either end ({@code 1e400}, {@code
 * 1e-400}), rather than an infinity or a zero; subnormal doubles ({@code 4.9e-324}) are in range.
 * Strings and keys must be valid Unicode (no unpaired surrogates). Duplicate keys follow {@link
 * JsonOptions#duplicateKeys()}.
 *
 * <p><b>Writing:</b> integers plainly; decimals with all their scale digits and no exponent; floats
 * and doubles with their shortest round-trip digits, always with a fraction or exponent ({@code
 * 1.0}, {@code 1.0E10}, {@code -0.0}); NaN and infinities as the strings {@code "NaN"}, {@code
 * "Infinity"}, {@code "-Infinity"}; dates and timestamps as ISO-8601 strings, a timestamp as {@code
 * Instant.toString()} prints it (the fraction in groups of three digits, as many as the value
 * needs: {@code 2024-03-01T09:30:00Z}, {@code ...:00.125Z}, {@code ...:00.000001Z}; UTC as {@code
 * Z}, no zone for {@code timestamp_ntz}); times of day with every digit of their unit; binary as a
 * base64 string; UUIDs in lower case; objects in stored (key) order. {@code
 * toJson(parse(toJson(parse(s))))} equals {@code toJson(parse(s))} for every JSON text {@code s}.
 *
 * <p><b>Errors:</b> malformed or unrepresentable JSON throws {@link VariantJsonException} with line
 * and column, nesting beyond {@link Limits#maxDepth()} included. Rendering throws {@link
 * io.variant.core.VariantFormatException} for malformed Variant bytes and {@link
 * io.variant.core.VariantLimitException} past the depth limit, past {@link Limits#maxExpansion()}
 * times the value's encoded size in work, or past {@link Limits#maxValueBytes()} characters of
 * output (offsets may share sub-values, so a small forged value that passes {@code validate()}
 * would otherwise expand without bound).
 *
 * <p><b>Thread safety:</b> all methods are safe to call from any thread.
 */
public final class VariantJson {
  private static final JsonFactory DEFAULT_FACTORY = newFactory(Limits.defaults());
  private static volatile FactoryFor lastCustom;

  /** Inputs above this size get a parser of their own, so that no thread keeps their buffers. */
  private static final int REUSE_BELOW_BYTES = 1 << 20;

  private static final ThreadLocal<JsonRowParser> DEFAULT_ROWS =
      ThreadLocal.withInitial(() -> new JsonRowParser(JsonOptions.defaults(), null));

  private VariantJson() {}

  /**
   * Parses one JSON document with {@link JsonOptions#defaults()}.
   *
   * @throws VariantJsonException if the text is not one valid JSON value (trailing content
   *     included)
   */
  public static Variant parse(String json) {
    return parse(json, JsonOptions.defaults());
  }

  /**
   * Parses one JSON document.
   *
   * @throws VariantJsonException if the text is not one valid JSON value (trailing content
   *     included), has a duplicate key under {@code REJECT}, or nests deeper than the limit
   * @throws io.variant.core.VariantLimitException if the value would exceed {@link
   *     Limits#maxValueBytes()}
   */
  public static Variant parse(String json, JsonOptions options) {
    return rowParserFor(options, json.length()).parse(json);
  }

  /**
   * Parses one JSON document given as UTF-8 bytes (a byte order mark is skipped), with {@link
   * JsonOptions#defaults()}. Columns in errors count bytes.
   *
   * @throws VariantJsonException if the bytes are not valid UTF-8 or not one valid JSON value
   */
  public static Variant parse(byte[] utf8) {
    return parse(utf8, JsonOptions.defaults());
  }

  /**
   * {@link #parse(byte[])} with options; see {@link #parse(String, JsonOptions)} for the errors.
   */
  public static Variant parse(byte[] utf8, JsonOptions options) {
    return rowParserFor(options, utf8.length).parse(utf8);
  }

  /**
   * A reusable parser with {@link JsonOptions#defaults()}, for encoding many rows: it keeps its
   * buffers and key cache from one document to the next. Not thread-safe.
   */
  public static JsonRowParser rowParser() {
    return new JsonRowParser(JsonOptions.defaults(), null);
  }

  /** {@link #rowParser()} with options. */
  public static JsonRowParser rowParser(JsonOptions options) {
    return new JsonRowParser(options, null);
  }

  /**
   * {@link #rowParser(JsonOptions)} whose rows resolve their keys against {@code dictionary} (see
   * {@link VariantBuilder#withMetadata}): a row that uses none but its keys carries {@code
   * dictionary} itself as its metadata, any other a fresh sorted dictionary of its keys and the
   * row's. For writers that take rows over their own dictionary as they are, without re-basing each
   * (e.g. {@code VariantParquetWriter.metadata(column)}).
   */
  public static JsonRowParser rowParser(JsonOptions options, VariantMetadata dictionary) {
    if (dictionary == null) {
      throw new NullPointerException("dictionary");
    }
    return new JsonRowParser(options, dictionary);
  }

  /** This thread's parser for the default options and inputs up to 1 MiB; otherwise a new one. */
  private static JsonRowParser rowParserFor(JsonOptions options, int inputLength) {
    if (options.equals(JsonOptions.defaults()) && inputLength < REUSE_BELOW_BYTES) {
      return DEFAULT_ROWS.get();
    }
    return JsonRowParser.forOneDocument(options, inputLength);
  }

  /**
   * The jackson path: one document from {@code parser} into {@code builder} (reset), nothing after
   * it.
   */
  static Variant parseDocument(JsonParser parser, VariantBuilder builder, JsonOptions options)
      throws IOException {
    JsonToVariant.append(parser, builder, options);
    JsonToken extra = JsonToVariant.nextToken(parser);
    if (extra != null) {
      throw VariantJsonException.at(
          parser.currentTokenLocation(),
          "expected the end of the input after the document, found " + describe(extra),
          null);
    }
    return builder.build();
  }

  static String describe(JsonToken token) {
    return token.asString() != null ? "'" + token.asString() + "'" : "another value";
  }

  /**
   * Appends the JSON value at the parser's position to {@code into}, so that callers can stream
   * documents and seed the builder's dictionary ({@link VariantBuilder#withMetadata}). The value is
   * the parser's current token, or the next one if the parser has no current token yet or is on a
   * field name. On return the parser is on the value's last token (a scalar or the closing
   * bracket), as with jackson's {@code readValueAsTree}; call {@code nextToken()} before the next
   * value. Nothing after the value is read.
   *
   * <p>Duplicate keys follow {@code into}'s own {@link io.variant.core.BuilderOptions} (build it
   * with {@link JsonOptions#builderOptions()} to match {@code options}); a duplicate it rejects is
   * reported as a {@link VariantJsonException} at the object's closing brace. {@code options} gives
   * the depth limit.
   *
   * @throws VariantJsonException for malformed JSON, unpaired surrogates, duplicate keys or nesting
   *     deeper than {@link Limits#maxDepth()} levels below the value
   * @throws IOException if the parser's input fails
   */
  public static void parse(JsonParser parser, VariantBuilder into, JsonOptions options)
      throws IOException {
    JsonToVariant.append(parser, into, options);
  }

  /**
   * Renders {@code v} as compact JSON (see the class comment for each type's form) with {@link
   * Limits#defaults()}.
   *
   * @throws io.variant.core.VariantFormatException if the Variant's bytes are malformed
   * @throws io.variant.core.VariantLimitException past the depth limit, past {@link
   *     Limits#maxExpansion()} times the value's encoded size in work (offsets that share
   *     sub-values), or past {@link Limits#maxValueBytes()} characters of output
   */
  public static String toJson(Variant v) {
    return toJson(v, Limits.defaults());
  }

  /** {@link #toJson(Variant)} with explicit depth, expansion and output-length limits. */
  public static String toJson(Variant v, Limits limits) {
    StringWriter out = new StringWriter();
    try {
      writeJson(v, out, limits);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot render JSON: in-memory output failed", e); // StringWriter never fails
    }
    return out.toString();
  }

  /**
   * Writes {@code v} as one JSON value through a caller's generator (which must write JSON text:
   * numbers and literals are written raw), with {@link Limits#defaults()}. The generator is neither
   * flushed nor closed.
   *
   * @throws IOException if the generator's output fails
   */
  public static void writeJson(Variant v, JsonGenerator gen) throws IOException {
    VariantToJson.write(v, gen, Limits.defaults());
  }

  /** {@link #writeJson(Variant, JsonGenerator)} with explicit depth and output-length limits. */
  public static void writeJson(Variant v, JsonGenerator gen, Limits limits) throws IOException {
    VariantToJson.write(v, gen, limits);
  }

  /**
   * Appends {@code v} as compact JSON to {@code out} (a {@link Writer}, {@link StringBuilder}, …),
   * with {@link Limits#defaults()}. All of the text reaches {@code out} before this returns; {@code
   * out} is neither flushed nor closed.
   *
   * @throws IOException if {@code out} fails
   */
  public static void writeJson(Variant v, Appendable out) throws IOException {
    writeJson(v, out, Limits.defaults());
  }

  /** {@link #writeJson(Variant, Appendable)} with explicit depth and output-length limits. */
  public static void writeJson(Variant v, Appendable out, Limits limits) throws IOException {
    Writer writer = out instanceof Writer ? (Writer) out : new AppendableWriter(out);
    try (JsonGenerator gen =
        factory(limits).createGenerator(writer)) { // closing empties jackson's buffer into out
      VariantToJson.write(v, gen, limits);
    }
  }

  /**
   * The shared factory for the default limits; for other limits, the last one built, or a new one.
   */
  static JsonFactory factory(Limits limits) {
    if (limits.equals(Limits.defaults())) {
      return DEFAULT_FACTORY;
    }
    FactoryFor last = lastCustom; // one volatile read: the pair is consistent
    if (last == null || !last.limits.equals(limits)) {
      last = new FactoryFor(limits, newFactory(limits)); // a race only builds an extra factory
      lastCustom = last;
    }
    return last.factory;
  }

  /**
   * A factory and the limits it was built from; callers with custom limits usually reuse one set.
   */
  private record FactoryFor(Limits limits, JsonFactory factory) {}

  private static JsonFactory newFactory(Limits limits) {
    // Two more levels than ours, so that our own check always fires first, with the location and
    // the limit as the caller set it: one for the array that holds the documents of a
    // JsonDocumentReader, one for the container whose start our check refuses (jackson counts it
    // as soon as it reads it, before we see the token).
    int nesting =
        limits.maxDepth() >= Integer.MAX_VALUE - 2 ? Integer.MAX_VALUE : limits.maxDepth() + 2;
    return JsonFactory.builder()
        .streamReadConstraints(
            StreamReadConstraints.builder()
                .maxNestingDepth(nesting)
                .maxStringLength(
                    limits.maxValueBytes()) // jackson's default of 20M chars is below ours
                .maxNameLength(limits.maxValueBytes())
                .build())
        .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(nesting).build())
        .disable(
            JsonFactory.Feature
                .INTERN_FIELD_NAMES) // keys of arbitrary documents would fill the JVM's pool
        .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
        .disable(
            StreamWriteFeature
                .FLUSH_PASSED_TO_STREAM) // a flush per value would cost a write per row
        .build();
  }

  /**
   * Adapts an {@link Appendable} for jackson, which writes to a {@link Writer}: jackson's generator
   * writes char arrays only; Writer's own {@code write(String, ...)} takes any other caller there.
   */
  private static final class AppendableWriter extends Writer {
    private final Appendable out;

    AppendableWriter(Appendable out) {
      this.out = out;
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
      out.append(CharBuffer.wrap(chars, offset, length));
    }

    @Override
    public void flush() {
      // an Appendable has nothing to flush
    }

    @Override
    public void close() {
      // never close the caller's output
    }
  }
}
