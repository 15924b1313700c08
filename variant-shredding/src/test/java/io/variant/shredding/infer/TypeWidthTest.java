// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.dec;
import static io.variant.shredding.testkit.Values.int16;
import static io.variant.shredding.testkit.Values.int8;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link TypeWidth#FILE}, the default: numeric columns with headroom for the values the sample
 * missed.
 */
class TypeWidthTest {
  // PRESENCE: these samples are far too small for any column to pay under the cost model
  private static final InferenceOptions FILE =
      InferenceOptions.defaults().withSelection(Selection.PRESENCE);
  private static final InferenceOptions SAMPLE = FILE.withTypeWidth(TypeWidth.SAMPLE);

  private static String plan(List<? extends Model> rows, InferenceOptions options) {
    return PlanInference.infer(Values.variants(rows), options).plan().print();
  }

  private static List<Model> field(String key, long... values) {
    List<Model> rows = new ArrayList<>();
    for (long x : values) {
      rows.add(obj(key, integer(x)));
    }
    return rows;
  }

  @Test
  void smallIntegersGetInt32NotTheNarrowestAnnotation() {
    assertEquals("int32", plan(List.of(int8(1), int8(100)), FILE)); // physically INT32 either way
    assertEquals("int8", plan(List.of(int8(1), int8(100)), SAMPLE));
    assertEquals("int32", plan(List.of(int16(-30_000)), FILE));
  }

  @Test
  void integersNearInt32sLimitGetInt64() {
    long limit = ExactNumericRange.INT32_HEADROOM_LIMIT;
    assertEquals("int32", plan(List.of(integer(limit), integer(-limit)), FILE));
    assertEquals("int64", plan(List.of(integer(limit + 1)), FILE));
    assertEquals("int64", plan(List.of(integer(-limit - 1)), FILE));
    assertEquals("int32", plan(List.of(integer(limit + 1)), SAMPLE));
    assertEquals(
        "int64", plan(List.of(integer(Long.MIN_VALUE)), FILE)); // no overflow in the magnitude
  }

  @Test
  void idLikeNamesGetInt64WhateverTheSampleSaw() {
    Random rnd = new Random(1);
    long[] small = new long[50];
    for (int i = 0; i < small.length; i++) {
      small[i] = rnd.nextInt(1000); // no growth
    }
    for (String key :
        List.of("id", "event_id", "userId", "ID", "created_at", "seq", "offset", "ts")) {
      assertEquals("{\"" + key + "\": int64}", plan(field(key, small), FILE), key);
    }
    for (String key : List.of("qty", "valid", "paid", "width", "uuid_count")) {
      assertEquals("{\"" + key + "\": int32}", plan(field(key, small), FILE), key);
    }
  }

  @Test
  void integersGrowingAlongTheSampleGetInt64() {
    long[] growing = new long[100];
    for (int i = 0; i < growing.length; i++) {
      growing[i] = 10 + i - (i % 10 == 0 ? 3 : 0); // mostly increasing, a few steps back
    }
    assertEquals("{\"n\": int64}", plan(field("n", growing), FILE));
    assertEquals("{\"n\": int8}", plan(field("n", growing), SAMPLE));
    long[] constant = new long[100];
    assertEquals(
        "{\"n\": int32}", plan(field("n", constant), FILE)); // non-decreasing, yet no growth
    assertEquals(
        "{\"n\": int32}", plan(field("n", 1, 2, 3), FILE)); // too few values to call it growth
  }

  @Test
  void growthNeedsMostPairsNonDecreasingAndHalfIncreasing() {
    ExactNumericRange r = new ExactNumericRange();
    for (int i = 0; i < 100; i++) {
      r.add(
          Values.variants(List.of(integer(i % 2 == 0 ? i : 0)))
              .get(0)); // saw-tooth: half the pairs fall
    }
    assertFalse(r.grows());
    ExactNumericRange up = new ExactNumericRange();
    for (int i = 0; i < 100; i++) {
      up.add(
          Values.variants(List.of(integer((i + 1) / 2)))
              .get(0)); // every other pair equal, the rest rising
    }
    assertTrue(up.grows());
  }

  @Test
  void decimalsGetThreeMoreIntegerDigitsRoundedToTheirStorage() {
    assertEquals(
        "decimal(9,2)", plan(List.of(dec("158.83"), dec("0.99")), FILE)); // 5 + 3 -> INT32's 9
    assertEquals("decimal(5,2)", plan(List.of(dec("158.83"), dec("0.99")), SAMPLE));
    assertEquals("decimal(18,2)", plan(List.of(dec("1234567.50")), FILE)); // 9 + 3 -> INT64's 18
    assertEquals("decimal(38,4)", plan(List.of(dec("12345678901234.5678")), FILE)); // 18 + 3 -> 38
    assertEquals(
        "decimal(38,20)",
        plan(List.of(dec("123456789012345678.12345678901234567890")), FILE)); // 38 stays
  }

  @Test
  void theDefaultIsFileWide() {
    assertEquals(TypeWidth.FILE, InferenceOptions.defaults().typeWidth());
    assertEquals(TypeWidth.FILE, FILE.typeWidth());
    assertEquals(
        ShreddingPlan.parse("{\"id\": int64}"), ShreddingPlan.parse(plan(field("id", 1, 2), FILE)));
  }
}
