// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Together;
import java.nio.file.Path;
import java.util.ConcurrentModificationException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link VariantAvroReader} shared by threads refuses overlapping reads ({@link
 * ConcurrentModificationException}) and returns every record once, each whole.
 */
class SharedAvroReaderTest {
  private static final int THREADS = 4;
  private static final int ROWS = 20_000;
  private static final String COLUMN = "v";

  @TempDir Path dir;

  @Test
  void overlappingReadsAreRefusedAndEveryRecordComesOnce() throws Exception {
    Path file = dir.resolve("names.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn(COLUMN, ShreddingPlan.parse("{\"id\": int64, \"name\": string}"))
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        w.write(VariantRecord.builder().set(COLUMN, VariantJson.parse(json(i))).build());
      }
    }
    Map<String, String> seen = new ConcurrentHashMap<>();
    AtomicInteger twice = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    try (VariantAvroReader reader = VariantAvroReader.open(file, COLUMN)) {
      Together.onThreads(
          THREADS,
          t -> {
            while (true) {
              GenericRecord r;
              try {
                r = reader.read();
              } catch (ConcurrentModificationException e) {
                refused.incrementAndGet();
                continue;
              }
              if (r == null) {
                return null;
              }
              String json = String.valueOf(r.get(COLUMN));
              if (seen.put(json, json) != null) {
                twice.incrementAndGet();
              }
            }
          });
    }
    System.out.println("[shared Avro reader] " + refused + " reads refused as concurrent");
    assertEquals(0, twice.get(), "records read twice");
    assertEquals(ROWS, seen.size());
    for (int i = 0; i < ROWS; i++) {
      assertEquals(json(i), seen.get(json(i)), "row " + i);
    }
  }

  private static String json(int i) {
    return "{\"id\":" + i + ",\"name\":\"name-" + i + "\"}";
  }
}
