// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Hex;
import org.junit.jupiter.api.Test;

/**
 * The depth limit of {@link Variant#validate(Limits)} counts the levels of every path, including
 * paths through sub-values that several offsets share (which the validator checks once), and the
 * validator visits each value once per offset that reaches it.
 */
class VariantValidatorTest {
  private static final String A = "01 01 00 01 61"; // unsorted ["a"]

  /**
   * An array [S, P, Q] whose data is only Q = {"a": P}, P = {"a": S}, S = [[1]]: its elements point
   * at S and P inside Q. The deepest path, root Q P S [1], has 5 levels; the validator meets S and
   * P first at level 2, and each again below Q.
   */
  private static final String SHARED =
      "03 03 0A 05 00 14" // root: array, 3 elements at data offsets 10 (S), 5 (P), 0 (Q), end 20
          + " 02 01 00 00 0F" // Q: object, 1 field, id 0, offsets 0 15
          + " 02 01 00 00 0A" // P: object, 1 field, id 0, offsets 0 10
          + " 03 01 00 06" // S: array, 1 element, offsets 0 6
          + " 03 01 00 02 0C 01"; // [1]: array, 1 element, offsets 0 2 | int8 1

  private static Limits depth(int maxDepth) {
    return new Limits(maxDepth, Limits.defaults().maxValueBytes());
  }

  @Test
  void sharedSubValuesCountTheirLevelsBelowEachParent() {
    Variant v = Variant.of(Hex.bytes(A), Hex.bytes(SHARED));
    assertEquals(1, v.element(2).field("a").field("a").element(0).element(0).longValue());
    assertSame(v, v.validate(depth(5))); // exactly the deepest path
    var e = assertThrows(VariantLimitException.class, () -> v.validate(depth(4)));
    assertTrue(e.getMessage().contains("nesting deeper than 4 levels"), e.getMessage());
  }

  @Test
  void nestedObjectsCountAsLevels() {
    Variant v =
        new VariantBuilder()
            .startObject()
            .key("a")
            .startObject()
            .key("a")
            .startObject()
            .key("a")
            .appendLong(1)
            .endObject()
            .endObject()
            .endObject()
            .build();
    v.validate(depth(3));
    assertThrows(VariantLimitException.class, () -> v.validate(depth(2)));
  }

  @Test
  void aScalarCheckedAnewPassesAtNoLevelsLeft() {
    Variant one = Variant.of(Hex.bytes(A), Hex.bytes("0C 01"));
    VariantValidator validator = new VariantValidator(5, KeyOrder.ANY);
    validator.checkAnew(one, 0);
    assertThrows(VariantLimitException.class, () -> validator.checkAnew(one, -1));
  }

  @Test
  void visitsCountEveryOffsetThatReachesAValue() {
    VariantValidator tree = new VariantValidator(10, KeyOrder.ANY);
    tree.check(Variant.of(Hex.bytes(A), Hex.bytes("03 02 00 02 08 0C 01 03 01 00 02 0C 02")));
    assertEquals(4, tree.visits()); // [1, [2]]: the root, 1, [2], 2
    VariantValidator shared = new VariantValidator(10, KeyOrder.ANY);
    shared.check(Variant.of(Hex.bytes(A), Hex.bytes("03 02 00 00 03 09 61 62")));
    assertEquals(3, shared.visits()); // [x, x] with x stored once: the root and x twice
  }
}
