// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantException;
import io.variant.core.VariantLimitException;
import io.variant.core.internal.NdjsonLines;
import io.variant.core.json.VariantJson;
import io.variant.core.json.VariantJsonException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A line of NDJSON input that could not be converted, as both engines of {@code variant convert}
 * write it to their rejects (the local engine's {@code --rejects FILE}, {@link ConvertJob}'s {@code
 * _rejects/}), one JSON object per line: <code>
 * {"column":…,"file":…,"line":…,"reason":…,"text":…}</code>, keys in Variant order. Both engines
 * say where and why a line went wrong with {@link #column} and {@link #reason}, and keep its text
 * with {@link #text}, so the same input gives the same lines whichever engine converts it.
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public only for the project's CLI; it
 * stays in this package for {@link ConvertMapper}.
 *
 * @param file the input, named as the user named it
 * @param line the line's 1-based number in its input
 * @param column the 1-based character column where the line went wrong; 0 if not known
 * @param reason what is wrong, without the location
 * @param text the line as read ({@link #text}); {@code null} when there is none, as for compressed
 *     data that ended its input
 */
public record RejectedLine(String file, long line, long column, String reason, String text) {
  /**
   * What a rejects file keeps of a line: its first {@link NdjsonLines#REJECTED_TEXT_BYTES} as read,
   * a byte order mark and a trailing {@code \r} included, invalid UTF-8 (and a character cut there)
   * replaced by U+FFFD.
   */
  public static String text(byte[] line, int length) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE)
          .decode(ByteBuffer.wrap(line, 0, Math.min(length, NdjsonLines.REJECTED_TEXT_BYTES)))
          .toString();
    } catch (CharacterCodingException e) {
      throw new IllegalStateException("a replacing decoder threw " + e, e); // cannot happen
    }
  }

  /**
   * Where in its line the parser of {@code doc[0, end)} stopped ({@link NdjsonLines#column}); 0 for
   * a failure that is not the parser's.
   *
   * @param afterByteOrderMark whether a byte order mark precedes the document in its line
   */
  public static long column(VariantException e, byte[] doc, int end, boolean afterByteOrderMark) {
    return e instanceof VariantJsonException j
        ? NdjsonLines.column(doc, end, j.line(), j.column(), afterByteOrderMark)
        : 0;
  }

  /**
   * What is wrong with a document, without its location (a rejects line and a message give it
   * apart), in the library's words: a front end names its own settings. JSON nested past the depth
   * limit is not called invalid: it is a limit, and the message says which.
   */
  public static String reason(VariantException e) {
    if (!(e instanceof VariantJsonException)) {
      return e.getMessage();
    }
    String detail = e.getMessage().replaceFirst(" at line \\d+, column \\d+", "");
    return VariantLimitException.isCauseOf(e) ? detail.replaceFirst("^Invalid JSON: ", "") : detail;
  }

  /** This line with another line number. */
  public RejectedLine withLine(long number) {
    return new RejectedLine(file, number, column, reason, text);
  }

  /** The line of a rejects file, without its {@code \n}. */
  public String toJson() {
    VariantBuilder b = new VariantBuilder().startObject();
    b.key("file").appendString(file);
    b.key("line").appendLong(line);
    b.key("column").appendLong(column);
    b.key("reason").appendString(reason);
    if (text != null) {
      b.key("text").appendString(text);
    }
    return VariantJson.toJson(b.endObject().build());
  }

  /**
   * Reads a line {@link #toJson} wrote.
   *
   * @throws IllegalArgumentException if it is not one
   */
  public static RejectedLine parse(String json) {
    try {
      Variant v = VariantJson.parse(json);
      Variant text = v.field("text");
      return new RejectedLine(
          field(v, "file", json).stringValue(),
          field(v, "line", json).longValue(),
          field(v, "column", json).longValue(),
          field(v, "reason", json).stringValue(),
          text == null ? null : text.stringValue());
    } catch (VariantException e) {
      throw new IllegalArgumentException("Cannot read a rejects line: " + json, e);
    }
  }

  private static Variant field(Variant line, String name, String json) {
    Variant v = line.field(name);
    if (v == null) {
      throw new IllegalArgumentException(
          "Cannot read a rejects line without " + name + ": " + json);
    }
    return v;
  }
}
