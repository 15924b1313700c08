// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantAvroWriter} when records fail: bad Variant bytes are refused by their own {@code
 * write}, and any failure that leaves the file incomplete makes {@code close()} throw.
 */
class AvroWriterFailuresTest {
  private static final Schema VARIANT =
      SchemaBuilder.record("Variant")
          .fields()
          .requiredBytes(VariantField.METADATA)
          .requiredBytes(VariantField.VALUE)
          .endRecord();

  private static final Schema ROW =
      SchemaBuilder.record("Row")
          .fields()
          .requiredInt("id")
          .name("v")
          .type(VARIANT)
          .noDefault()
          .endRecord();

  @TempDir Path dir;

  private static GenericRecord row(Integer id, byte[] metadata, byte[] value) {
    GenericRecord v = new GenericData.Record(VARIANT);
    v.put(VariantField.METADATA, ByteBuffer.wrap(metadata));
    v.put(VariantField.VALUE, ByteBuffer.wrap(value));
    GenericRecord r = new GenericData.Record(ROW);
    r.put("id", id);
    r.put("v", v);
    return r;
  }

  private static GenericRecord row(int id) {
    Variant v = VariantJson.parse("{\"n\": " + id + "}");
    return row(id, v.metadataBytes(), v.valueBytes());
  }

  /** An object header claiming five fields in three bytes. */
  private static GenericRecord badBytes(int id) {
    return row(id, new byte[] {0x01, 0x00, 0x00}, new byte[] {0x02, 0x05, 0x00});
  }

  private VariantAvroWriter.Builder writer(Path file) {
    return VariantAvroWriter.builder(new LocalOutputFile(file), ROW).variantField("v");
  }

  @Test
  void badVariantBytesAreRefusedByTheirWriteWhileSampling() throws Exception {
    // they used to be buffered with the sample and fail the whole file at close()
    Path file = dir.resolve("sampled.parquet");
    try (VariantAvroWriter w = writer(file).build()) {
      w.write(row(0));
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> w.write(badBytes(1)));
      assertTrue(e.getMessage().contains("\"v\""), e.getMessage());
      w.write(row(2));
    }
    assertEquals(2, VariantAvroTest.readAll(file).size());
  }

  @Test
  void badVariantBytesAreRefusedAndTheWriterGoesOnWithAPlan() throws Exception {
    // they used to reach parquet-java's write, which aborted the file, and close() then
    // returned normally on an empty file
    Path file = dir.resolve("planned.parquet");
    try (VariantAvroWriter w =
        writer(file).plan(ShreddingPlan.parse("{\"n\": int64}")).inferFromFirst(0).build()) {
      w.write(row(0));
      assertThrows(IllegalArgumentException.class, () -> w.write(badBytes(1)));
      w.write(row(2));
    }
    assertEquals(2, VariantAvroTest.readAll(file).size());
  }

  @Test
  void aRecordParquetCannotWriteFailsTheCloseInsteadOfLeavingAnEmptyFileReportedWritten()
      throws IOException {
    // a null in a required int passes the Variant checks and fails inside parquet-avro, which
    // aborts the file: close() returned normally on a 0-byte file
    Path file = dir.resolve("aborted.parquet");
    VariantAvroWriter w =
        writer(file).plan(ShreddingPlan.parse("{\"n\": int64}")).inferFromFirst(0).build();
    assertThrows(RuntimeException.class, () -> w.write(row(null, row(1).get("v"))));
    assertThrows(IllegalStateException.class, () -> w.write(row(2)));
    IOException e = assertThrows(IOException.class, w::close);
    assertTrue(e.getMessage().contains("incomplete"), e.getMessage());
  }

  @Test
  void aSampledRecordParquetCannotWriteFailsTheCloseNamingItsPlaceInTheSample() throws IOException {
    Path file = dir.resolve("sample-aborted.parquet");
    VariantAvroWriter w = writer(file).inferFromFirst(10).build();
    for (int i = 0; i < 5; i++) {
      w.write(i == 3 ? row(null, row(i).get("v")) : row(i));
    }
    IOException e = assertThrows(IOException.class, w::close);
    assertTrue(e.getMessage().contains("incomplete"), e.getMessage());
    assertTrue(
        e.getCause().getMessage().contains("record 4 of the 5 sampled"), e.getCause().getMessage());
  }

  private static GenericRecord row(Integer id, Object variant) {
    GenericRecord r = new GenericData.Record(ROW);
    r.put("id", id);
    r.put("v", variant);
    return r;
  }
}
