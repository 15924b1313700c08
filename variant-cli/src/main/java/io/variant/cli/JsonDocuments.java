// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.json.JsonDocumentReader;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.Utf8Reader;
import io.variant.core.json.VariantJsonException;
import io.variant.hadoop.RejectedLine;
import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;

/**
 * The JSON documents of one or more inputs, read in order as if concatenated, one Variant each.
 * Each input is read as {@link InputFormat#NDJSON} (line by line: {@link NdjsonReader}) or {@link
 * InputFormat#JSON} (a top-level array of documents, or whitespace-separated documents: {@link
 * JsonDocumentReader} over a {@link Utf8Reader}), as {@code --input-format} says or {@link
 * FormatDetector} decides. Inputs are opened one at a time, when the previous one is exhausted.
 * Every failure is an {@link InputException} that names the input, line and column. Not
 * thread-safe.
 */
final class JsonDocuments implements Closeable {
  private final VariantCli cli;
  private final Iterator<String> paths;
  private final JsonOptions options;
  private final InputFormat format;
  private Input input;
  private NdjsonReader lines; // the current input, when NDJSON
  private JsonDocumentReader reader; // the current input, when JSON
  private long documentLine; // where the last good document of the current input started
  private boolean endedInput; // the last failure ended its input: the next call reads the next
  private long bytesOfClosedInputs;

  /**
   * @param paths input names, {@code -} for stdin; nothing is opened yet
   */
  JsonDocuments(VariantCli cli, List<String> paths, JsonOptions options, InputFormat format) {
    this.cli = cli;
    this.paths = List.copyOf(paths).iterator();
    this.options = options;
    this.format = format;
  }

  /**
   * The next document, or {@code null} after the last document of the last input. The Variant owns
   * its bytes: it stays valid after later calls. After an {@link InputException}, reading may go on
   * if {@link #canContinue()} says so.
   *
   * @throws InputException if an input is missing, unreadable or malformed
   */
  Variant next() throws IOException {
    endedInput = false;
    while (true) {
      if (lines == null && reader == null) {
        if (!paths.hasNext()) {
          return null;
        }
        openNext();
      }
      Variant v = lines != null ? readLine() : read();
      if (v != null) {
        return v;
      }
      closeCurrent();
    }
  }

  /**
   * What {@code last}, the document {@link #next()} returned last, weighs in a {@link RowChunk}, as
   * {@link #readInto} weighs it: an NDJSON line its bytes as read, a JSON document its encoded
   * size. So rows read ahead (a plan's sample) are chunked as the rows after them.
   */
  long weight(Variant last) {
    return lines != null ? lines.lineLength() : last.valueSize();
  }

  private void openNext() throws IOException {
    input = cli.open(paths.next());
    documentLine = 0;
    InputFormat f = format;
    if (f == InputFormat.AUTO) {
      try {
        f = FormatDetector.detect(input.name(), input.stream());
      } catch (CompressedDataException e) {
        throw endInput(e, 1, "from line 1 on");
      } catch (IOException e) {
        throw Input.readFailure(input.name(), 0, e);
      }
    }
    if (f == InputFormat.NDJSON) {
      lines = new NdjsonReader(input.name(), input.stream(), options);
    } else {
      reader = new JsonDocumentReader(new Utf8Reader(input.stream()), options);
    }
  }

  private Variant readLine() throws IOException {
    return onLine(lines::next);
  }

  /** A step of the current NDJSON input, whose failures name the input and line. */
  private interface LineStep<T> {
    T run() throws IOException;
  }

  private <T> T onLine(LineStep<T> step) throws IOException {
    try {
      T t = step.run();
      documentLine = lines.line();
      return t;
    } catch (InputException e) {
      documentLine = lines.line();
      throw new InputException(
          e.source(), e.line(), e.column(), withHints(e.detail()), e.getCause());
    } catch (CompressedDataException e) {
      long line = lines.line() + 1; // the line being read: it never ended
      throw endInput(
          e, line, "from line " + line + " (decompressed byte " + lines.lineStart() + ") on");
    } catch (IOException e) {
      throw Input.readFailure(input.name(), documentLine, e);
    }
  }

