// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.NumericWidening;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantAvroWriter}'s widening ({@code widening(...)}, from the writer builders' common
 * options): under the default lossless widening a number whose scale is not its column's comes back
 * at the column's scale ({@code 174.2} as {@code 174.20}); under same-scale widening every JSON
 * payload comes back as written, and the inferred plan still types the prices.
 */
class VariantAvroWideningTest {
  private static final Schema ROWS =
      SchemaBuilder.record("Row").fields().requiredLong("id").requiredString("payload").endRecord();

  /** Prices as JSON writers print them: most with two decimals, some with one, some whole. */
  private static final String[] PRICES = {"12.25", "174.2", "3", "60.08", "0.0", "19.99", "7.5"};

  @TempDir Path dir;

  private List<String> roundTrip(NumericWidening widening, List<String> payloads) throws Exception {
    Path file = dir.resolve(widening.text() + ".parquet");
    try (VariantAvroWriter w =
        VariantAvroWriter.builder(new LocalOutputFile(file), ROWS)
            .jsonField("payload")
            .widening(widening)
            .inferFromFirst(50)
            .build()) {
      for (int i = 0; i < payloads.size(); i++) {
        GenericRecord r = new GenericData.Record(ROWS);
        r.put("id", (long) i);
        r.put("payload", payloads.get(i));
        w.write(r);
      }
      assertTrue(w.plan().print().contains("\"price\": decimal("), w.plan().print());
    }
    List<String> back = new ArrayList<>();
    try (VariantAvroReader r = VariantAvroReader.open(new LocalInputFile(file), "payload")) {
      for (GenericRecord g; (g = r.read()) != null; ) {
        back.add(g.get("payload").toString());
      }
    }
    return back;
  }

  private static List<String> payloads() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < 70; i++) {
      out.add("{\"id\":" + i + ",\"price\":" + PRICES[i % PRICES.length] + "}");
    }
    return out;
  }

  @Test
  void losslessGivesPricesTheColumnsScale() throws Exception {
    List<String> back = roundTrip(NumericWidening.LOSSLESS, payloads());
    assertEquals("{\"id\":0,\"price\":12.25}", back.get(0));
    assertEquals("{\"id\":1,\"price\":174.20}", back.get(1));
    assertEquals("{\"id\":4,\"price\":0.00}", back.get(4));
  }

  @Test
  void sameScaleGivesEveryPayloadBackAsWritten() throws Exception {
    List<String> payloads = payloads();
    assertEquals(payloads, roundTrip(NumericWidening.SAME_SCALE, payloads));
  }
}
