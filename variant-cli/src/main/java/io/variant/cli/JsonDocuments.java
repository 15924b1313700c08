package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.json.JsonDocumentReader;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.VariantJsonException;
import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The JSON documents of one or more inputs, read in order as if concatenated, one Variant each (NDJSON,
 * whitespace-separated documents, or one top-level array per input; see {@link JsonDocumentReader}). Inputs
 * are opened one at a time, when the previous one is exhausted. Every failure is an {@link InputException}
 * that names the input, and the line and column where the reader knows them. Not thread-safe.
 */
final class JsonDocuments implements Closeable {
  private final VariantCli cli;
  private final Iterator<String> paths;
  private final JsonOptions options;
  private final UnaryOperator<String> messages;
  private Input input;
  private JsonDocumentReader reader;
  private long documentLine; // where the last good document of the current input started

  /**
   * @param paths input names, {@code -} for stdin; nothing is opened yet
   * @param messages adapts a library error message to the command (see {@link #withHints})
   */
  JsonDocuments(VariantCli cli, List<String> paths, JsonOptions options, UnaryOperator<String> messages) {
    this.cli = cli;
    this.paths = List.copyOf(paths).iterator();
    this.options = options;
    this.messages = messages;
  }

  /**
   * The next document, or {@code null} after the last document of the last input. The Variant owns its
   * bytes: it stays valid after later calls.
   *
   * @throws InputException if an input is missing, unreadable or malformed
   */
  Variant next() throws IOException {
    while (true) {
      if (reader == null) {
        if (!paths.hasNext()) {
          return null;
        }
        input = cli.open(paths.next());
        reader = new JsonDocumentReader(input.utf8Reader(), options);
        documentLine = 0;
      }
      Variant v = read();
      if (v != null) {
        return v;
      }
      closeCurrent();
    }
  }

  private Variant read() {
    try {
      Variant v = reader.next();
      if (v != null) {
        documentLine = reader.line();
      }
      return v;
    } catch (VariantJsonException e) {
      throw new InputException(input.name(), e.line(), e.column(), messages.apply(e.getMessage()), e);
    } catch (VariantException e) {
      String where = documentLine == 0 ? "in the first document" : "in the document after line " + documentLine;
      throw new InputException(input.name(), 0, 0, messages.apply(e.getMessage()) + " (" + where + ")", e);
    } catch (IOException e) {
      throw Input.readFailure(input.name(), documentLine, e);
    }
  }

  /** The current input's name as messages show it ({@code <stdin>} for {@code -}); null before the first. */
  String source() {
    return input == null ? null : input.name();
  }

  /** 1-based line where the last document returned started, in {@link #source()}; 0 if none yet. */
  long line() {
    return documentLine;
  }

  private void closeCurrent() throws IOException {
    JsonDocumentReader r = reader;
    reader = null;
    r.close(); // closes the input too; stdin itself stays open
  }

  @Override
  public void close() throws IOException {
    if (reader != null) {
      closeCurrent();
    }
  }

  /**
   * For commands with {@code --max-depth} (JSON nesting) and {@code --duplicate-keys}: the location leaves
   * the message, since {@link InputException} puts it in front ("Invalid JSON at line 3, column 17: x"
   * becomes "Invalid JSON: x"), and hints name those options instead of the Java API.
   */
  static String withHints(String message) {
    return withoutHints(message.replace("Limits.maxDepth", "--max-depth")
        .replace("DuplicateKeys.LAST_WINS", "--duplicate-keys=last_wins"));
  }

  /**
   * For commands without those options: the location leaves the message and hints that name the Java API
   * are dropped (a user of the command cannot follow them).
   */
  static String withoutHints(String message) {
    return message
        .replaceFirst(" at line \\d+, column \\d+", "")
        .replace(" (raise Limits.maxDepth)", "")
        .replace(" (use DuplicateKeys.LAST_WINS to keep the last)", "");
  }
}
