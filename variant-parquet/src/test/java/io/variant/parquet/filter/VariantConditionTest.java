// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.VariantBuilder;
import io.variant.parquet.VariantRecord;
import org.junit.jupiter.api.Test;

/** Conditions over several VARIANT columns of a record, and how they print. */
class VariantConditionTest {
  private static final VariantCondition ADULT = VariantPredicate.ge("a", "$.age", Literal.of(18));
  private static final VariantCondition VIP = VariantPredicate.eq("b", "$.vip", Literal.of(true));

  private static VariantRecord record(long age, boolean vip) {
    VariantBuilder a = new VariantBuilder();
    a.startObject().key("age").appendLong(age).endObject();
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("vip").appendBoolean(vip).endObject();
    return VariantRecord.builder().set("a", a.build()).set("b", b.build()).build();
  }

  @Test
  void testsEachPredicateOnItsOwnColumnOfTheRecord() {
    VariantCondition both = VariantCondition.and(ADULT, VIP);
    VariantCondition either = VariantCondition.or(ADULT, VIP);
    VariantCondition minor = VariantCondition.not(ADULT);
    assertTrue(both.test(record(30, true)));
    assertFalse(both.test(record(30, false)));
    assertFalse(both.test(record(10, true)));
    assertTrue(either.test(record(10, true)));
    assertFalse(either.test(record(10, false)));
    assertTrue(minor.test(record(10, false)));
    assertFalse(minor.test(record(30, false)));
    VariantRecord noB = VariantRecord.builder().set("a", record(30, true).variant("a")).build();
    var e = assertThrows(IllegalArgumentException.class, () -> both.test(noB));
    assertTrue(e.getMessage().contains("\"b\""), e.getMessage());
  }

  @Test
  void printsWithParenthesesAroundEachAndAndOr() {
    assertEquals(
        "(a $.age >= 18 and not (b $.vip = true or a $.age < 3))",
        VariantCondition.and(
                ADULT,
                VariantCondition.not(
                    VariantCondition.or(VIP, VariantPredicate.lt("a", "$.age", Literal.of(3)))))
            .toString());
  }
}
