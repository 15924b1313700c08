// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.variant.arrow.ColumnReader;
import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.VariantType;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * {@code select}'s text formats. JSON: one object per row, each column by its name (the argument as
 * written), SQL NULL as {@code null}. CSV (RFC 4180) and TSV: a header row of the names, then one
 * line per row; SQL NULL is an empty field. A Variant is its JSON text (a Variant null is {@code
 * null}), except that in CSV and TSV a string is its text, as {@code ::string} gives it; a typed
 * value is its plain text ({@link TypedText}). CSV quotes a field holding a comma, quote, CR or LF
 * (quotes doubled), and an empty string, so that it differs from NULL; TSV escapes backslash, tab,
 * LF and CR as {@code \\}, {@code \t}, {@code \n}, {@code \r}.
 */
final class TextRows implements SelectWriter {
  private final SelectFormat format;
  private final Writer out;
  private final String[] keys; // JSON: each column's "name": prefix
  private final StringBuilder line = new StringBuilder(256);
  private final StringBuilder field = new StringBuilder(64);

  private TextRows(SelectFormat format, Writer out, String[] keys) {
    this.format = format;
    this.out = out;
    this.keys = keys;
  }

  /** Opens the format on {@code stream}; CSV and TSV write their header row at once. */
  static TextRows open(SelectFormat format, List<SelectItem> items, OutputStream stream)
      throws IOException {
    Writer out =
        new BufferedWriter(
            new OutputStreamWriter(stream, StandardCharsets.UTF_8), Output.BUFFER_CHARS);
    String[] keys = new String[items.size()];
    for (int i = 0; i < keys.length; i++) {
      StringBuilder key = new StringBuilder(i == 0 ? "{\"" : ",\"");
      JsonStringEncoder.getInstance().quoteAsString(items.get(i).label(), key);
      keys[i] = key.append("\":").toString();
    }
    TextRows rows = new TextRows(format, out, keys);
    if (format != SelectFormat.JSON) {
      for (int i = 0; i < items.size(); i++) {
        rows.separate(i);
        rows.field.setLength(0);
        rows.appendField(rows.field.append(items.get(i).label()));
      }
      out.append(rows.line.append('\n'));
    }
    return rows;
  }

  @Override
  public void write(SelectedBatch batch) throws IOException {
    List<FieldVector> columns = batch.columns();
    ColumnReader[] readers = new ColumnReader[columns.size()];
    for (int c = 0; c < readers.length; c++) {
      if (columns.get(c) instanceof VariantVector v) {
        readers[c] = v.reader();
      }
    }
    for (int row = 0; row < batch.rows(); row++) {
      line.setLength(0);
      for (int c = 0; c < readers.length; c++) {
        separate(c);
        FieldVector v = columns.get(c);
        if (v.isNull(row)) {
          line.append(format == SelectFormat.JSON ? "null" : "");
        } else if (readers[c] != null) {
          variant(readers[c].variant(row), batch.checks().get(c), batch.fileRows()[row]);
        } else if (format == SelectFormat.JSON) {
          TypedText.appendJson(v, row, line);
        } else if (v instanceof VarCharVector) {
          TypedText.appendPlain(v, row, clearedField());
          appendField(field);
        } else {
          TypedText.appendPlain(v, row, line); // numbers, dates, base64: nothing to quote
        }
      }
      line.append(format == SelectFormat.JSON ? "}\n" : "\n");
      out.append(line);
    }
  }

  /**
   * A Variant: its JSON; in CSV and TSV a string, date, time, timestamp, UUID or binary is its text
   * (the JSON string without quotes), as {@code ::string} gives it.
   */
  private void variant(Variant v, CheckedRows checks, long fileRow) throws IOException {
    if (format == SelectFormat.JSON) {
      checks.appendPartJson(v, fileRow, line);
      return;
    }
    if (v.type() == VariantType.STRING) {
      checks.checkPart(v, fileRow);
      clearedField().append(v.stringValue());
    } else {
      checks.appendPartJson(v, fileRow, clearedField());
      if (v.type().isTextInJson()) {
        field.deleteCharAt(field.length() - 1).deleteCharAt(0); // quoted, nothing to unescape
      }
    }
    appendField(field);
  }

  private StringBuilder clearedField() {
    field.setLength(0);
    return field;
  }

  /** Starts column {@code c} of the line: the JSON key, or the separator. */
  private void separate(int c) {
    if (format == SelectFormat.JSON) {
      line.append(keys[c]);
    } else if (c > 0) {
      line.append(format == SelectFormat.CSV ? ',' : '\t');
    }
  }

  /** Appends {@code text} as a CSV or TSV field, quoted or escaped as the format needs. */
  private void appendField(CharSequence text) {
    if (format == SelectFormat.TSV) {
      for (int i = 0; i < text.length(); i++) {
        char ch = text.charAt(i);
        switch (ch) {
          case '\\' -> line.append("\\\\");
          case '\t' -> line.append("\\t");
          case '\n' -> line.append("\\n");
          case '\r' -> line.append("\\r");
          default -> line.append(ch);
        }
      }
      return;
    }
    if (!needsQuotes(text)) {
      line.append(text);
      return;
    }
    line.append('"');
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      line.append(ch);
      if (ch == '"') {
        line.append('"');
      }
    }
    line.append('"');
  }

  private static boolean needsQuotes(CharSequence text) {
    if (text.length() == 0) {
      return true; // "" is the empty string; an empty field is NULL
    }
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch == ',' || ch == '"' || ch == '\n' || ch == '\r') {
        return true;
      }
    }
    return false;
  }

  @Override
  public void finish() throws IOException {
    out.flush();
  }

  @Override
  public void close() {
    // the stream belongs to the caller; finish() flushed what was written
  }
}
