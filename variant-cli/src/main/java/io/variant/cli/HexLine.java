// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantLimitException;
import io.variant.core.VariantMetadata;

/**
 * Parses and validates one line {@code <metadata hex> <value hex>} of {@code variant decode} input,
 * or the line {@code NULL} for an SQL NULL (as {@code variant cat --format hex} prints it). Every
 * error is an {@link InputException} whose column points at the offending character: a bad hex
 * digit itself, or for malformed Variant bytes the first hex digit of the byte that the {@link
 * VariantFormatException} names.
 */
final class HexLine {
  /** The line that stands for an SQL NULL: a row without a Variant, not a Variant null. */
  static final String SQL_NULL = "NULL";

  private static final String SHAPE = "expected '<metadata hex> <value hex>' or NULL";

  private final String source;
  private final Limits limits;

  /**
   * @param source the input name for messages
   * @param limits the depth limit for validation
   */
  HexLine(String source, Limits limits) {
    this.source = source;
    this.limits = limits;
  }

  /**
   * A decoded, fully validated line.
   *
   * @param variant the Variant, or {@code null} for an SQL NULL
   * @param valueColumn 1-based column of the value's first hex digit, to place errors found later
   */
  record Parsed(Variant variant, int valueColumn) {
    /** True for the line {@code NULL}. */
    boolean isSqlNull() {
      return variant == null;
    }
  }

  /**
   * Decodes {@code line} (line number {@code lineNo}); leading and trailing blanks are ignored.
   *
   * @return the Variant (its {@code variant()} is null for the line {@code NULL}), or {@code null}
   *     for a blank line
   * @throws InputException for a wrong field count, a bad hex digit, malformed metadata or value
   *     bytes ({@link Variant#validate()}), or bytes after the end of the metadata or value
   */
  Parsed parse(String line, long lineNo) {
    int end = line.length();
    while (end > 0 && isBlank(line.charAt(end - 1))) {
      end--;
    }
    int metaStart = skipBlanks(line, 0, end);
    if (metaStart == end) {
      return null;
    }
    int metaEnd = skipField(line, metaStart, end);
    int valueStart = skipBlanks(line, metaEnd, end);
    if (valueStart == end
        && line.startsWith(SQL_NULL, metaStart)
        && metaEnd - metaStart == SQL_NULL.length()) {
      return new Parsed(null, metaStart + 1);
    }
    if (valueStart == end) {
      throw new InputException(source, lineNo, end + 1, SHAPE + ", found one field");
    }
    int valueEnd = skipField(line, valueStart, end);
    int extra = skipBlanks(line, valueEnd, end);
    if (extra < end) {
      throw new InputException(source, lineNo, extra + 1, SHAPE + ", found a third field");
    }
    byte[] metadataBytes = hex(line, metaStart, metaEnd, lineNo, "metadata");
    byte[] valueBytes = hex(line, valueStart, valueEnd, lineNo, "value");
    VariantMetadata metadata;
    try {
      metadata = VariantMetadata.of(metadataBytes);
      metadata.validate();
    } catch (VariantFormatException e) {
      throw variantError(e, lineNo, metaStart, metaEnd, "metadata");
    }
    if (metadata.length() != metadataBytes.length) {
      throw new InputException(
          source,
          lineNo,
          column(metaStart, metaEnd, metadata.length()),
          "metadata: the dictionary ends at byte "
              + metadata.length()
              + " but the field holds "
              + metadataBytes.length
              + " bytes");
    }
    try {
      Variant v = Variant.of(metadata, valueBytes, 0, valueBytes.length).validate(limits);
      if (v.valueSize() != valueBytes.length) {
        throw new InputException(
            source,
            lineNo,
            column(valueStart, valueEnd, v.valueSize()),
            "value: the value ends at byte "
                + v.valueSize()
                + " but the field holds "
                + valueBytes.length
                + " bytes");
      }
      return new Parsed(v, valueStart + 1);
    } catch (VariantFormatException e) {
      throw variantError(e, lineNo, valueStart, valueEnd, "value");
    } catch (VariantLimitException e) { // nesting past --max-depth: exit code 4 by its cause
      throw new InputException(
          source, lineNo, valueStart + 1, "value: " + UserMessages.of(e.getMessage()), e);
    }
  }

  /**
   * The error for a {@link VariantFormatException} in the value of a line parsed earlier, e.g. one
   * that only rendering detects (a time of day outside one day).
   */
  InputException valueError(VariantFormatException e, long lineNo, Parsed parsed) {
    int start = parsed.valueColumn() - 1;
    return variantError(e, lineNo, start, start + 2 * parsed.variant().valueSize(), "value");
  }

  /**
   * A value over a limit while rendering it (the validation that {@link #parse} ran bounds only the
   * stored bytes): located at the value's first hex digit, exit code 4 by its cause.
   */
  InputException valueOverLimit(VariantLimitException e, long lineNo, Parsed parsed) {
    return new InputException(
        source, lineNo, parsed.valueColumn(), "value: " + UserMessages.of(e.getMessage()), e);
  }

  private InputException variantError(
      VariantFormatException e, long lineNo, int fieldStart, int fieldEnd, String field) {
    return new InputException(
        source,
        lineNo,
        column(fieldStart, fieldEnd, e.byteOffset()),
        field + ": " + e.getMessage(),
        e);
  }

  /**
   * 1-based column of the first hex digit of byte {@code byteOffset}, or just past the field if
   * beyond it.
   */
  private static int column(int fieldStart, int fieldEnd, long byteOffset) {
    return (int) Math.min(fieldStart + 2 * byteOffset, fieldEnd) + 1;
  }

  private byte[] hex(String line, int from, int to, long lineNo, String field) {
    try {
      return Hex.decode(line, from, to);
    } catch (Hex.BadDigit e) {
      throw new InputException(source, lineNo, e.index() + 1, field + ": " + e.getMessage());
    }
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
  }

  private static int skipBlanks(String s, int i, int end) {
    while (i < end && isBlank(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static int skipField(String s, int i, int end) {
    while (i < end && !isBlank(s.charAt(i))) {
      i++;
    }
    return i;
  }
}
