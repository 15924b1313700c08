// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.Hex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How an object slot matches a value's fields: plan fields come out in plan order whatever the key
 * order, every other field goes into the residual object, and one splitter serves many rows and
 * nested objects.
 */
class SplitObjectFieldsTest {
  @Test
  void planFieldsInPlanOrderAndTheRestInTheResidual() {
    // Plan order z, a, m is not key order; the value interleaves unshredded keys between them.
    ShreddingPlan plan = ShreddingPlan.parse("{\"z\": int64, \"a\": string, \"m\": int64}");
    Variant v = VariantJson.parse("{\"a\": \"x\", \"b\": 1, \"m\": 2, \"n\": 3, \"zz\": 4}");
    ShreddedTree row = SplitRebuild.split(v, plan, SplitOptions.defaults());

    ShreddedTree.Fields fields = (ShreddedTree.Fields) row.root().typed;
    assertTrue(fields.slots.get(0).missing, "z is absent");
    assertEquals(
        "x",
        new String((byte[]) fields.slots.get(1).typed, java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(2L, fields.slots.get(2).typed);
    Variant residual = row.root().residual;
    assertEquals(3, residual.fieldCount());
    assertEquals(
        List.of("b", "n", "zz"),
        List.of(residual.fieldName(0), residual.fieldName(1), residual.fieldName(2)));
    SplitRebuild.assertLogicallyEqual(
        v, SplitRebuild.roundTrip(v, plan, SplitOptions.defaults()), "round trip");
  }

  @Test
  void aSplitterKeepsItsPlanAndOptions() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    SplitOptions options = SplitOptions.defaults().withResidualMetadata(ResidualMetadata.EMBEDDED);
    Splitter s = Splitter.of(plan, options);
    assertEquals(plan, s.plan());
    assertEquals(options, s.options());
  }

  @Test
  void fullyShreddedObjectHasNoResidual() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"b\": int64, \"a\": int64}");
    ShreddedTree row =
        SplitRebuild.split(
            VariantJson.parse("{\"a\": 1, \"b\": 2}"), plan, SplitOptions.defaults());
    assertNull(row.root().residual);
  }

  @Test
  void planNamesWithTheSameUtf8BytesMatchOneFieldAndKeepTheOthers() {
    // "a\uD800" has no UTF-8 form: encoded (as the builder writes keys) it is "a?", the other plan
    // name. Both
    // plan fields match the one field "a?"; the unshredded field "b" must still reach the residual.
    Map<String, ShreddingPlan> fields = new LinkedHashMap<>();
    fields.put("a\uD800", ShreddingPlan.parse("int64"));
    fields.put("a?", ShreddingPlan.parse("int64"));
    ShreddingPlan plan = ShreddingPlan.object(fields);
    Variant v = VariantJson.parse("{\"a?\": 1, \"b\": 2}");
    ShreddedTree row = SplitRebuild.split(v, plan, SplitOptions.defaults());

    ShreddedTree.Fields typed = (ShreddedTree.Fields) row.root().typed;
    assertEquals(1L, typed.slots.get(0).typed);
    assertEquals(1L, typed.slots.get(1).typed);
    assertEquals(1, row.root().residual.fieldCount());
    assertEquals("b", row.root().residual.fieldName(0));
  }

  @Test
  void oneSplitterAndOneRebuilderServeManyRowsAndNestedObjects() {
    // Each row has its own dictionary, some without the plan's names: the rebuilder resolves them
    // per dictionary.
    ShreddingPlan plan =
        ShreddingPlan.parse(
            "{\"items\": [{\"sku\": string, \"qty\": int64}], \"user\": {\"id\": int64}}");
    Splitter splitter = Splitter.of(plan, SplitOptions.defaults());
    Rebuilder rebuilder = Rebuilder.of(plan);
    List<String> rows =
        List.of(
            "{\"items\": [{\"qty\": 1, \"sku\": \"a\"}, {\"sku\": \"b\", \"x\": true}, {\"qty\": 3}], \"user\": {\"id\": 7, \"n\": 1}}",
            "{\"user\": {\"name\": \"no id\"}, \"items\": []}",
            "{\"items\": [{\"qty\": 2, \"sku\": \"c\", \"y\": null}], \"other\": 1}");
    for (String json : rows) {
      Variant v = VariantJson.parse(json);
      ShreddedTree row = new ShreddedTree();
      splitter.split(v, row);
      Variant back = rebuilder.rebuild(v.metadata(), row.root());
      SplitRebuild.assertLogicallyEqual(v, back, json);
    }
  }

  @Test
  void fieldsOutOfKeyOrderAreShreddedAndRebuiltExactly() {
    // Another writer's order: metadata sorted ["a", "b"], but the object lists b (id 1) before a
    // (id 0).
    // object, 2 fields, ids 1 0, offsets 0 2 4 | int8 2 | int8 1
    Variant v =
        Variant.of(
            io.variant.testkit.Hex.bytes("11 02 00 01 02 61 62"),
            io.variant.testkit.Hex.bytes("02 02 01 00 00 02 04 0C 02 0C 01"));
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    ShreddedTree row = SplitRebuild.split(v, plan, SplitOptions.defaults());

    Variant residual = row.root().residual;
    assertEquals(
        1, residual.fieldCount()); // "a" was found although it comes after "b": only "b" is left
    assertEquals(2L, residual.field("b").longValue());
    Variant rebuilt = Rebuilder.of(plan).rebuild(v.metadata(), row.root());
    assertEquals(v, rebuilt);
    rebuilt.validate(io.variant.core.KeyOrder.SPEC); // and the rebuild is in the spec's order
  }

  @Test
  void anObjectOutOfKeyOrderLeavesOnlyItsUnshreddedFieldsInTheResidual() {
    // {"c": 3, "x": 24, "a": 1} listed in that order over the unsorted dictionary ["c", "x", "a"]
    Variant v =
        Variant.of(
            Hex.bytes("01 03 00 01 02 03 63 78 61"),
            Hex.bytes(
                "02 03 00 01 02" // object, 3 fields, ids 0 ("c"), 1 ("x"), 2 ("a")
                    + " 00 02 04 06" // offsets
                    + " 0C 03 0C 18 0C 01")); // int8 3, 24, 1
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64, \"c\": int64}");
    for (ResidualMetadata layout : ResidualMetadata.values()) {
      // A fresh splitter meets the dictionary for the first time: it matches by key bytes.
      ShreddedTree row =
          SplitRebuild.split(v, plan, SplitOptions.defaults().withResidualMetadata(layout));
      ShreddedTree.Fields fields = (ShreddedTree.Fields) row.root().typed;
      assertEquals(1L, fields.slots.get(0).typed, layout.toString());
      assertEquals(3L, fields.slots.get(1).typed, layout.toString());
      Variant residual = row.root().residual;
      assertEquals(1, residual.fieldCount(), residual.toString());
      assertEquals("x", residual.fieldName(0));
      assertEquals(24, residual.fieldValue(0).longValue());
    }
  }
}
