// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.VariantMetadata;
import io.variant.core.internal.ExclusiveUse;
import io.variant.parquet.VariantRecord;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;

/**
 * Encodes rows into row groups in memory, apart from the file they go to, so that several threads
 * can shred, encode and compress the rows of one file: each thread writes a run of consecutive rows
 * into its own encoder, {@link #finish()}es the run, and one thread {@link
 * VariantParquetWriter#append appends} the runs' groups in order. Made by {@link
 * VariantParquetWriter#encoder()}, with that writer's columns and options.
 *
 * <pre>{@code
 * RowGroupEncoder encoder = writer.encoder(); // on the writer's thread, then handed over
 * try (encoder) { // on a worker thread
 *   for (VariantRecord r : run) {
 *     encoder.write(r);
 *   }
 *   List<EncodedRowGroup> groups = encoder.finish(); // hand these to the writing thread
 * }
 * }</pre>
 *
 * <p><b>Determinism:</b> a run is cut into row groups by the writer's rule ({@code
 * ParquetWriter}'s: the row-group size and row limit), starting afresh at each run, and a row group
 * holds rows of one run only; so the groups, and the file they make, depend on the rows and the
 * runs' bounds alone, not on which thread encoded which run. <b>Thread safety:</b> none; one
 * encoder per thread. Sharing one is detected: a call that starts while another thread's is inside
 * fails with {@link java.util.ConcurrentModificationException} ({@link ExclusiveUse}).
 */
public final class RowGroupEncoder implements Closeable {
  private final VariantWriteSupport support;
  private final ParquetProperties props;
  private final PageCompression compression;
  private final EncodedRowGroup.Format format;
  private final long rowGroupBytes;
  private final ColumnWriter[] leaves;
  private final List<EncodedRowGroup> done = new ArrayList<>();
  private RowGroupCut cut;
  private RowGroupBuffer group; // null until a run's first row
  // the object counts at the end of the last group, so that each group carries its own rows'
  private ColumnObjectCounts counted = ColumnObjectCounts.NONE;
  private boolean failed;
  private boolean closed;
  private final ExclusiveUse use =
      new ExclusiveUse(
          "RowGroupEncoder", "make one per thread with VariantParquetWriter.encoder()");

  RowGroupEncoder(List<WriteColumn> columns, WriteOptions options, boolean typedColumnEncodings) {
    this.support = new VariantWriteSupport(columns, options.extraMetadata());
    this.props =
        RowGroupWriter.properties(
            options, typedColumnEncodings ? PageCompression.weighing(this::compression) : null);
    this.format =
        new EncodedRowGroup.Format(support.schema(), options.codec(), typedColumnEncodings);
    this.rowGroupBytes = options.rowGroupSize();
    this.leaves = new ColumnWriter[support.schema().getColumns().size()];
    this.compression = new PageCompression(options, props.getPageSizeThreshold());
  }

  /** Weighs encodings for this writer's values writers, once rows come: after the constructor. */
  private PageCompression compression() {
    return compression;
  }

  /**
   * The dictionary to build rows of VARIANT column {@code column} on, as {@link
   * VariantParquetWriter#metadata}; the same for every encoder of one writer.
   */
  public VariantMetadata metadata(String column) {
    return support.sharedDictionary(column);
  }

  /**
   * Encodes one row after the run's rows so far.
   *
   * @throws IllegalArgumentException if the record's columns or value types do not match the
   *     writer's (the encoder stays usable)
   * @throws IllegalStateException if the encoder is closed or an earlier write failed
   * @throws IOException if a page cannot be compressed
   */
  public void write(VariantRecord record) throws IOException {
    use.enter();
    try {
      if (closed || failed) {
        throw new IllegalStateException(
            "Cannot write: the encoder is " + (closed ? "closed" : "failed; close it"));
      }
      support.checkBeforeWrite(record);
      failed = true; // until the row is whole
      if (group == null) {
        group = new RowGroupBuffer(support.schema(), props, compression.compressor(), 0, leaves);
        cut = cut == null ? new RowGroupCut(props) : cut;
      }
      support.writeLeaves(leaves, record);
      group.endRow();
      if (cut.due(group, rowGroupBytes)) {
        endGroup();
        cut.cut();
      }
      failed = false;
    } finally {
      use.exit();
    }
  }

  /**
   * Ends the run: its rows, encoded and compressed, as row groups in order (none if no row was
   * written since the last call). The next row starts a new run, cut as if it began a file.
   *
   * @throws IllegalStateException if the encoder is closed or an earlier write failed
   */
  public List<EncodedRowGroup> finish() {
    use.enter();
    try {
      if (closed || failed) {
        throw new IllegalStateException(
            "Cannot finish: the encoder is " + (closed ? "closed" : "failed; close it"));
      }
      if (group != null) {
        endGroup();
      }
      List<EncodedRowGroup> run = List.copyOf(done);
      done.clear();
      cut = null;
      return run;
    } finally {
      use.exit();
    }
  }

  private void endGroup() {
    group.finish();
    compression.forgetKept();
    ColumnObjectCounts now = support.objectCounts();
    done.add(new EncodedRowGroup(group, format, now.minus(counted)));
    counted = now;
    group = null;
  }

  /** Drops an unfinished run and frees the compressor; groups already finished stay valid. */
  @Override
  public void close() {
    use.enter();
    try {
      if (closed) {
        return;
      }
      closed = true;
      if (group != null) {
        group.close();
        group = null;
      }
      compression.close();
    } finally {
      use.exit();
    }
  }
}
