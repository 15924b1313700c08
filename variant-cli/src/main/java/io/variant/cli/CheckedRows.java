// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantLimitException;
import io.variant.core.VariantMetadata;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import java.io.IOException;

/**
 * The one validation rule of the commands that read Variants from Parquet ({@code cat}, {@code
 * get}): each value is checked by {@link Variant#validate(Limits)} under the command's {@code
 * --max-depth} before it is printed, and rendered under its {@code --max-value-size}, as {@code
 * decode} does for hex lines. A failure names the file, the column and the row (counted from 1),
 * and the path of a value read at one ({@link #at}).
 */
final class CheckedRows {
  private final ParquetFile parquet;
  private final String column;
  private final Limits limits;
  private final VariantPath path; // where the values checked are, for messages; null: whole rows

  CheckedRows(ParquetFile parquet, String column, Limits limits) {
    this(parquet, column, limits, null);
  }

  private CheckedRows(ParquetFile parquet, String column, Limits limits, VariantPath path) {
    this.parquet = parquet;
    this.column = column;
    this.limits = limits;
    this.path = path;
  }

  /**
   * The same checks of the values at {@code path} of each row, whose failures name the path (but
   * {@code $}: the whole value, as {@code cat} reads it).
   */
  CheckedRows at(VariantPath path) {
    return path.segments().isEmpty() ? this : new CheckedRows(parquet, column, limits, path);
  }

  /** How the message of a malformed value at {@code path} (null: a whole row) starts. */
  static String invalid(VariantPath path) {
    return path == null || path.segments().isEmpty()
        ? "Invalid Variant"
        : "Invalid Variant at " + path;
  }

  /**
   * Checks a row's whole Variant.
   *
   * @throws InputException if {@code v} is malformed (exit code 1) or over a limit (exit code 4)
   */
  void check(Variant v, long row) {
    checkPart(v, row);
    try {
      requireExact(v);
    } catch (VariantFormatException e) {
      throw malformed(e, row);
    }
  }

  /** Checks a value inside a row (a field or element, where other bytes follow by design). */
  void checkPart(Variant v, long row) {
    try {
      v.validate(limits);
    } catch (VariantFormatException e) {
      throw malformed(e, row);
    } catch (VariantLimitException e) {
      throw overLimit(e, row);
    }
  }

  /**
   * Bytes after the dictionary or after the value: {@code decode} rejects them in a hex line, so
   * every command rejects them (a writer that leaves them is broken, and readers disagree on what
   * they mean).
   */
  static void requireExact(Variant v) {
    VariantMetadata m = v.metadata();
    if (m.bytesGiven() != m.length()) {
      throw VariantFormatException.at(
          m.length(),
          "metadata: the dictionary ends at byte %d but the column holds %d bytes",
          m.length(),
          m.bytesGiven());
    }
    if (v.bytesGiven() != v.valueSize()) {
      throw VariantFormatException.at(
          v.valueSize(),
          "value: the value ends at byte %d but the column holds %d bytes",
          v.valueSize(),
          v.bytesGiven());
    }
  }

  /** Checks {@code v}, then appends its JSON to {@code out}. */
  void appendJson(Variant v, long row, StringBuilder out) throws IOException {
    check(v, row);
    render(() -> VariantJson.writeJson(v, out, limits), row);
  }

  /** Checks {@code v}, a value inside a row, then appends its JSON to {@code out}. */
  void appendPartJson(Variant v, long row, StringBuilder out) throws IOException {
    checkPart(v, row);
    render(() -> VariantJson.writeJson(v, out, limits), row);
  }

  /** Rendering of row {@code row}'s value, which may still find it malformed or over a limit. */
  interface Rendering {
    void run() throws IOException;
  }

  /** Runs {@code rendering}, naming the row if it fails. */
  void render(Rendering rendering, long row) throws IOException {
    try {
      rendering.run();
    } catch (
        VariantFormatException e) { // what only rendering finds, e.g. a time of day outside one day
      throw malformed(e, row);
    } catch (VariantLimitException e) {
      throw overLimit(e, row);
    }
  }

  private InputException malformed(VariantFormatException e, long row) {
    return parquet.error(
        new VariantParquetException(null, column, row, invalid(path) + ": " + e.getMessage(), e));
  }

  private InputException overLimit(VariantLimitException e, long row) {
    String where =
        column == null
            ? " (row " + (row + 1) + ")"
            : " (column " + column + ", row " + (row + 1) + ")";
    return new InputException(parquet.name(), 0, 0, UserMessages.of(e.getMessage()) + where, e);
  }
}
