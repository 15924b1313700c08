// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.variant.core.DuplicateKeyException;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantLimitException;
import java.io.CharConversionException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.CharacterCodingException;
import java.util.Locale;

/**
 * Streams jackson tokens into a {@link VariantBuilder}: the JSON to Variant direction, with the
 * number rules of {@link VariantJson}. Iterative (no recursion), so the nesting depth is bounded
 * only by {@link io.variant.core.Limits#maxDepth()}, never by the thread's stack.
 */
final class JsonToVariant {
  /**
   * Digits (max of precision and scale) a decimal16 holds. spec: VariantEncoding §Encoding types
   */
  private static final int MAX_DECIMAL_DIGITS = 38;

  private JsonToVariant() {}

  /**
   * Appends the value at the parser's current token (reading the first token if there is none yet,
   * or the value token if the parser is on a field name); leaves the parser on the value's last
   * token.
   */
  static void append(JsonParser parser, VariantBuilder into, JsonOptions options)
      throws IOException {
    try {
      JsonToken token = parser.currentToken();
      if (token == null || token == JsonToken.FIELD_NAME) {
        token = parser.nextToken();
      }
      if (token == null) {
        throw error(parser.currentLocation(), "expected a value, found the end of the input");
      }
      if (token.isStructEnd()) {
        throw error(
            parser.currentTokenLocation(), "expected a value, found '" + token.asString() + "'");
      }
      appendTokens(parser, token, into, options.limits().maxDepth());
    } catch (JsonProcessingException | CharacterCodingException | CharConversionException e) {
      throw translate(e, parser);
    }
  }

  /**
   * {@link JsonParser#nextToken()} with jackson's errors reported as {@link VariantJsonException}.
   */
  static JsonToken nextToken(JsonParser parser) throws IOException {
    try {
      return parser.nextToken();
    } catch (JsonProcessingException | CharacterCodingException | CharConversionException e) {
      throw translate(e, parser);
    }
  }

  private static void appendTokens(JsonParser p, JsonToken first, VariantBuilder b, int maxDepth)
      throws IOException {
    int depth = 0;
    JsonToken t = first;
    while (true) {
      switch (t) {
        case START_OBJECT:
        case START_ARRAY:
          if (depth == maxDepth) {
            throw tooDeep(p, maxDepth);
          }
          depth++;
          if (t == JsonToken.START_OBJECT) {
            b.startObject();
          } else {
            b.startArray();
          }
          break;
        case END_OBJECT:
          endObject(p, b);
          depth--;
          break;
        case END_ARRAY:
          b.endArray();
          depth--;
          break;
        case FIELD_NAME:
          b.key(requireUnicode(p, p.currentName()));
          break;
        case VALUE_STRING:
          b.appendString(requireUnicode(p, p.getText()));
          break;
        case VALUE_NUMBER_INT:
          appendInteger(p, b);
          break;
        case VALUE_NUMBER_FLOAT:
          appendFraction(p, b);
          break;
        case VALUE_TRUE:
          b.appendBoolean(true);
          break;
        case VALUE_FALSE:
          b.appendBoolean(false);
          break;
        case VALUE_NULL:
          b.appendNull();
          break;
        // VALUE_EMBEDDED_OBJECT and NOT_AVAILABLE come only from non-JSON or non-blocking parsers
        default:
          throw error(p.currentTokenLocation(), "expected a JSON value, found token " + t);
      }
      if (depth == 0) {
        return;
      }
      t = p.nextToken();
      if (t == null) { // jackson reports truncation itself; this guards parsers that do not
        throw error(p.currentLocation(), "the input ends inside an object or array");
      }
    }
  }

  private static void endObject(JsonParser p, VariantBuilder b) {
    try {
      b.endObject(); // the builder sorts the fields and finds duplicates here, at the closing brace
    } catch (DuplicateKeyException e) {
      throw VariantJsonException.at(
          p.currentTokenLocation(),
          "duplicate key \""
              + e.key()
              + "\" in the object that ends here (use DuplicateKeys.LAST_WINS to keep the last)",
          e);
    }
  }

