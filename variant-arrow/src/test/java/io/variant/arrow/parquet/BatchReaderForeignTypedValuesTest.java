// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
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
 * Scalar {@code typed_value} columns written by parquet-java as another writer could write them,
 * with values our writer never writes: the batch reader gives what the row reader gives, and
 * refuses what it refuses, naming the column, instead of another value.
 */
class BatchReaderForeignTypedValuesTest {
  private static final String TYPED = "v.typed_value";
  private static final byte[] NO_KEYS = VariantJson.parse("0").metadataBytes();

  @TempDir Path tmp;
  private int files;

  @Test
  void narrowIntegersInsideTheirAnnotationReadAsTheRowReaderReadsThem() throws IOException {
    Path int8 = file("int32 typed_value (INTEGER(8,true))", List.of(-128, 127, 0, -1));
    Path int16 = file("int32 typed_value (INTEGER(16,true))", List.of(-32768, 32767, 300, -129));
    for (Path file : List.of(int8, int16)) {
      List<Variant> rows = BatchFiles.rowReader(file, "v");
      try (BufferAllocator allocator = new RootAllocator()) {
        assertEquals(rows, BatchFiles.batchRows(file, "v", allocator, 3), file.toString());
      }
    }
  }

  @Test
  void anIntegerOutsideItsInt8OrInt16AnnotationIsRefusedNamingTheColumn() throws IOException {
    record Case(String column, int value, String type) {}
    for (Case c :
        List.of(
            new Case("int32 typed_value (INTEGER(8,true))", 300, "INT8"),
            new Case("int32 typed_value (INTEGER(8,true))", -129, "INT8"),
            new Case("int32 typed_value (INTEGER(16,true))", 70000, "INT16"),
            new Case("int32 typed_value (INTEGER(16,true))", -32769, "INT16"))) {
      Path file = file(c.column(), List.of(1, c.value()));
      VariantParquetException rows =
          assertThrows(VariantParquetException.class, () -> BatchFiles.rowReader(file, "v"));
      assertTrue(rows.getMessage().contains("out of range"), rows.getMessage());
      VariantParquetException e = assertThrows(VariantParquetException.class, () -> batches(file));
      assertEquals(TYPED, e.column(), e.getMessage());
      assertTrue(
          e.getMessage().contains("Cannot read " + c.value() + " as " + c.type()), e.getMessage());
      assertTrue(e.getMessage().contains("out of range"), e.getMessage());
    }
  }

  @Test
  void signExtendedBinaryDecimalsReadAsTheRowReaderReadsThem() throws IOException {
    // Parquet asks a decimal's bytes for no shortest form: -7 and 7 sign-extended past 16 bytes
    List<Object> values =
        List.of(
            signExtended(-7, 17),
            signExtended(7, 17),
            signExtended(-7, 20),
            signExtended(-7, 16),
            signExtended(-1, 1),
            signExtended(Long.MIN_VALUE, 24),
            signExtended(0, 17));
    for (String column :
        List.of(
            "binary typed_value (DECIMAL(38,0))",
            "binary typed_value (DECIMAL(20,2))",
            "fixed_len_byte_array(24) typed_value (DECIMAL(38,4))")) {
      List<Object> fitting =
          column.startsWith("fixed")
              ? values.stream().<Object>map(v -> signExtendedTo((byte[]) v, 24)).toList()
              : values;
      Path file = file(column, fitting);
      List<Variant> rows = BatchFiles.rowReader(file, "v");
      try (BufferAllocator allocator = new RootAllocator()) {
        assertEquals(rows, BatchFiles.batchRows(file, "v", allocator, 4), column);
      }
    }
  }

  @Test
  void aBinaryDecimalBeyond16BytesIsRefusedNamingTheColumn() throws IOException {
    // 2^127 in 17 bytes: beyond 38 digits, which the row reader's rebuild refuses
    byte[] beyond = new byte[17];
    beyond[1] = (byte) 0x80;
    Path file = file("binary typed_value (DECIMAL(38,0))", List.of(signExtended(1, 17), beyond));
    VariantParquetException rows =
        assertThrows(VariantParquetException.class, () -> BatchFiles.rowReader(file, "v"));
    assertTrue(rows.getMessage().contains("does not fit the column"), rows.getMessage());
    VariantParquetException e = assertThrows(VariantParquetException.class, () -> batches(file));
    assertEquals(TYPED, e.column(), e.getMessage());
    assertTrue(e.getMessage().contains("170141183460469231731687303715884105728"), e.getMessage());
    assertTrue(e.getMessage().contains("does not fit DECIMAL(38,0)"), e.getMessage());
  }

  @Test
  void anEmptyBinaryDecimalIsRefusedNamingTheColumn() throws IOException {
    Path file =
        file("binary typed_value (DECIMAL(20,0))", List.of(signExtended(1, 1), new byte[0]));
    VariantParquetException rows =
        assertThrows(VariantParquetException.class, () -> BatchFiles.rowReader(file, "v"));
    assertEquals(TYPED, rows.column(), rows.getMessage());
    VariantParquetException e = assertThrows(VariantParquetException.class, () -> batches(file));
    assertEquals(TYPED, e.column(), e.getMessage());
    assertTrue(
        e.getMessage().contains("Cannot read a decimal from an empty binary"), e.getMessage());
  }

  /** {@code unscaled} in {@code n} big-endian two's complement bytes. */
  private static byte[] signExtended(long unscaled, int n) {
    byte[] out = new byte[n];
    for (int i = 0; i < n; i++) {
      out[n - 1 - i] = (byte) (i < Long.BYTES ? unscaled >> (8 * i) : unscaled >> 63);
    }
    return out;
  }

  /** {@code bytes} sign-extended to {@code n} bytes. */
  private static byte[] signExtendedTo(byte[] bytes, int n) {
    byte[] out = new byte[n];
    int pad = n - bytes.length;
    for (int i = 0; i < n; i++) {
      out[i] = i >= pad ? bytes[i - pad] : (byte) (bytes[0] >> 7);
    }
    return out;
  }

  /**
   * A spec-layout VARIANT column {@code v} whose {@code typed_value} is declared {@code typed} and
   * holds {@code values} (an {@code Integer} or a {@code byte[]} each), one row each, with no
   * residual.
   */
  private Path file(String typed, List<Object> values) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { required int64 id; optional group v (VARIANT(1)) {"
                + " required binary metadata; optional binary value; optional "
                + typed
                + "; } }");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      Group row = groups.newGroup().append("id", (long) i);
      Group variant = row.addGroup("v").append("metadata", Binary.fromConstantByteArray(NO_KEYS));
      if (values.get(i) instanceof Integer n) {
        variant.append("typed_value", n);
      } else {
        variant.append("typed_value", Binary.fromConstantByteArray((byte[]) values.get(i)));
      }
      rows.add(row);
    }
    Path file = tmp.resolve("typed-" + files++ + ".parquet");
    TestFileWriter.writeRaw(file, schema, rows);
    return file;
  }

  /** Reads every batch of {@code file}. */
  private static void batches(Path file) throws IOException {
    try (BufferAllocator allocator = new RootAllocator()) {
      BatchFiles.batchRows(file, "v", allocator, 64);
    }
  }
}
