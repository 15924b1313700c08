// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.arrow.parquet.BatchOptions;
import io.variant.arrow.parquet.VariantBatchReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Our batch reader's batches of a file as an Arrow stream for an engine to import: each VARIANT
 * column as {@code arrow.parquet.variant}, or as its storage struct without the extension name.
 */
final class OurBatches extends ArrowReader {
  /** How a VARIANT column is handed over. */
  enum As {
    VARIANT,
    STORAGE
  }

  private static final String EXTENSION_NAME = "ARROW:extension:name";
  private static final String EXTENSION_METADATA = "ARROW:extension:metadata";

  private final VariantBatchReader reader;
  private final Schema schema;

  OurBatches(Path file, BufferAllocator allocator, As as, int batchSize) throws IOException {
    super(allocator);
    this.reader =
        VariantBatchReader.open(file, allocator, BatchOptions.defaults().withBatchSize(batchSize));
    Schema ours = reader.root().getSchema();
    this.schema = as == As.VARIANT ? ours : storage(ours);
  }

  private static Schema storage(Schema schema) {
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      if (f.getType() instanceof ArrowType.ExtensionType e) {
        Map<String, String> metadata = new HashMap<>(f.getMetadata());
        metadata.remove(EXTENSION_NAME);
        metadata.remove(EXTENSION_METADATA);
        FieldType type = new FieldType(f.isNullable(), e.storageType(), null, metadata);
        fields.add(new Field(f.getName(), type, f.getChildren()));
      } else {
        fields.add(f);
      }
    }
    return new Schema(fields);
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    if (!reader.loadNextBatch()) {
      return false;
    }
    try (ArrowRecordBatch batch = new VectorUnloader(reader.root()).getRecordBatch()) {
      new VectorLoader(getVectorSchemaRoot()).load(batch);
    }
    return true;
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  @Override
  protected void closeReadSource() throws IOException {
    reader.close();
  }

  @Override
  protected Schema readSchema() {
    return schema;
  }
}
