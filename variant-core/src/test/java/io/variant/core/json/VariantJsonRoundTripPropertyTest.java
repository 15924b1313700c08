// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.core.VariantType;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import org.junit.jupiter.api.Test;

/**
 * Variant to JSON and back, over the test kit's generated Variants ({@link Gen}, run by {@link
 * Trials}).
 */
class VariantJsonRoundTripPropertyTest {
  @Test
  void renderedTextIsAFixedPoint() {
    Trials.run(
        "jsonTextFixedPoint",
        rnd -> {
          Variant v =
              Gen.variant(
                  rnd); // every type: temporals, binary, uuid, floats and non-finite doubles too

          String json = VariantJson.toJson(v);

          assertEquals(json, VariantJson.toJson(VariantJson.parse(json)));
        });
  }

  @Test
  void jsonTypedVariantsComeBackEqual() {
    Gen.Config jsonTypes = Gen.Config.defaults().withJsonTypesOnly(true);
    Trials.run(
        "jsonRoundTrip",
        rnd -> {
          Variant v = Gen.variant(rnd, jsonTypes);

          Variant back = VariantJson.parse(VariantJson.toJson(v));

          assertEquivalent(v, back, "$");
        });
  }

  /**
   * Logical equality, except that a double may come back as a decimal (it printed without an
   * exponent): those compare as the same double, so -0.0 must stay a double.
   */
  private static void assertEquivalent(Variant expected, Variant actual, String path) {
    if (expected.type() == VariantType.DOUBLE) {
      double back =
          actual.type() == VariantType.DOUBLE
              ? actual.doubleValue()
              : actual.decimalValue().doubleValue();
      assertEquals(
          0,
          Double.compare(expected.doubleValue(), back),
          path + ": " + expected.doubleValue() + " came back as " + back);
    } else if (expected.isObject()) {
      assertTrue(actual.isObject(), path);
      assertEquals(expected.fieldCount(), actual.fieldCount(), path);
      for (int i = 0; i < expected.fieldCount(); i++) {
        assertEquals(expected.fieldName(i), actual.fieldName(i), path);
        assertEquivalent(
            expected.fieldValue(i), actual.fieldValue(i), path + "." + expected.fieldName(i));
      }
    } else if (expected.isArray()) {
      assertTrue(actual.isArray(), path);
      assertEquals(expected.size(), actual.size(), path);
      for (int i = 0; i < expected.size(); i++) {
        assertEquivalent(expected.element(i), actual.element(i), path + "[" + i + "]");
      }
    } else {
      assertTrue(
          VariantEquality.logical(expected, actual),
          path + ": " + expected + " came back as " + actual);
    }
  }
}
