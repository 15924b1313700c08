// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.VariantGet;
import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.read.TestFileWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Object field groups declared {@code optional} in the spec layout, which makes them required
 * (spec: VariantShredding §Objects): the shredded batches read them as the row reader does. A
 * present group reads as a required one; a null group, which the spec gives no meaning, fails its
 * batch naming the group's column, as the row reader and unshredded batches fail its row, where the
 * Arrow storage would have read it as a missing field.
 */
class BatchReaderOptionalFieldGroupTest {
  private static final String A = "v.typed_value.a";
  private static final String X = "v.typed_value.l.typed_value.list.element.typed_value.x";

  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id;"
              + " optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
              + "   optional group typed_value {"
              + "     optional group a { optional binary value; optional int64 typed_value; }"
              + "     optional group b { optional binary value; optional binary typed_value (STRING); }"
              + "     optional group l { optional binary value; optional group typed_value (LIST) {"
              + "       repeated group list { required group element { optional binary value;"
              + "         optional group typed_value {"
              + "           optional group x { optional binary value; optional int64 typed_value; }"
              + "         } } } } } } } }");

  private static final byte[] METADATA =
      VariantJson.parse("{\"a\": 0, \"b\": 0, \"l\": 0, \"x\": 0}").metadataBytes();

  @TempDir Path tmp;

  @Test
  void aNullOptionalFieldGroupFailsItsBatchNamingTheGroup() throws IOException {
    for (String group : List.of(A, X)) {
      Path file = file(group);
      VariantParquetException rows =
          assertThrows(VariantParquetException.class, () -> BatchFiles.rowReader(file, "v"));
      assertEquals(group, rows.column());
      for (BatchOptions options :
          List.of(BatchOptions.defaults(), BatchOptions.defaults().withUnshredded())) {
        VariantParquetException e =
            assertThrows(VariantParquetException.class, () -> read(file, options));
        assertEquals(group, e.column(), e.getMessage());
        assertTrue(e.getMessage().contains("the field group is null"), e.getMessage());
        assertTrue(e.getMessage().contains("declares it optional"), e.getMessage());
      }
    }
  }

  @Test
  void aProjectionFailsWhereItReadsTheNullGroupOnly() throws IOException {
    Path file = file(A);
    for (String path : List.of("$", "$.a")) {
      BatchOptions options = BatchOptions.defaults().withPaths("v", VariantPath.parse(path));
      VariantParquetException e =
          assertThrows(VariantParquetException.class, () -> read(file, options), path);
      assertEquals(A, e.column(), path);
    }
    // $.b reads only b's columns, as the row reader's projection does: group a is not read
    BatchOptions b = BatchOptions.defaults().withPaths("v", VariantPath.parse("$.b"));
    assertEquals(List.of("\"x\"", "\"x\"", "\"x\"", "\"x\""), read(file, b, "$.b"));
  }

  @Test
  void presentOptionalGroupsReadAsTheRowReaderReadsThem() throws IOException {
    Path file = file(null);
    List<Variant> rows = BatchFiles.rowReader(file, "v");
    assertEquals("{\"b\":\"x\",\"l\":[{}]}", VariantJson.toJson(rows.get(2)), "row 2: missing");
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int size : new int[] {1, 3, 64}) {
        assertEquals(rows, BatchFiles.batchRows(file, "v", allocator, size), "batch size " + size);
      }
    }
  }

  /**
   * Rows 0..3: {@code {"a": 7, "b": "x", "l": [{"x": 1}]}}; in row 2 the groups of {@code a} and
   * {@code x} are present with both parts null (the fields are missing, as the spec writes it); in
   * row 1 the group {@code nullGroup} (one of {@link #A} and {@link #X}, or {@code null}: none) is
   * null.
   */
  private Path file(String nullGroup) throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (long id = 0; id < 4; id++) {
      Group row = f.newGroup().append("id", id);
      Group typed =
          row.addGroup("v")
              .append("metadata", Binary.fromConstantByteArray(METADATA))
              .addGroup("typed_value");
      if (id != 1 || !A.equals(nullGroup)) {
        Group a = typed.addGroup("a");
        if (id != 2) {
          a.append("typed_value", 7L);
        }
      }
      typed.addGroup("b").append("typed_value", "x");
      Group element =
          typed
              .addGroup("l")
              .addGroup("typed_value")
              .addGroup("list")
              .addGroup("element")
              .addGroup("typed_value");
      if (id != 1 || !X.equals(nullGroup)) {
        Group x = element.addGroup("x");
        if (id != 2) {
          x.append("typed_value", 1L);
        }
      }
      rows.add(row);
    }
    Path file =
        tmp.resolve("optional-groups-" + (nullGroup == null ? "none" : nullGroup) + ".parquet");
    TestFileWriter.writeRaw(file, SCHEMA, rows);
    return file;
  }

  /** Reads every batch of {@code file}. */
  private static void read(Path file, BatchOptions options) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader = VariantBatchReader.open(file, allocator, options)) {
      while (reader.loadNextBatch()) {
        // every batch, to the end
      }
    }
  }

  /** {@code path} of every row of {@code file}'s batches, as JSON. */
  private static List<String> read(Path file, BatchOptions options, String path)
      throws IOException {
    List<String> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader = VariantBatchReader.open(file, allocator, options)) {
      while (reader.loadNextBatch()) {
        VariantVector batch = (VariantVector) reader.root().getVector("v");
        try (VariantVector values = VariantGet.variantGet(batch, VariantPath.parse(path))) {
          for (int row = 0; row < values.getValueCount(); row++) {
            out.add(VariantJson.toJson(values.getObject(row)));
          }
        }
      }
    }
    return out;
  }
}
