// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Java serialization of records, as Spark's default serializer uses it when a job keeps, collects
 * ({@code take}) or shuffles the records an input format read.
 */
class VariantRecordSerializationTest {
  @Test
  void roundTripKeepsEveryColumnAndValue() throws Exception {
    VariantRecord r =
        VariantRecord.builder()
            .set("event", VariantJson.parse("{\"user\": {\"id\": 42}, \"tags\": [\"a\"]}"))
            .set("none", null)
            .set("id", 7L)
            .set("n", 3)
            .set("name", "ann")
            .set("score", 0.5)
            .set("ok", true)
            .set("raw", new byte[] {1, 2, 3})
            .build();

    VariantRecord back = roundTrip(r);

    assertEquals(r, back);
    assertEquals(r.columns(), back.columns());
    assertEquals(42, back.variant("event").field("user").field("id").longValue());
    assertNull(back.get("none"));
    assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) back.get("raw"));
  }

  @Test
  void aWideRecordFindsItsColumnsAfterTheRoundTrip() throws Exception {
    VariantRecord.Builder b = VariantRecord.builder();
    for (int i = 0; i < VariantRecord.SCAN_LIMIT + 5; i++) {
      b.set("c" + i, (long) i);
    }
    VariantRecord r = b.build();
    r.get("c3"); // builds the lookup map, which must not travel

    VariantRecord back = roundTrip(r);

    assertEquals(r, back);
    assertEquals(15L, back.get("c15"));
  }

  @Test
  void aVariantNullStaysAVariantNull() throws Exception {
    Variant variantNull = Variant.of(new byte[] {0x01, 0x00, 0x00}, new byte[] {0x00});
    VariantRecord back = roundTrip(VariantRecord.builder().set("v", variantNull).build());

    assertEquals(variantNull, back.variant("v"));
  }

  private static VariantRecord roundTrip(VariantRecord r)
      throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(r);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (VariantRecord) in.readObject();
    }
  }
}
