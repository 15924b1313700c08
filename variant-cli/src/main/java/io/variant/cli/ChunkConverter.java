// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantMetadata;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.TemporalStrings;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.EncodedRowGroup;
import io.variant.parquet.write.RowGroupEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Converts {@link RowChunk}s into row groups, for one thread of {@code convert}: parses the NDJSON
 * lines (with a parser of its own, over its encoder's dictionary, so that the encoder takes the
 * rows as they are), converts temporal strings ({@code --infer-temporal}), and shreds, encodes and
 * compresses the rows ({@link RowGroupEncoder}). Bad rows are not judged here: they are handed on
 * in order, for {@link RowErrors} to skip or fail on in input order. <b>Thread safety:</b> none;
 * each thread has its own (its parser, temporal converter and encoder are not thread-safe).
 */
final class ChunkConverter implements ConvertThreads.Converter {
  /**
   * What a chunk became.
   *
   * @param groups its rows, encoded; empty if {@code fatal} is set
   * @param rows the rows written into {@code groups}
   * @param failures the rows that failed, in order, for {@link RowErrors#reject}
   * @param fatal what ended the conversion after the failures, or null
   * @param temporal strings {@code --infer-temporal} converted
   * @param bytesRead {@link RowChunk#bytesRead()}
   */
  record Converted(
      List<EncodedRowGroup> groups,
      long rows,
      List<RowChunk.Failure> failures,
      Throwable fatal,
      long temporal,
      long bytesRead) {}

  /** How rows become records: the VARIANT column's name, and OUT's name for messages. */
  record Columns(String column, String output) {}

  private final RowGroupEncoder encoder;
  private final JsonRowParser parser;
  private final TemporalStrings temporal; // null without --infer-temporal
  private final Columns columns;
  private final boolean skips; // --on-error skip: a bad line does not end the chunk
  private final BooleanSupplier cancelled;

  /**
   * @param temporal the thread's own converter, or null
   * @param cancelled true once the conversion has failed elsewhere: the chunk is left unfinished
   */
  ChunkConverter(
      RowGroupEncoder encoder,
      JsonOptions options,
      TemporalStrings temporal,
      Columns columns,
      boolean skips,
      BooleanSupplier cancelled) {
    this.encoder = encoder;
    VariantMetadata dictionary = encoder.metadata(columns.column());
    this.parser =
        dictionary == null
            ? VariantJson.rowParser(options)
            : VariantJson.rowParser(options, dictionary);
    this.temporal = temporal;
    this.columns = columns;
    this.skips = skips;
    this.cancelled = cancelled;
  }

  @Override
  public Converted convert(RowChunk chunk) {
    List<RowChunk.Failure> failures = new ArrayList<>(0);
    long convertedBefore = temporal == null ? 0 : temporal.converted();
    long rows = 0;
    Throwable fatal = null;
    boolean ended = false; // by a failure: the rows after it do not count
    for (int i = 0; i < chunk.size() && !ended; i++) {
      if (cancelled.getAsBoolean()) {
        fatal = new IllegalStateException("the conversion failed on another thread");
        break;
      }
      Object item = chunk.item(i);
      RowChunk.Failure failed = item instanceof RowChunk.Failure f ? f : null;
      Variant v = null;
      if (failed == null) {
        try {
          v = item != null ? (Variant) item : parse(chunk, i);
        } catch (InputException e) {
          failed = new RowChunk.Failure(e, true, chunk.rawLine(i));
        }
      }
      if (failed != null) {
        failures.add(failed);
        ended = endsConversion(failed);
        continue;
      }
      fatal = write(v, chunk, i);
      ended = fatal != null;
      rows++;
    }
    if (!ended && fatal == null) {
      fatal = chunk.fatal();
    }
    long converted = temporal == null ? 0 : temporal.converted() - convertedBefore;
    List<EncodedRowGroup> groups = ended || fatal != null ? List.of() : encoder.finish();
    return new Converted(groups, rows, failures, fatal, converted, chunk.bytesRead());
  }

  /** True if {@link RowErrors#reject} cannot skip {@code f}; the rows after it do not count. */
  private boolean endsConversion(RowChunk.Failure f) {
    return !skips || !f.canContinue() || f.error().isUnreadable();
  }

  private Variant parse(RowChunk chunk, int i) {
    try {
      return NdjsonReader.parse(
          parser,
          chunk.source(i),
          chunk.line(i),
          chunk.text(),
          chunk.docStart(i),
          chunk.docEnd(i),
          chunk.afterByteOrderMark(i));
    } catch (InputException e) {
      throw new InputException(
          e.source(), e.line(), e.column(), JsonDocuments.withHints(e.detail()), e.getCause());
    }
  }

  /** Writes row {@code i}; what ends the conversion if it cannot be written, else null. */
  private Throwable write(Variant v, RowChunk chunk, int i) {
    if (temporal != null) {
      v = temporal.convert(v);
    }
    try {
      encoder.write(VariantRecord.builder().set(columns.column(), v).build());
      return null;
    } catch (VariantException e) { // the document is valid JSON, yet cannot be shredded or encoded
      return new InputException(
          chunk.source(i), chunk.line(i), 0, "cannot convert the document: " + e.getMessage(), e);
    } catch (IOException e) {
      return new IOException("cannot write " + columns.output() + ": " + IoMessages.reason(e), e);
    }
  }

  @Override
  public void close() {
    encoder.close();
  }
}