  /**
   * Integer literals: the smallest integer type, or beyond int64 a decimal or double ({@link
   * VariantJson}).
   */
  private static void appendInteger(JsonParser p, VariantBuilder b) throws IOException {
    if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
      appendDecimalOrDouble(p, b, new BigDecimal(p.getBigIntegerValue()));
    } else {
      b.appendLong(p.getLongValue());
    }
  }

  /**
   * Literals with a fraction or exponent: the literal text decides, so "1.50" keeps its scale. A
   * negative zero ("-0.0") becomes the double -0.0: decimals have no negative zero, and a double
   * keeps the sign.
   */
  private static void appendFraction(JsonParser p, VariantBuilder b) throws IOException {
    String literal = p.getText();
    if (literal.indexOf('e') >= 0 || literal.indexOf('E') >= 0) {
      appendDouble(p, b, p.getDoubleValue());
    } else {
      BigDecimal value = p.getDecimalValue();
      if (value.signum() == 0 && literal.charAt(0) == '-') {
        b.appendDouble(-0.0);
      } else {
        appendDecimalOrDouble(p, b, value);
      }
    }
  }

  /**
   * A decimal when max(precision, scale) fits decimal16 (Spark's reader checks the scale too), else
   * a double.
   */
  private static void appendDecimalOrDouble(JsonParser p, VariantBuilder b, BigDecimal value) {
    if (Math.max(value.precision(), value.scale()) <= MAX_DECIMAL_DIGITS) {
      b.appendDecimal(value);
    } else {
      appendDouble(p, b, value.doubleValue());
    }
  }

  /**
   * Refuses a literal that is not zero yet is outside the double range at either end: an infinity
   * would render as the string "Infinity", and a zero would silently lose the value ({@code 1e400}
   * and {@code 1e-400} alike). Subnormal doubles ({@code 4.9e-324}) are in range.
   */
  private static void appendDouble(JsonParser p, VariantBuilder b, double value) {
    if (Double.isInfinite(value)) {
      throw error(
          p.currentTokenLocation(),
          "number "
              + abbreviate(literalOf(p))
              + " is outside the range of a double (its magnitude is above "
              + Double.MAX_VALUE
              + ")");
    }
    if (value == 0 && hasNonZeroDigit(literalOf(p))) {
      throw error(
          p.currentTokenLocation(),
          "number "
              + abbreviate(literalOf(p))
              + " is outside the range of a double (it is not zero, but closer to zero than "
              + Double.MIN_VALUE
              + ")");
    }
    b.appendDouble(value);
  }

  /** True if a digit 1-9 comes before the exponent of number literal {@code literal}. */
  static boolean hasNonZeroDigit(CharSequence literal) {
    for (int i = 0; i < literal.length(); i++) {
      char c = literal.charAt(i);
      if (c == 'e' || c == 'E') {
        return false;
      }
      if (c >= '1' && c <= '9') {
        return true;
      }
    }
    return false;
  }

  private static String literalOf(JsonParser p) {
    try {
      return p.getText();
    } catch (IOException e) {
      return "(unreadable)";
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }

  /** Returns {@code s}, or fails if it holds an unpaired surrogate, which UTF-8 cannot encode. */
  private static String requireUnicode(JsonParser p, String s) {
    int at = firstUnpairedSurrogate(s);
    if (at >= 0) {
      throw error(
          p.currentTokenLocation(),
          String.format(
              Locale.ROOT,
              "unpaired surrogate \\u%04X at index %d of a string (Variant strings are UTF-8, which cannot encode it)",
              (int) s.charAt(at),
              at));
    }
    return s;
  }

  /** Index of the first surrogate that is not part of a high-low pair, or -1. */
  static int firstUnpairedSurrogate(String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          return i;
        }
      }
    }
    return -1;
  }

  /**
   * Nesting past the limit, where it happens: a {@link VariantJsonException} for its location,
   * whose cause, a {@link VariantLimitException}, tells callers it is a limit and not malformed
   * JSON.
   */
  private static VariantJsonException tooDeep(JsonParser p, int maxDepth) {
    String detail = "nesting deeper than " + maxDepth + " levels (raise Limits.maxDepth)";
    return VariantJsonException.at(
        p.currentTokenLocation(), detail, new VariantLimitException(detail));
  }

  private static VariantJsonException error(JsonLocation location, String detail) {
    return VariantJsonException.at(location, detail, null);
  }

  /**
   * Jackson's own errors (syntax, constraints) and decoding errors of the caller's Reader, with a
   * location.
   */
  static VariantJsonException translate(IOException e, JsonParser p) {
    if (e instanceof JsonProcessingException) {
      JsonProcessingException j = (JsonProcessingException) e;
      // StreamConstraintsException carries no location; the parser's position is where it stopped.
      JsonLocation at = j.getLocation() != null ? j.getLocation() : p.currentLocation();
      return JacksonErrors.translate(j, at);
    }
    return VariantJsonException.at(p.currentLocation(), "the input could not be decoded: " + e, e);
  }
}
