// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Java serialization, as Spark's default serializer uses it when a job keeps, collects or shuffles
 * Variants: the serialized form is the metadata and value bytes, and reading it back gives the same
 * bytes.
 */
class VariantSerializationTest {
  @Test
  void roundTripKeepsTheExactBytes() {
    Trials.run(
        "roundTripKeepsTheExactBytes",
        rnd -> {
          Variant v = Gen.variant(rnd);
          Variant back = (Variant) roundTrip(v);
          assertArrayEquals(v.metadataBytes(), back.metadataBytes());
          assertArrayEquals(v.valueBytes(), back.valueBytes());
          assertTrue(VariantEquality.physical(v, back));
        });
  }

  @Test
  void aNestedValueCarriesOnlyItsOwnBytes() throws IOException {
    StringBuilder json = new StringBuilder("{\"id\": 7, \"pad\": \"");
    json.append("x".repeat(10_000)).append("\"}");
    Variant row = VariantJson.parse(json.toString());
    Variant id = row.field("id"); // a view into the row's 10 KB buffer

    Variant back = (Variant) roundTrip(id);

    assertEquals(7, back.longValue());
    assertTrue(serialized(id).length < 300, "bytes: " + serialized(id).length);
  }

  static Object roundTrip(Object o) throws IOException {
    try {
      return read(serialized(o));
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }

  static byte[] serialized(Object o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.toByteArray();
  }

  static Object read(byte[] bytes) throws IOException, ClassNotFoundException {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    }
  }
}
