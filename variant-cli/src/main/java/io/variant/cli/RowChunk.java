// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import java.util.Arrays;

/**
 * Consecutive rows of {@code convert}'s input as the reading thread found them, for one converting
 * thread ({@link ChunkConverter}): NDJSON lines not yet parsed (their bytes, copied), documents
 * already parsed (JSON input, rows the plan's sample kept), and the failures met while reading, in
 * input order. A chunk ends once its rows' text reaches its size or it holds a row per 64 bytes of
 * it, at the end of the input, or at a failure after which reading cannot go on (kept as {@link
 * #fatal()}). Its rows become row groups of their own: where chunks end depends on the input alone,
 * so the file does not depend on the number of threads. <b>Thread safety:</b> filled by one thread,
 * then handed to another through a queue; never shared.
 */
final class RowChunk {
  /**
   * Text (NDJSON lines, parsed or not, or the encoded size of the documents of JSON input) after
   * which a chunk ends, unless {@code --chunk-size} says otherwise. Smaller chunks share work out
   * more evenly between threads; larger ones make larger row groups (16 MiB of the event log in
   * {@code testdata} makes row groups of about 51,000 rows, 1.3 MB).
   */
  static final int DEFAULT_BYTES = 16 << 20;

  /** Bytes per row below which a chunk ends by its row count instead: its index stays small. */
  private static final int MIN_ROW_BYTES = 64;

  private final int maxBytes;
  private final int maxRows;

  /** A row that failed while being read: what {@link RowErrors#reject} needs. */
  record Failure(InputException error, boolean canContinue, byte[] text) {}

  private byte[] text = new byte[1 << 16];
  private int textLength;
  private long weight; // text plus the encoded size of parsed rows
  private int size;
  private int[] rawStart = new int[256]; // a line's bytes in text
  private int[] rawEnd = new int[256];
  private int[] docStart = new int[256]; // its document (no byte order mark, no \r)
  private int[] docEnd = new int[256];
  private long[] lines = new long[256];
  private String[] sources = new String[256];
  private Object[] items = new Object[256]; // null: a line; else a Variant or a Failure
  private Throwable fatal;
  private long bytesRead;

  /** An empty chunk that ends at {@code maxBytes} of text, or {@code maxBytes / 64} rows. */
  RowChunk(int maxBytes) {
    this.maxBytes = maxBytes;
    this.maxRows = Math.max(1, maxBytes / MIN_ROW_BYTES);
  }

  /** Adds an NDJSON line: its bytes {@code [0, length)}, the document in {@code [from, to)}. */
  void addLine(String source, long line, byte[] bytes, int length, int from, int to) {
    int at = next(source, line, null);
    if (textLength + length > text.length) { // doubled, but not far past the chunk's size
      int doubled = (int) Math.min(2L * text.length, maxBytes + (1 << 16));
      text = Arrays.copyOf(text, Math.max(textLength + length, doubled));
    }
    System.arraycopy(bytes, 0, text, textLength, length);
    rawStart[at] = textLength;
    rawEnd[at] = textLength + length;
    docStart[at] = textLength + from;
    docEnd[at] = textLength + to;
    textLength += length;
    weight += length;
  }

  /**
   * Adds a document already parsed, weighing {@code weight} bytes: the text of its NDJSON line (a
   * row a plan's sample read ahead), else its encoded size (JSON input).
   */
  void addValue(String source, long line, Variant value, long weight) {
    next(source, line, value);
    this.weight += weight;
  }

  /** Adds a row that failed while being read. */
  void addFailure(InputException e, boolean canContinue, byte[] failedText) {
    next(e.source(), e.line(), new Failure(e, canContinue, failedText));
  }

  /** Ends the chunk, and the reading, with a failure that is not a row's. */
  void fail(Throwable t) {
    fatal = t;
  }

  private int next(String source, long line, Object item) {
    if (size == items.length) {
      int n = 2 * size;
      rawStart = Arrays.copyOf(rawStart, n);
      rawEnd = Arrays.copyOf(rawEnd, n);
      docStart = Arrays.copyOf(docStart, n);
      docEnd = Arrays.copyOf(docEnd, n);
      lines = Arrays.copyOf(lines, n);
      sources = Arrays.copyOf(sources, n);
      items = Arrays.copyOf(items, n);
    }
    sources[size] = source;
    lines[size] = line;
    items[size] = item;
    return size++;
  }

  /** True once no row may be added: the chunk is full, or reading failed. */
  boolean isFull() {
    return weight >= maxBytes || size >= maxRows || fatal != null;
  }

  /** The rows and failures, in input order. */
  int size() {
    return size;
  }

  /** Row {@code i}: null for an NDJSON line, else its {@link Variant} or {@link Failure}. */
  Object item(int i) {
    return items[i];
  }

  String source(int i) {
    return sources[i];
  }

  /** 1-based line where row {@code i} starts; 0 if unknown. */
  long line(int i) {
    return lines[i];
  }

  /** The text all lines are in. */
  byte[] text() {
    return text;
  }

  /** Where line {@code i}'s document starts in {@link #text()}; 3 past its byte order mark. */
  int docStart(int i) {
    return docStart[i];
  }

  int docEnd(int i) {
    return docEnd[i];
  }

  /** True if line {@code i} starts with a byte order mark, before its document. */
  boolean afterByteOrderMark(int i) {
    return docStart[i] > rawStart[i];
  }

  /** Line {@code i} as read (up to 64 KiB), for the rejects file. */
  byte[] rawLine(int i) {
    return Arrays.copyOfRange(text, rawStart[i], Math.min(rawEnd[i], rawStart[i] + (64 << 10)));
  }

  /** The failure that ended reading after the rows, or null. */
  Throwable fatal() {
    return fatal;
  }

  /** Bytes the inputs had given when the chunk ended, as stored (for progress). */
  long bytesRead() {
    return bytesRead;
  }

  void bytesRead(long bytes) {
    bytesRead = bytes;
  }
}
