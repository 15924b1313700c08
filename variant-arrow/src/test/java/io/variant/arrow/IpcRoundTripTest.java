// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;
import org.junit.jupiter.api.Test;

/**
 * Columns of the extension type, shredded and not, written as an Arrow IPC file and stream, read
 * back by Arrow Java's own readers: with the type registered they come back as {@link
 * VariantVector}s with the same rows; without, as their storage structs, the extension name kept in
 * the field metadata.
 */
class IpcRoundTripTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"id\": int64, \"tags\": [string], \"price\": decimal(9,2)}");

  private static final String[] ROWS = {
    "{\"id\": 1, \"tags\": [\"a\", \"b\"], \"price\": 9.99}",
    "{\"id\": \"x\", \"extra\": true}",
    null,
    "[1, 2, {\"id\": 3}]",
    "null",
  };

  private static List<Variant> rows() {
    List<Variant> rows = new ArrayList<>();
    for (String json : ROWS) {
      rows.add(json == null ? null : VariantJson.parse(json));
    }
    return rows;
  }

  /** Writes one batch of an unshredded and a shredded column; returns the bytes. */
  private static byte[] write(BufferAllocator allocator, boolean asFile) throws IOException {
    try (VariantVector plain = Columns.unshredded(rows(), allocator);
        VariantVector shredded = Shred.shred(plain, PLAN);
        VectorSchemaRoot root = new VectorSchemaRoot(List.<FieldVector>of(plain, shredded))) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (ArrowWriter writer =
          asFile
              ? new ArrowFileWriter(root, null, Channels.newChannel(out))
              : new ArrowStreamWriter(root, null, Channels.newChannel(out))) {
        writer.start();
        writer.writeBatch();
        writer.end();
      }
      return out.toByteArray();
    }
  }

  private static ArrowReader reader(byte[] bytes, boolean asFile, BufferAllocator allocator) {
    return asFile
        ? new ArrowFileReader(new ByteArrayReadableSeekableByteChannel(bytes), allocator)
        : new ArrowStreamReader(new ByteArrayInputStream(bytes), allocator);
  }

  private static void roundTripsAsVariantVectors(boolean asFile) throws IOException {
    VariantExtensionType.Registration registration = VariantExtensionType.register();
    try (RootAllocator allocator = new RootAllocator()) {
      byte[] bytes = write(allocator, asFile);
      try (ArrowReader reader = reader(bytes, asFile, allocator)) {
        reader.loadNextBatch();
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        List<Variant> rows = rows();
        assertEquals(rows.size(), root.getRowCount());
        for (int c = 0; c < 2; c++) {
          FieldVector vector = root.getVector(c);
          Field field = root.getSchema().getFields().get(c);
          assertEquals(VariantExtensionType.INSTANCE, field.getType());
          VariantVector column = assertInstanceOf(VariantVector.class, vector);
          assertEquals(c == 0 ? ShreddingPlan.residual() : PLAN, column.plan());
          try (VariantVector whole = Unshred.unshred(column)) {
            for (int row = 0; row < rows.size(); row++) {
              Variant expected = rows.get(row);
              Variant actual = whole.getObject(row);
              if (expected == null) {
                assertNull(actual, "row " + row);
              } else {
                assertEquals(
                    VariantJson.toJson(expected), VariantJson.toJson(actual), "row " + row);
              }
            }
          }
        }
      }
    } finally {
      registration.close();
    }
  }

  private static void keepsTheExtensionNameUnregistered(boolean asFile) throws IOException {
    try (RootAllocator allocator = new RootAllocator()) {
      byte[] bytes = write(allocator, asFile);
      try (ArrowReader reader = reader(bytes, asFile, allocator)) {
        reader.loadNextBatch();
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        Field field = root.getSchema().getFields().get(1);
        assertEquals(ArrowType.Struct.INSTANCE, field.getType());
        assertEquals(
            VariantExtensionType.NAME,
            field.getMetadata().get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME));
        StructVector storage = assertInstanceOf(StructVector.class, root.getVector(1));
        assertEquals(PLAN, StorageFields.plan(field));
        Variant first = rows().get(0);
        assertArrayEquals(
            first.metadataBytes(), (byte[]) storage.getChild("metadata").getObject(0));
      }
    }
  }

  @Test
  void fileRoundTripsAsVariantVectors() throws IOException {
    roundTripsAsVariantVectors(true);
  }

  @Test
  void streamRoundTripsAsVariantVectors() throws IOException {
    roundTripsAsVariantVectors(false);
  }

  @Test
  void fileKeepsTheExtensionNameWhenTheTypeIsNotRegistered() throws IOException {
    keepsTheExtensionNameUnregistered(true);
  }

  @Test
  void streamKeepsTheExtensionNameWhenTheTypeIsNotRegistered() throws IOException {
    keepsTheExtensionNameUnregistered(false);
  }
}
