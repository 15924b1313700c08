// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.core.MetadataBuilder;
import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.testkit.Trials;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A row parser over a given dictionary ({@link VariantJson#rowParser(JsonOptions,
 * VariantMetadata)}): the same values as the plain parser, over that dictionary when a row needs no
 * other key, else over the sorted union of its keys and the row's.
 */
class JsonRowParserDictionaryTest {
  private static final VariantMetadata PLAN_KEYS =
      new MetadataBuilder().addAll(List.of("id", "user", "name", "tags", "zz")).build();

  @Test
  void aRowOfTheDictionarysKeysCarriesTheDictionaryItself() {
    JsonRowParser rows = VariantJson.rowParser(JsonOptions.defaults(), PLAN_KEYS);
    Variant v = rows.parse(bytes("{\"user\": {\"name\": \"a\"}, \"id\": 7}"));
    assertSame(PLAN_KEYS, v.metadata());
    assertEquals(VariantJson.parse("{\"id\": 7, \"user\": {\"name\": \"a\"}}"), v);
    assertSame(PLAN_KEYS, rows.parse(bytes("[1, 2]")).metadata());
  }

  @Test
  void otherRowsCarryTheSortedUnionAndEqualThePlainParsersValues() {
    JsonRowParser over = VariantJson.rowParser(JsonOptions.defaults(), PLAN_KEYS);
    JsonRowParser plain = VariantJson.rowParser();
    Trials.run(
        "otherRowsCarryTheSortedUnionAndEqualThePlainParsersValues",
        rnd -> {
          String text = new RandomJson(rnd, 4).document();
          Variant expected;
          try {
            expected = plain.parse(bytes(text));
          } catch (VariantJsonException e) {
            assertThrows(VariantJsonException.class, () -> over.parse(bytes(text)), text);
            return;
          }
          Variant v = over.parse(bytes(text));
          assertEquals(expected, v, text);
          VariantMetadata union =
              new MetadataBuilder().addAll(PLAN_KEYS).addAll(expected.metadata()).build();
          assertArrayEquals(union.toBytes(), v.metadata().toBytes(), text);
        });
  }

  @Test
  void theDictionaryIsRequired() {
    assertThrows(
        NullPointerException.class, () -> VariantJson.rowParser(JsonOptions.defaults(), null));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
