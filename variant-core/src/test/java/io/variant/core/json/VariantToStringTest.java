// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import org.junit.jupiter.api.Test;

/**
 * {@code Variant.toString()} is the JSON rendering, reached through the {@code VariantTextRenderer}
 * service that this package registers (core does not import this package).
 */
class VariantToStringTest {
  @Test
  void toStringIsTheJsonRendering() {
    Variant v = VariantJson.parse("{\"b\": [1, 2.5, \"x\"], \"a\": null}");
    assertEquals(VariantJson.toJson(v), v.toString());
    assertEquals("{\"a\":null,\"b\":[1,2.5,\"x\"]}", v.toString());
  }

  @Test
  void toStringOfAScalarBuiltWithoutJson() {
    Variant v = new VariantBuilder().appendTimestampNtzMicros(0).build();
    assertEquals("\"1970-01-01T00:00:00.000000\"", v.toString());
  }
}
