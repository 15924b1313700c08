// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.Unshred;
import io.variant.arrow.VariantExtensionType;
import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.schema.ShreddingLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our Arrow batches ({@code VariantBatchReader}) handed to DuckDB through its Arrow import, and
 * DuckDB's Arrow export read back, each value compared with our row reader's rows. Every Arrow
 * buffer is released: each allocator is closed, which fails on a leak, after DuckDB's connection.
 */
class DuckDbArrowTest {
  private static final long SEED = 20261124L;
  private static final int ROWS = 2000;
  private static final int BATCH = 300;

  private static List<Variant> source;

  @TempDir Path tmp;

  @BeforeAll
  static void corpus() {
    source = OurFiles.parse(Corpus.documents(SEED, ROWS, true));
  }

  private Path written(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-" + plan + ".parquet");
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC);
    return file;
  }

  /** Unshredded batches are VARIANT in DuckDB, and its JSON of each row is our row's. */
  @Test
  void unshreddedBatchesAreVariants() throws Exception {
    Path file = written(OurFiles.Plan.UNSHREDDED);
    List<Variant> truth = OurFiles.read(file).rows();
    List<Object[]> rows;
    try (BufferAllocator allocator = new RootAllocator();
        DuckDb duck = DuckDb.open()) {
      duck.requireRecordedVersion();
      duck.registerArrow(
          "ours", new OurBatches(file, allocator, OurBatches.As.VARIANT, BATCH), allocator);
      rows = duck.queryRows("SELECT row, typeof(v), CAST(v AS JSON) FROM ours ORDER BY row");
    }
    assertEquals(truth.size(), rows.size());
    Comparison c =
        new Comparison(
            "variant-engine batches, unshredded (arrow.parquet.variant)",
            Engine.DUCKDB.label() + " Arrow import (CAST AS JSON)",
            Comparison.Equality.JSON_TEXT,
            Set.of());
    for (int i = 0; i < rows.size(); i++) {
      assertEquals((long) i, rows.get(i)[0]);
      assertEquals("VARIANT", rows.get(i)[1], "row " + i);
      Object json = rows.get(i)[2];
      c.row(i, truth.get(i), json == null ? null : VariantJson.parse(json.toString()));
    }
    c.finish();
  }

  /**
   * DuckDB refuses the extension in the shredded storage; a DuckDB that takes it fails here, and
   * should then be compared as {@link #unshreddedBatchesAreVariants} does.
   */
  @Test
  void shreddedBatchesAreRefusedAsVariants() throws Exception {
    Comparison c =
        new Comparison(
            "variant-engine batches, shredded (arrow.parquet.variant)",
            Engine.DUCKDB.label() + " Arrow import",
            Set.of(KnownDifference.DUCKDB_ARROW_SHREDDED_VARIANT_REFUSED));
    for (OurFiles.Plan plan : List.of(OurFiles.Plan.INFERRED, OurFiles.Plan.EXPLICIT)) {
      Path file = written(plan);
      try (BufferAllocator allocator = new RootAllocator();
          DuckDb duck = DuckDb.open()) {
        duck.requireRecordedVersion();
        OurBatches batches = new OurBatches(file, allocator, OurBatches.As.VARIANT, BATCH);
        RuntimeException e =
            assertThrows(
                RuntimeException.class,
                () -> duck.registerArrow("ours", batches, allocator),
                plan
                    + ": DuckDB now takes a shredded arrow.parquet.variant: compare its values"
                    + " and drop DUCKDB_ARROW_SHREDDED_VARIANT_REFUSED");
        assertTrue(String.valueOf(e.getMessage()).contains("typed_value"), e.getMessage());
      }
    }
    c.observed(KnownDifference.DUCKDB_ARROW_SHREDDED_VARIANT_REFUSED);
    c.finish();
  }

  /**
   * Without the extension name DuckDB takes every storage, shredded or not, as a STRUCT; exported
   * back and unshredded, its values give our row reader's rows, every value of its type.
   */
  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void storageStructsKeepEveryValue(OurFiles.Plan plan) throws Exception {
    Path file = written(plan);
    List<Variant> truth = OurFiles.read(file).rows();
    List<Variant> back = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        DuckDb duck = DuckDb.open()) {
      duck.requireRecordedVersion();
      duck.registerArrow(
          "storage", new OurBatches(file, allocator, OurBatches.As.STORAGE, BATCH), allocator);
      duck.exportArrow(
          "SELECT row, typeof(v) AS t, v FROM storage ORDER BY row",
          allocator,
          rows -> {
            while (rows.loadNextBatch()) {
              VectorSchemaRoot batch = rows.getVectorSchemaRoot();
              VarCharVector types = (VarCharVector) batch.getVector("t");
              for (int i = 0; i < batch.getRowCount(); i++) {
                assertEquals(back.size() + i, ((BigIntVector) batch.getVector("row")).get(i));
                String t = new String(types.get(i), StandardCharsets.UTF_8);
                assertTrue(t.startsWith("STRUCT(metadata BLOB, \"value\" BLOB"), t);
              }
              back.addAll(unshredded((StructVector) batch.getVector("v"), allocator));
            }
          });
    }
    Comparison c =
        new Comparison(
            "variant-engine " + plan.name().toLowerCase() + " batches (storage struct)",
            Engine.DUCKDB.label() + " Arrow import and export, unshredded by us",
            Comparison.Equality.PHYSICAL,
            plan == OurFiles.Plan.INFERRED
                ? Set.of(KnownDifference.DUCKDB_EMPTY_KEY_RENAMED) // "" is a typed field
                : Set.of());
    assertEquals(truth.size(), back.size());
    for (int i = 0; i < truth.size(); i++) {
      c.row(i, truth.get(i), back.get(i));
    }
    c.finish();
  }

  /**
   * DuckDB's Arrow export of a query over our file gives the VARIANT column as {@code
   * arrow.parquet.variant} in the unshredded storage (read here without the type registered: its
   * storage struct, the name in the field's metadata); as a {@code VariantVector} its rows are
   * ours.
   */
  @ParameterizedTest
  @EnumSource(
      value = OurFiles.Plan.class,
      names = {"UNSHREDDED", "INFERRED"})
  void exportOfOurFileIsTheUnshreddedStorage(OurFiles.Plan plan) throws Exception {
    Path file = written(plan);
    List<Variant> truth = OurFiles.read(file).rows();
    List<Variant> back = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        DuckDb duck = DuckDb.open()) {
      duck.requireRecordedVersion();
      duck.exportArrow(
          "SELECT row, v FROM read_parquet(" + DuckDb.literal(file) + ") ORDER BY row",
          allocator,
          rows -> {
            Field v = rows.getVectorSchemaRoot().getSchema().findField("v");
            assertInstanceOf(ArrowType.Struct.class, v.getType());
            assertEquals(VariantExtensionType.NAME, v.getMetadata().get("ARROW:extension:name"));
            while (rows.loadNextBatch()) {
              StructVector storage = (StructVector) rows.getVectorSchemaRoot().getVector("v");
              back.addAll(unshredded(storage, allocator));
            }
          });
    }
    Comparison c =
        new Comparison(
            "variant-engine " + plan.name().toLowerCase() + " (spec layout)",
            Engine.DUCKDB.label() + " Arrow export (storage struct)",
            Comparison.Equality.JSON_TEXT,
            Set.of(KnownDifference.DUCKDB_NULL_AS_SQL_NULL));
    assertEquals(truth.size(), back.size());
    for (int i = 0; i < truth.size(); i++) {
      c.row(i, truth.get(i), back.get(i));
    }
    c.finish();
  }

  /**
   * {@code storage}, a Variant storage struct of an engine's batch, moved into a {@code
   * VariantVector} and unshredded, row by row.
   */
  private static List<Variant> unshredded(StructVector storage, BufferAllocator allocator) {
    Field field =
        new Field(
            storage.getName(),
            FieldType.nullable(VariantExtensionType.INSTANCE),
            storage.getField().getChildren());
    List<Variant> rows = new ArrayList<>();
    try (VariantVector column = (VariantVector) field.createVector(allocator)) {
      storage.makeTransferPair(column.getUnderlyingVector()).transfer();
      try (VariantVector whole = Unshred.unshred(column)) {
        for (int i = 0; i < whole.getValueCount(); i++) {
          rows.add(whole.getObject(i));
        }
      }
    }
    return rows;
  }
}
