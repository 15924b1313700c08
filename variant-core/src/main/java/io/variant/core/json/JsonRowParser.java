package io.variant.core.json;

import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Utf8;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

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
 * <p><b>Thread safety:</b> none; use one parser per thread.
 */
public final class JsonRowParser {
  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;
  private static final long QUESTION_MARKS = 0x3F3F3F3F3F3F3F3FL;

  private final JsonOptions options;
  private final VariantBuilder builder;
  private final JsonBytesParser fast = new JsonBytesParser();
  private byte[] encoded = new byte[256]; // parse(String): the text as UTF-8

  /** {@code dictionary}: the keys rows resolve against first, or null for a fresh one per row. */
  JsonRowParser(JsonOptions options, VariantMetadata dictionary) {
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
    builder.reset();
    if (fast.parse(utf8, offset, length, builder, options.limits().maxDepth())) {
      return builder.build();
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
    builder.reset();
    byte[] utf8 = utf8Bytes(json);
    if (utf8 != null) {
      if (fast.parse(utf8, 0, utf8.length, builder, options.limits().maxDepth())) {
        return builder.build();
      }
    } else {
      int n = encode(json);
      if (n >= 0 && fast.parse(encoded, 0, n, builder, options.limits().maxDepth())) {
        return builder.build();
      }
    }
    builder.reset();
    try (JsonParser parser = VariantJson.factory(options.limits()).createParser(json)) {
      return VariantJson.parseDocument(parser, builder, options);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot parse JSON: in-memory input failed", e);
    }
  }

  /**
   * {@code s} as UTF-8 by the JDK's encoder (several times faster than {@link #encode}'s char
   * loop), or null if the result has a '?': the encoder replaces an unpaired surrogate by '?', so
   * such a text goes to {@link #encode}, which rejects unpaired surrogates.
   */
  private static byte[] utf8Bytes(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    // Not even an all-ASCII length proves there is no '?': an unpaired surrogate (one char)
    // becomes one '?' byte.
    int i = 0;
    for (; i + 8 <= b.length; i += 8) { // SWAR: a byte is zero in x ^ '?' where it is a '?'
      long x = (long) LONGS.get(b, i) ^ QUESTION_MARKS;
      if (((x - ONES) & ~x & HIGH_BITS) != 0) {
        return null;
      }
    }
    for (; i < b.length; i++) {
      if (b[i] == '?') {
        return null;
      }
    }
    return b;
  }

  /**
   * Encodes {@code s} as UTF-8 into {@link #encoded}; -1 if it holds an unpaired surrogate (or a
   * BOM).
   */
  private int encode(String s) {
    int len = s.length();
    if (encoded.length < len * 3L) {
      encoded =
          new byte[(int) Math.min(Math.max(len * 3L, encoded.length * 2L), Integer.MAX_VALUE - 8)];
      if (encoded.length < len * 3L) {
        return -1; // too long for one array: let jackson stream it
      }
    }
    byte[] out = encoded;
    int n = 0;
    for (int i = 0; i < len; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        out[n++] = (byte) c;
      } else if (Character.isSurrogate(c)) {
        if (!Character.isHighSurrogate(c)
            || i + 1 >= len
            || !Character.isLowSurrogate(s.charAt(i + 1))) {
          return -1;
        }
        n = Utf8.encodeCodePoint(Character.toCodePoint(c, s.charAt(++i)), out, n);
      } else if (c == '\uFEFF' && i == 0) {
        return -1;
      } else {
        n = Utf8.encodeCodePoint(c, out, n);
      }
    }
    return n;
  }
}
