// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantBatchWriter}'s choices of plan and nullability, and what it refuses: before a batch
 * is written (the writer stays usable) or part-way (the file is discarded).
 */
class VariantBatchWriterTest {
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");

  @TempDir Path tmp;
  private BufferAllocator allocator;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void close() {
    allocator.close(); // fails on a leak
  }

  private static List<Variant> rows(int n) {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(VariantJson.parse("{\"a\": " + i + ", \"b\": \"s" + (i % 7) + "\", \"c\": [1]}"));
    }
    return rows;
  }

  private VectorSchemaRoot batch(List<Variant> rows, int first, ShreddingPlan stored) {
    return BatchWriterPropertyTest.batch(rows, first, stored, allocator);
  }

  private Schema schema(ShreddingPlan stored) {
    return BatchWriterPropertyTest.schema(allocator, stored);
  }

  private static MessageType schemaOf(Path file) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      return r.schema();
    }
  }

  private void writeRows(Path file, List<Variant> rows, VariantBatchWriter.Builder builder)
      throws IOException {
    try (VariantBatchWriter w = builder.build(schema(null));
        VectorSchemaRoot b = batch(rows, 0, null)) {
      w.write(b);
    }
  }

  @Test
  void anUnshreddedColumnWithoutAPlanIsShreddedByTheInferredOne() throws IOException {
    List<Variant> rows = rows(300);
    Path file = tmp.resolve("inferred.parquet");
    writeRows(file, rows, VariantBatchWriter.builder(file));
    Path byRows = tmp.resolve("rows.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(byRows)
            .longColumn("id")
            .stringColumn("name")
            .variantColumn(BatchFiles.COLUMN)
            .build()) {
      BatchFiles.writeRows(w, rows);
    }
    MessageType schema = schemaOf(file);
    assertEquals(schemaOf(byRows), schema);
    assertTrue(schema.getType(BatchFiles.COLUMN).asGroupType().containsField("typed_value"));
    assertEquals(rows, BatchFiles.rowReader(file, BatchFiles.COLUMN));
  }

  @Test
  void aShreddedColumnWithoutAPlanKeepsItsOwn() throws IOException {
    List<Variant> rows = rows(20);
    Path file = tmp.resolve("own.parquet");
    try (VariantBatchWriter w = VariantBatchWriter.builder(file).build(schema(PLAN));
        VectorSchemaRoot b = batch(rows, 0, PLAN)) {
      w.write(b);
    }
    Path byRows = tmp.resolve("rows.parquet");
    BatchFiles.write(byRows, PLAN, rows, new Random(1), ShreddingLayout.SPEC, true);
    assertEquals(schemaOf(byRows), schemaOf(file));
  }

  @Test
  void aRequiredColumnRefusesABatchWithSqlNullAndStaysUsable() throws IOException {
    Path file = tmp.resolve("required.parquet");
    Schema schema = notNullable(schema(null), BatchFiles.COLUMN);
    List<Variant> withNull = new ArrayList<>(rows(4));
    withNull.set(2, null);
    try (VariantBatchWriter w =
        VariantBatchWriter.builder(file).plan(BatchFiles.COLUMN, PLAN).build(schema)) {
      try (VectorSchemaRoot b = batch(rows(3), 0, null)) {
        w.write(b);
      }
      try (VectorSchemaRoot b = batch(withNull, 3, null)) {
        VariantParquetException e = assertThrows(VariantParquetException.class, () -> w.write(b));
        assertEquals(BatchFiles.COLUMN, e.column());
        assertEquals(5, e.row(), e.getMessage());
      }
      try (VectorSchemaRoot b = batch(rows(2), 3, null)) {
        w.write(b);
      }
    }
    assertEquals(
        Type.Repetition.REQUIRED, schemaOf(file).getType(BatchFiles.COLUMN).getRepetition());
    assertEquals(5, BatchFiles.rowReader(file, BatchFiles.COLUMN).size());
  }

  @Test
  void columnsOfDifferentNullabilityKeepTheirOwn() throws IOException {
    Path file = tmp.resolve("two.parquet");
    try (VectorSchemaRoot b = batch(rows(3), 0, null)) {
      VariantVector v = (VariantVector) b.getVector(BatchFiles.COLUMN);
      Field second =
          new Field(
              "w", new FieldType(false, v.getField().getType(), null), v.getField().getChildren());
      Schema schema =
          new Schema(Stream.concat(b.getSchema().getFields().stream(), Stream.of(second)).toList());
      try (VariantBatchWriter w =
          VariantBatchWriter.builder(file)
              .plan(BatchFiles.COLUMN, PLAN)
              .plan("w", ShreddingPlan.residual())
              .build(schema)) {
        assertEquals(schema, w.schema());
      }
    }
    MessageType written = schemaOf(file);
    assertEquals(Type.Repetition.OPTIONAL, written.getType(BatchFiles.COLUMN).getRepetition());
    assertEquals(Type.Repetition.REQUIRED, written.getType("w").getRepetition());
  }

  @Test
  void aFieldOfAnotherTypeIsRefusedBeforeAnythingIsWritten() {
    Path file = tmp.resolve("float.parquet");
    try (Float4Vector f = new Float4Vector("f", allocator)) {
      Schema schema = new Schema(List.of(f.getField()));
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> VariantBatchWriter.builder(file).build(schema));
      assertTrue(e.getMessage().contains("\"f\""), e.getMessage());
    }
    assertFalse(Files.exists(file));
  }

  @Test
  void aPlanForAColumnThatIsNotVariantIsRefused() {
    Path file = tmp.resolve("plan.parquet");
    assertThrows(
        IllegalArgumentException.class,
        () -> VariantBatchWriter.builder(file).plan("name", PLAN).build(schema(null)));
    assertThrows(
        IllegalArgumentException.class,
        () -> VariantBatchWriter.builder(file).plan("nothing", PLAN).build(schema(null)));
    assertFalse(Files.exists(file));
  }

  @Test
  void aBatchOfAnotherSchemaIsRefusedAndTheWriterStaysUsable() throws IOException {
    Path file = tmp.resolve("schema.parquet");
    try (VariantBatchWriter w =
        VariantBatchWriter.builder(file).plan(BatchFiles.COLUMN, PLAN).build(schema(null))) {
      try (VarCharVector other = new VarCharVector("other", allocator);
          VectorSchemaRoot b = new VectorSchemaRoot(List.of(other))) {
        assertThrows(IllegalArgumentException.class, () -> w.write(b));
      }
      try (VectorSchemaRoot b = batch(rows(2), 0, PLAN)) {
        w.write(b); // shredded storage where the first was unshredded: the same columns
      }
    }
    assertEquals(rows(2), BatchFiles.rowReader(file, BatchFiles.COLUMN));
  }

  @Test
  void aBatchWhoseVectorsHoldFewerValuesThanItsRowsIsRefused() throws IOException {
    Path file = tmp.resolve("short.parquet");
    try (VariantBatchWriter w =
        VariantBatchWriter.builder(file).plan(BatchFiles.COLUMN, PLAN).build(schema(null))) {
      try (VectorSchemaRoot b = batch(rows(3), 0, null)) {
        b.getVector("name").setValueCount(2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(b));
        assertTrue(e.getMessage().contains("\"name\" holds 2 values"), e.getMessage());
      }
      assertEquals(0, w.rowCount());
    }
    assertEquals(List.of(), BatchFiles.rowReader(file, BatchFiles.COLUMN));
  }

  @Test
  void aBatchFailingPartWayLeavesNoFile() throws IOException {
    Path file = tmp.resolve("failed.parquet");
    VariantBatchWriter w =
        VariantBatchWriter.builder(file).plan(BatchFiles.COLUMN, PLAN).build(schema(null));
    try (VectorSchemaRoot b = batch(rows(4), 0, null)) {
      VarCharVector name = (VarCharVector) b.getVector("name");
      name.set(2, new byte[] {(byte) 0xC3, (byte) 0x28}); // not UTF-8
      VariantParquetException e = assertThrows(VariantParquetException.class, () -> w.write(b));
      assertEquals("name", e.column());
      assertEquals(2, e.row());
      assertThrows(IllegalStateException.class, () -> w.write(b));
    }
    IOException closed = assertThrows(IOException.class, w::close);
    assertTrue(closed.getMessage().contains("discarded"), closed.getMessage());
    try (Stream<Path> left = Files.list(tmp)) {
      assertEquals(List.of(), left.toList());
    }
  }

  private static Schema notNullable(Schema schema, String column) {
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(
          f.getName().equals(column)
              ? new Field(f.getName(), new FieldType(false, f.getType(), null), f.getChildren())
              : f);
    }
    return new Schema(fields);
  }
}
