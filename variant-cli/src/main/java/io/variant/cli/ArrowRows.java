// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.arrow.ColumnReader;
import io.variant.arrow.VariantVector;
import io.variant.shredding.ShreddingPlan;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * {@code select --format arrow}: an Arrow IPC stream, one record batch per batch of rows selected.
 * A typed column is a vector of its Arrow type ({@link CastType}), named as the argument was
 * written; a column without a type is an unshredded {@code arrow.parquet.variant} column ({@code
 * metadata} and {@code value} binaries, the extension name in the field metadata), which Arrow
 * readers without the extension read as that struct. The batches' vectors are moved into the
 * stream's, not copied; each Variant is checked first.
 */
final class ArrowRows implements SelectWriter {
  private final VectorSchemaRoot root;
  private final ArrowStreamWriter writer;
  private final OutputStream buffered;
  private boolean finished;

  private ArrowRows(VectorSchemaRoot root, ArrowStreamWriter writer, OutputStream buffered) {
    this.root = root;
    this.writer = writer;
    this.buffered = buffered;
  }

  /** Opens the stream on {@code out} and writes its schema. */
  static ArrowRows open(List<SelectItem> items, OutputStream out, BufferAllocator allocator)
      throws IOException {
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (SelectItem item : items) {
        vectors.add(
            item.type() == null
                ? VariantVector.create(item.label(), ShreddingPlan.residual(), allocator)
                : FieldType.nullable(item.type())
                    .createNewSingleVector(item.label(), allocator, null));
      }
      VectorSchemaRoot root = new VectorSchemaRoot(vectors);
      // buffered: the writer hands on many small pieces (headers, padding, each buffer)
      OutputStream buffered = new BufferedOutputStream(out, Output.BUFFER_CHARS);
      ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(buffered));
      writer.start();
      return new ArrowRows(root, writer, buffered);
    } catch (IOException | RuntimeException e) {
      AutoCloseables.closeNoChecked(AutoCloseables.all(vectors));
      throw e;
    }
  }

  @Override
  public void write(SelectedBatch batch) throws IOException {
    List<FieldVector> columns = batch.columns();
    for (int c = 0; c < columns.size(); c++) {
      if (columns.get(c) instanceof VariantVector v) {
        ColumnReader reader = v.reader();
        for (int row = 0; row < batch.rows(); row++) {
          if (!v.isNull(row)) {
            batch.checks().get(c).checkPart(reader.variant(row), batch.fileRows()[row]);
          }
        }
      }
    }
    for (int c = 0; c < columns.size(); c++) {
      columns.get(c).makeTransferPair(root.getVector(c)).transfer();
    }
    root.setRowCount(batch.rows());
    writer.writeBatch();
  }

  @Override
  public void finish() throws IOException {
    writer.end();
    buffered.flush();
    finished = true;
  }

  /**
   * Releases the vectors. A finished stream is closed (stdout's only flushes; OUT is committed
   * after); an unfinished one is left as it is, without the end-of-stream marker that the writer's
   * own close would add to a failed command's output.
   */
  @Override
  public void close() {
    try {
      if (finished) {
        writer.close();
      }
    } finally {
      root.close();
    }
  }
}