  /**
   * Reads the next row into {@code chunk} as {@link #next()} reads it, but leaves an NDJSON line
   * unparsed: the thread that converts the chunk parses it ({@link NdjsonReader#parse}). A failure
   * goes into the chunk with what {@link RowErrors#reject} needs, in its place.
   *
   * @return false after the last document of the last input
   */
  boolean readInto(RowChunk chunk) throws IOException {
    try {
      endedInput = false;
      while (true) {
        if (lines == null && reader == null) {
          if (!paths.hasNext()) {
            return false;
          }
          openNext();
        }
        if (lines != null && onLine(lines::nextLine)) {
          chunk.addLine(
              input.name(),
              documentLine,
              lines.lineBuffer(),
              lines.lineLength(),
              lines.textStart(),
              lines.textEnd());
          return true;
        }
        Variant v = lines != null ? null : read();
        if (v != null) {
          chunk.addValue(input.name(), documentLine, v, v.valueSize());
          return true;
        }
        closeCurrent();
      }
    } catch (InputException e) {
      chunk.addFailure(e, canContinue(), failedLine());
      return true;
    }
  }

  private Variant read() throws IOException {
    try {
      Variant v = reader.next();
      if (v != null) {
        documentLine = reader.line();
      }
      return v;
    } catch (VariantJsonException e) {
      throw new InputException(
          input.name(), e.line(), e.column(), withHints(RejectedLine.reason(e)), e);
    } catch (VariantException e) {
      String where =
          documentLine == 0
              ? "in the first document"
              : "in the document after line " + documentLine;
      throw new InputException(
          input.name(), 0, 0, withHints(e.getMessage()) + " (" + where + ")", e);
    } catch (CompressedDataException e) {
      throw endInput(e, 0, documentLine == 0 ? "from its start on" : "after line " + documentLine);
    } catch (IOException e) {
      throw Input.readFailure(input.name(), documentLine, e);
    }
  }

  /**
   * The current input's compressed data failed (truncated, corrupt, or followed by other bytes):
   * nothing more can be read from it, so it is closed, and the next call reads the next input. The
   * failure is reported once, where the data that cannot be read starts: on {@code line} (0 if not
   * known), {@code rest} says from where.
   */
  private InputException endInput(CompressedDataException e, long line, String rest)
      throws IOException {
    String name = input.name();
    closeCurrent();
    endedInput = true;
    return InputException.endingInput(
        name, line, e.getMessage() + "; the rest of the input, " + rest + ", cannot be read", e);
  }

  /** The parser options every input is read with. */
  JsonOptions options() {
    return options;
  }

  /** {@code --input-format}: {@link InputFormat#AUTO} decides per input as it is opened. */
  InputFormat format() {
    return format;
  }

  /**
   * True if reading can go on after the last {@link InputException}: NDJSON input, where every line
   * stands alone, and an input whose compressed data failed, which that failure ended (reading goes
   * on with the next input). A malformed document in JSON input ends the conversion.
   */
  boolean canContinue() {
    return lines != null || endedInput;
  }

  /**
   * The text of the line that failed last, for NDJSON input; null for JSON input and for a failure
   * that ended its input.
   */
  byte[] failedLine() {
    return lines == null ? null : lines.lineBytes();
  }

  /**
   * The current input's name as messages show it ({@code <stdin>} for {@code -}); null before the
   * first.
   */
  String source() {
    return input == null ? null : input.name();
  }

  /** 1-based line where the last document returned started, in {@link #source()}; 0 if none yet. */
  long line() {
    return documentLine;
  }

  /**
   * Bytes read from the inputs so far, as stored (compressed input counts its compressed bytes).
   */
  long bytesRead() {
    return bytesOfClosedInputs
        + (input == null || (lines == null && reader == null) ? 0 : input.raw().count());
  }

  /**
   * Bytes of the inputs still to read, where that is known: 0 once every input is read; in the last
   * input, when it is a local NDJSON file read as it is (not decompressed); else -1.
   */
  long bytesLeft() {
    if (paths.hasNext() || input == null) {
      return -1;
    }
    if (lines == null && reader == null) {
      return 0;
    }
    return lines == null || input.size() < 0 ? -1 : Math.max(0, input.size() - lines.position());
  }

  private void closeCurrent() throws IOException {
    bytesOfClosedInputs += input.raw().count();
    if (reader != null) {
      reader.close(); // closes the input too; stdin itself stays open
    } else {
      input.close();
    }
    reader = null;
    lines = null;
  }

  @Override
  public void close() throws IOException {
    if (reader != null || lines != null) {
      closeCurrent();
    }
  }

  /**
   * "Invalid JSON at line 3, column 17: x" becomes "Invalid JSON: x": {@link InputException} puts
   * the location in front.
   */
  static String withoutLocation(String message) {
    return message.replaceFirst(" at line \\d+, column \\d+", "");
  }

  /**
   * Hints name the options of the commands that read JSON ({@code --max-depth}, {@code
   * --duplicate-keys}, ...) instead of the Java API.
   */
  static String withHints(String message) {
    return UserMessages.of(withoutLocation(message));
  }
}
