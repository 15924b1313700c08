// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jackson's parse errors in the words of JSON itself. Jackson advises enabling a parser feature for
 * input that JSON does not allow ("Non-standard token 'NaN': enable
 * `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow"); this library never enables them, and no
 * caller can, so the advice is replaced by what JSON does not allow, and the column moves from
 * after the offending token (where jackson stops reading it) to its start.
 */
final class JacksonErrors {
  private static final Pattern NON_NUMERIC =
      Pattern.compile("Non-standard token '([^']*)': enable `JsonReadFeature\\.\\w+` to allow");
  private static final Pattern PLUS_SIGN =
      Pattern.compile("Unexpected character \\('\\+' \\(code 43\\)\\) in numeric value: .*");
  private static final Pattern COMMENT =
      Pattern.compile("Unexpected character \\('([/#])' \\(code \\d+\\)\\): maybe a .*comment.*");

  /** Any other advice to enable a feature: "... : enable `JsonReadFeature.X` to allow". */
  private static final Pattern FEATURE_ADVICE =
      Pattern.compile(
          ":? ?enable `JsonReadFeature\\.\\w+` to allow|\\s*\\(not recognized as .*\\)");

  private JacksonErrors() {}

  /**
   * Jackson's error {@code e}, found where {@code at} points, as a {@link VariantJsonException}.
   */
  static VariantJsonException translate(JsonProcessingException e, JsonLocation at) {
    String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    long line = at == null ? 0 : Math.max(0, at.getLineNr());
    long column = at == null ? 0 : Math.max(0, at.getColumnNr());
    Matcher nonNumeric = NON_NUMERIC.matcher(message);
    if (nonNumeric.matches()) {
      String token = nonNumeric.group(1);
      return VariantJsonException.at(
          line,
          startColumn(column, token.length()),
          token
              + " is not allowed in JSON, whose numbers are finite (write null, or the text as a"
              + " string)",
          e);
    }
    if (PLUS_SIGN.matcher(message).matches()) {
      return VariantJsonException.at(
          line, startColumn(column, 1), "a '+' before a number is not allowed in JSON", e);
    }
    Matcher comment = COMMENT.matcher(message);
    if (comment.matches()) {
      return VariantJsonException.at(
          line, column, "comments are not allowed in JSON (found '" + comment.group(1) + "')", e);
    }
    return VariantJsonException.at(line, column, FEATURE_ADVICE.matcher(message).replaceAll(""), e);
  }

  /** The column where a token of {@code length} characters ends at {@code after} starts. */
  private static long startColumn(long after, int length) {
    return after > length ? after - length : after;
  }
}
