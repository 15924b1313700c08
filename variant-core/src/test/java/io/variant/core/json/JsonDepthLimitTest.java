// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Limits;
import io.variant.core.Variant;
import org.junit.jupiter.api.Test;

/**
 * The depth limit counts objects and arrays alike (the CLI's contract: 1,001 nested arrays passed
 * where 1,001 objects failed), and a value parsed under a raised limit validates under it.
 */
class JsonDepthLimitTest {
  private static String arrays(int depth) {
    return "[".repeat(depth) + "]".repeat(depth);
  }

  private static String objects(int depth) {
    return "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
  }

  private static String mixed(int depth) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      s.append(i % 2 == 0 ? "[" : "{\"k\":");
    }
    s.append("0");
    for (int i = depth - 1; i >= 0; i--) {
      s.append(i % 2 == 0 ? "]" : "}");
    }
    return s.toString();
  }

  @Test
  void theDefaultLimitOf1000AppliesToArraysObjectsAndBothMixed() {
    for (String[] shape :
        new String[][] {
          {arrays(1000), arrays(1001)}, {objects(1000), objects(1001)}, {mixed(1000), mixed(1001)}
        }) {
      VariantJson.parse(shape[0]).validate();
      VariantJsonException e =
          assertThrows(VariantJsonException.class, () -> VariantJson.parse(shape[1]));
      assertTrue(e.getMessage().contains("nesting deeper than 1000 levels"), e.getMessage());
    }
  }

  @Test
  void aValueParsedUnderARaisedLimitValidatesUnderIt() {
    Limits deep = Limits.defaults().withMaxDepth(1500);
    for (String json : new String[] {arrays(1500), objects(1500), mixed(1500)}) {
      Variant v = VariantJson.parse(json, JsonOptions.defaults().withLimits(deep));
      v.validate(deep);
      Variant reread = Variant.of(v.metadataBytes(), v.valueBytes()).validate(deep);
      assertEquals(VariantJson.toJson(v, deep), VariantJson.toJson(reread, deep));
      // and one level less is one too few, for validation and rendering alike
      Limits shallow = deep.withMaxDepth(1499);
      assertThrows(io.variant.core.VariantLimitException.class, () -> reread.validate(shallow));
      assertThrows(
          io.variant.core.VariantLimitException.class, () -> VariantJson.toJson(reread, shallow));
    }
  }
}
