// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.variant.arrow.VariantExtensionType;
import io.variant.arrow.VariantVector;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code select --format arrow} writes an Arrow IPC stream that Arrow Java's own {@link
 * ArrowStreamReader} reads back: typed columns as vectors of their types, Variant columns of the
 * {@code arrow.parquet.variant} extension type (its storage struct without the type registered),
 * SQL NULL as null, one batch per batch read, to stdout or to {@code -o}.
 */
class SelectArrowTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"id\": int64, \"p\": decimal(9,2), \"at\": timestamp_ntz}");

  @TempDir Path dir;

  private Path file() throws IOException {
    return Fixtures.parquet(
        dir.resolve("e.parquet"),
        PLAN,
        List.of("v"),
        "{\"id\": 1, \"p\": 9.99, \"u\": {\"k\": [true]}}",
        null,
        "{\"id\": 3, \"p\": \"x\", \"u\": null}");
  }

  @Test
  void typedAndVariantColumnsRoundTripThroughArrowsStreamReader() throws IOException {
    byte[] stream =
        arrow(
            "select",
            file().toString(),
            "$.id::bigint",
            "$.p::decimal(9,2)",
            "$.p::double",
            "$.u",
            "--lenient",
            "--format",
            "arrow");
    try (VariantExtensionType.Registration registered = VariantExtensionType.register();
        BufferAllocator allocator = new RootAllocator();
        ArrowStreamReader reader =
            new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      assertEquals(
          List.of(
              new ArrowType.Int(64, true),
              new ArrowType.Decimal(9, 2, 128),
              new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
          root.getSchema().getFields().subList(0, 3).stream().map(f -> f.getType()).toList());
      assertEquals(
          List.of("$.id::bigint", "$.p::decimal(9,2)", "$.p::double", "$.u"),
          root.getSchema().getFields().stream().map(f -> f.getName()).toList());
      List<List<Object>> rows = new ArrayList<>();
      while (reader.loadNextBatch()) {
        for (int row = 0; row < root.getRowCount(); row++) {
          List<Object> values = new ArrayList<>();
          for (FieldVector v : root.getFieldVectors()) {
            values.add(v instanceof VariantVector vv ? vv.getObject(row) : v.getObject(row));
          }
          rows.add(values);
        }
      }
      assertInstanceOf(VariantVector.class, root.getVector("$.u"));
      assertEquals(3, rows.size());
      assertEquals(
          Arrays.asList(1L, new BigDecimal("9.99"), 9.99, VariantJson.parse("{\"k\": [true]}")),
          rows.get(0));
      assertEquals(Arrays.asList(null, null, null, null), rows.get(1));
      assertEquals(Arrays.asList(3L, null, null, VariantJson.parse("null")), rows.get(2));
    }
  }

  @Test
  void withoutTheExtensionTheVariantColumnIsItsStorageStruct() throws IOException {
    Path out = dir.resolve("out.arrows");
    Fixtures.ok("select", file().toString(), "$.u", "--format", "arrow", "-o", out.toString());
    try (BufferAllocator allocator = new RootAllocator();
        InputStream in = Files.newInputStream(out);
        ArrowStreamReader reader = new ArrowStreamReader(in, allocator)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      assertEquals(
          "arrow.parquet.variant",
          root.getSchema().getFields().get(0).getMetadata().get("ARROW:extension:name"));
      int rows = 0;
      while (reader.loadNextBatch()) {
        StructVector storage = (StructVector) root.getVector(0);
        assertEquals(List.of("metadata", "value"), storage.getChildFieldNames());
        rows += root.getRowCount();
      }
      assertEquals(3, rows);
    }
  }

  @Test
  void anEmptySelectionIsAStreamWithTheSchemaAndNoRows() throws IOException {
    byte[] stream =
        arrow(
            "select",
            file().toString(),
            "$.at::timestamp_ntz",
            "--format",
            "arrow",
            "--where",
            "$.id > 100");
    try (BufferAllocator allocator = new RootAllocator();
        ArrowStreamReader reader =
            new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
      assertEquals(
          new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
          reader.getVectorSchemaRoot().getSchema().getFields().get(0).getType());
      int rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      assertEquals(0, rows);
    }
  }

  /** Runs {@code args}, which must succeed; returns the bytes written to stdout. */
  private static byte[] arrow(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CliRunner.Result r = CliRunner.run(new ByteArrayInputStream(new byte[0]), out, args);
    assertEquals(0, r.exitCode(), r.err());
    return out.toByteArray();
  }
}
