// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import com.fasterxml.jackson.core.JsonLocation;
import io.variant.core.VariantException;

/**
 * The JSON text is not valid, or not representable as a Variant (an unpaired surrogate, a duplicate
 * key under {@link io.variant.core.DuplicateKeys#REJECT}, nesting deeper than {@link
 * io.variant.core.Limits#maxDepth()}). The message reads {@code Invalid JSON at line 3, column 17:
 * <what>}. Nesting past the limit is a limit rather than malformed JSON: its cause is then a {@link
 * io.variant.core.VariantLimitException}.
 *
 * <p>Lines and columns are 1-based, as jackson reports them: columns count characters for text
 * input and bytes for {@code byte[]} input. Either is 0 when the position is unknown.
 */
public final class VariantJsonException extends VariantException {
  private final long line;
  private final long column;

  private VariantJsonException(long line, long column, String detail, Throwable cause) {
    super("Invalid JSON at line " + line + ", column " + column + ": " + detail, cause);
    this.line = line;
    this.column = column;
  }

  /** An exception at a 1-based position; {@code detail} says what is wrong there. */
  public static VariantJsonException at(long line, long column, String detail) {
    return new VariantJsonException(line, column, detail, null);
  }

  /** An exception at a 1-based position (0: unknown), caused by {@code cause}. */
  static VariantJsonException at(long line, long column, String detail, Throwable cause) {
    return new VariantJsonException(line, column, detail, cause);
  }

  /** An exception at a jackson location (null or unknown parts give 0), caused by {@code cause}. */
  static VariantJsonException at(JsonLocation location, String detail, Throwable cause) {
    long line = location == null ? 0 : Math.max(0, location.getLineNr());
    long column = location == null ? 0 : Math.max(0, location.getColumnNr());
    return new VariantJsonException(line, column, detail, cause);
  }

  /** 1-based line of the problem; 0 if unknown. */
  public long line() {
    return line;
  }

  /**
   * 1-based column of the problem (characters for text input, bytes for byte input); 0 if unknown.
   */
  public long column() {
    return column;
  }
}
