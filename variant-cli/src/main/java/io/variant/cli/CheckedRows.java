package io.variant.cli;

import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantLimitException;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantParquetException;
import java.io.IOException;

/**
 * The one validation rule of the commands that read Variants from Parquet ({@code cat}, {@code get}): each
 * value is checked by {@link Variant#validate(Limits)} under the command's {@code --max-depth} before it is
 * printed, and rendered under its {@code --max-value-size}, as {@code decode} does for hex lines. A failure
 * names the file, the column and the row (counted from 1).
 */
final class CheckedRows {
  private final ParquetFile parquet;
  private final String column;
  private final Limits limits;

  CheckedRows(ParquetFile parquet, String column, Limits limits) {
    this.parquet = parquet;
    this.column = column;
    this.limits = limits;
  }

  /**
   * @throws InputException if {@code v} is malformed (exit code 1) or over a limit (exit code 4)
   */
  void check(Variant v, long row) {
    try {
      v.validate(limits);
    } catch (VariantFormatException e) {
      throw malformed(e, row);
    } catch (VariantLimitException e) {
      throw overLimit(e, row);
    }
  }

  /** Checks {@code v}, then appends its JSON to {@code out}. */
  void appendJson(Variant v, long row, StringBuilder out) throws IOException {
    check(v, row);
    try {
      VariantJson.writeJson(v, out, limits);
    } catch (VariantFormatException e) { // what only rendering finds, e.g. a time of day outside one day
      throw malformed(e, row);
    } catch (VariantLimitException e) {
      throw overLimit(e, row);
    }
  }

  private InputException malformed(VariantFormatException e, long row) {
    return parquet.error(new VariantParquetException(null, column, row, "Invalid Variant: " + e.getMessage(), e));
  }

  private InputException overLimit(VariantLimitException e, long row) {
    String where = column == null ? " (row " + (row + 1) + ")" : " (column " + column + ", row " + (row + 1) + ")";
    return new InputException(parquet.name(), 0, 0, UserMessages.of(e.getMessage()) + where, e);
  }
}
