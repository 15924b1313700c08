// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.json.VariantJson;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/**
 * Casts to {@code float} and {@code double} round to the nearest value the type holds, but never
 * give another value: a number beyond the type's range does not become an infinity, and a number
 * too small for it does not become 0.
 */
class FloatingCastsTest {
  private static final ArrowType FLOAT = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
  private static final ArrowType DOUBLE =
      new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

  @Test
  void numbersBeyondFloatsRangeOrTooSmallForItDoNotCast() {
    for (String json :
        new String[] {
          "1.7976931348623157e308",
          "1e300",
          "4e38",
          "-4e38",
          "4.9e-324",
          "1e-50",
          "-1e-50",
          "\"1e39\"",
          "\"1e-50\""
        }) {
      assertEquals("none", cast(FLOAT, VariantJson.parse(json)), json);
    }
  }

  @Test
  void numbersBeyondDoublesRangeOrTooSmallForItDoNotCast() {
    for (String json : new String[] {"\"1e400\"", "\"-1e400\"", "\"1e-400\""}) {
      assertEquals("none", cast(DOUBLE, VariantJson.parse(json)), json);
    }
  }

  @Test
  void numbersInRangeRoundToTheNearestValue() {
    assertEquals("0.1", cast(FLOAT, VariantJson.parse("0.1")));
    assertEquals("3.4E38", cast(FLOAT, VariantJson.parse("3.4e38")));
    assertEquals("1.0E-40", cast(FLOAT, VariantJson.parse("1e-40"))); // subnormal, but not 0
    assertEquals("-0.0", cast(FLOAT, VariantJson.parse("-0.0")));
    assertEquals("0.0", cast(FLOAT, VariantJson.parse("0")));
    assertEquals("9.223372E18", cast(FLOAT, VariantJson.parse("9223372036854775807")));
    assertEquals(
        "1.0E-38", cast(FLOAT, VariantJson.parse("0.00000000000000000000000000000000000001")));
    assertEquals("1.0E-300", cast(DOUBLE, VariantJson.parse("\"1e-300\"")));
    assertEquals(
        "1.7976931348623157E308", cast(DOUBLE, VariantJson.parse("1.7976931348623157e308")));
  }

  @Test
  void nanAndInfinitiesAreValuesOfBothTypes() {
    for (double x : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      Variant v = build(b -> b.appendDouble(x));
      assertEquals(String.valueOf((float) x), cast(FLOAT, v));
      assertEquals(String.valueOf(x), cast(DOUBLE, v));
    }
  }

  private static Variant build(Consumer<VariantBuilder> value) {
    VariantBuilder b = new VariantBuilder();
    value.accept(b);
    return b.build();
  }

  /** The cast value as text, or "none" where it does not cast. */
  private static String cast(ArrowType type, Variant v) {
    CastTarget target = CastTarget.of(type);
    try (BufferAllocator allocator = new RootAllocator();
        FieldVector out = target.newVector("x", allocator)) {
      if (!target.write(out, 0, v)) {
        return "none";
      }
      out.setValueCount(1);
      return String.valueOf(out.getObject(0));
    }
  }
}
