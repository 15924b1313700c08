// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.shredding.ObjectSlotCounts.Slot;
import io.variant.shredding.testkit.ShreddedTree;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A splitter counts, per object slot, the objects it shredded and the other values it sent whole to
 * the slot's residual, in both residual metadata modes.
 */
class ObjectSlotCountsTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse(
          "{\"a\": [{\"x\": int64}], \"o\": {\"k\": int64, \"p\": {\"q\": int64}}, \"a b\": {\"c\": string}}");

  @Test
  void aSplitterCountsObjectsAndOtherValuesPerObjectSlot() {
    for (ResidualMetadata mode : ResidualMetadata.values()) {
      Splitter splitter = Splitter.of(PLAN, SplitOptions.defaults().withResidualMetadata(mode));
      for (String row :
          List.of(
              "{\"o\": {\"k\": 1, \"p\": {\"q\": 2}, \"y\": 3}, \"a\": [{\"x\": 1}, 7, null]}",
              "{\"o\": \"s\", \"a\": [{\"x\": 1, \"w\": 2}]}",
              "{\"o\": {\"p\": 5}, \"a\": \"not a list\"}",
              "{\"o\": null, \"a b\": {\"c\": \"d\"}}",
              "[1, 2]")) {
        splitter.split(VariantJson.parse(row), new ShreddedTree());
      }

      assertEquals(
          List.of(
              new Slot("$", 4, 1), // the list at the top level is no object
              new Slot("$.a[*]", 2, 2), // 7 and null
              new Slot("$.o", 2, 2), // "s" and null
              new Slot("$.o.p", 1, 1), // 5; the object without p counts nothing here
              new Slot("$[\"a b\"]", 1, 0)),
          splitter.objectCounts().slots(),
          mode.toString());
    }
  }

  @Test
  void slotsComeInPlanOrderAndAPlanWithoutObjectsHasNone() {
    ObjectSlotCounts none = Splitter.of(PLAN, SplitOptions.defaults()).objectCounts();
    assertEquals(
        List.of("$", "$.a[*]", "$.o", "$.o.p", "$[\"a b\"]"),
        none.slots().stream().map(Slot::path).toList());
    assertTrue(
        Splitter.of(ShreddingPlan.parse("[int64]"), SplitOptions.defaults())
            .objectCounts()
            .isEmpty());
  }

  @Test
  void countsAddAndSubtractByPath() {
    ObjectSlotCounts early = ObjectSlotCounts.of(List.of(new Slot("$", 2, 1)));
    ObjectSlotCounts late =
        ObjectSlotCounts.of(List.of(new Slot("$", 5, 1), new Slot("$.o", 3, 4)));

    assertEquals(
        ObjectSlotCounts.of(List.of(new Slot("$", 3, 0), new Slot("$.o", 3, 4))),
        late.minus(early));
    assertEquals(
        ObjectSlotCounts.of(List.of(new Slot("$", 7, 2), new Slot("$.o", 3, 4))), early.plus(late));
    assertEquals(late, late.plus(ObjectSlotCounts.none()));
    var e = assertThrows(IllegalArgumentException.class, () -> early.minus(late));
    assertTrue(e.getMessage().contains("never negative"), e.getMessage());
    var twice =
        assertThrows(
            IllegalArgumentException.class,
            () -> ObjectSlotCounts.of(List.of(new Slot("$", 1, 0), new Slot("$", 1, 0))));
    assertTrue(twice.getMessage().contains("Cannot count slot $ twice"), twice.getMessage());
  }
}
