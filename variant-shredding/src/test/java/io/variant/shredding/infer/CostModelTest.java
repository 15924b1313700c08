// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.bool;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Selection#COST_MODEL}, the default: a leaf is typed only when the estimate says it saves
 * bytes.
 */
class CostModelTest {
  private static InferenceResult infer(List<Model> rows) {
    return PlanInference.infer(Values.variants(rows), InferenceOptions.defaults());
  }

  @Test
  void aFieldInEveryRowPaysAndARareOneDoesNot() {
    Random rnd = new Random(7);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      Model rare = rnd.nextInt(100) == 0 ? integer(rnd.nextInt(1000)) : null;
      rows.add(
          rare == null
              ? obj("id", integer(i), "kind", str("k" + rnd.nextInt(5)))
              : obj("id", integer(i), "kind", str("k" + rnd.nextInt(5)), "rare", rare));
    }
    InferenceResult r = infer(rows);
    assertEquals("{\"id\": int64, \"kind\": string}", r.plan().print());
    Explanation.Decision rare = r.explanation().decision("$.rare");
    assertFalse(rare.typed(), rare.toString());
    assertTrue(rare.estimate().saved() < 0, rare.toString());
    assertTrue(rare.reason().startsWith("int32: costs "), rare.reason());
    Explanation.Decision kind = r.explanation().decision("$.kind");
    assertTrue(kind.typed());
    assertEquals(CostModel.Kind.LOW_CARDINALITY_STRING, kind.estimate().kind());
  }

  @Test
  void levelsOfASparseObjectCostEveryRow() {
    // the same 500 values: in the field of an object present in every row, and in one present in
    // 10% of rows
    // at random, whose levels then cost every row a bit
    LevelChain dense = LevelChain.root(5000).then(5000).then(5000).then(500);
    LevelChain sparse = LevelChain.root(5000).then(5000).then(500).then(500);
    assertTrue(dense.entropyBits() > 0.4 && dense.entropyBits() < 0.5, "" + dense.entropyBits());
    assertEquals(
        dense.entropyBits(), sparse.entropyBits(), 1e-9); // the same split, one level apart
    assertEquals(0.0, LevelChain.root(100).then(100).then(100).entropyBits(), 1e-9);
    CostModel.Estimate e =
        CostModel.estimate(CostModel.Kind.BOOLEAN, 500, 1, 0, sparse, sparse.withLast(0));
    // value column: rows reach the object or not, then hold no residual: the same split as the
    // typed column's
    assertEquals(
        2 * 5000 * sparse.entropyBits() * CostModel.LEVEL_BYTES_PER_BIT, e.levelBytes(), 1e-6);
    CostModel.Estimate always =
        CostModel.estimate(
            CostModel.Kind.BOOLEAN,
            5000,
            1,
            0,
            LevelChain.root(5000).then(5000).then(5000),
            LevelChain.root(5000).then(5000).then(0));
    assertEquals(
        0.0,
        always.levelBytes(),
        1e-9); // always typed, object always there: one run of levels each
    assertEquals(2 * CostModel.CHUNK_BYTES, e.fixedBytes(), 1e-9);
  }

  /**
   * A path in every row (or every element) whose values are half integers, half strings: whichever
   * family is typed, its typed column holds a value in half the entries and its value column the
   * other half, so each column's levels cost 1 bit per entry.
   */
  @Test
  void aHalfTypedPathsValueColumnHoldsTheOtherHalf() {
    List<Model> fields = new ArrayList<>();
    List<Model> lists = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      fields.add(obj("a", i % 2 == 0 ? integer(i) : str("s" + i)));
      lists.add(obj("l", arr(integer(i), str("s" + i))));
    }
    double oneBitPerEntry = 1000 * CostModel.LEVEL_BYTES_PER_BIT;
    Explanation.Decision a = infer(fields).explanation().decision("$.a");
    assertEquals(2 * oneBitPerEntry, a.estimate().levelBytes(), 1e-6, a.toString());
    Explanation.Decision element = infer(lists).explanation().decision("$.l[*]");
    assertEquals(2 * 2 * oneBitPerEntry, element.estimate().levelBytes(), 1e-6, element.toString());
  }

  @Test
  void longStringsGainMoreThanShortOnes() {
    LevelChain all = LevelChain.root(1000).then(1000).then(1000).then(1000);
    double shortText =
        CostModel.estimate(CostModel.Kind.STRING, 1000, 10, 0, all, all).gainPerValue();
    double longText =
        CostModel.estimate(CostModel.Kind.STRING, 1000, 400, 0, all, all).gainPerValue();
    assertTrue(longText > shortText + 1.5, shortText + " " + longText);
  }

  @Test
  void stringsGainMoreInObjectsWithManyFields() {
    LevelChain all = LevelChain.root(1000).then(1000).then(1000).then(1000);
    double alone = CostModel.estimate(CostModel.Kind.STRING, 1000, 10, 0, all, all).gainPerValue();
    double many = CostModel.estimate(CostModel.Kind.STRING, 1000, 10, 14, all, all).gainPerValue();
    double capped =
        CostModel.estimate(CostModel.Kind.STRING, 1000, 10, CostModel.SIBLINGS_CAP, all, all)
            .gainPerValue();
    assertEquals(CostModel.SIBLINGS_CAP * CostModel.Kind.STRING.gainPerSibling, many - alone, 1e-9);
    assertEquals(capped, many, 1e-9);
  }

  @Test
  void aStringInsideItsSiblingGainsLittle() {
    // a login repeated inside its profile URL, in an object of 40% of rows, stays in the residual
    // next to it; an unrelated string of the same object is weighed as a string
    Random rnd = new Random(11);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      if (rnd.nextInt(10) >= 4) {
        rows.add(obj("id", integer(i)));
        continue;
      }
      String login = "user_" + Integer.toString(rnd.nextInt(1 << 30), 36);
      rows.add(
          obj(
              "actor",
              obj(
                  "login",
                  str(login),
                  "url",
                  str("https://api.example.com/users/" + login),
                  "bio",
                  str("bio " + Integer.toString(rnd.nextInt(1 << 30), 36)))));
    }
    InferenceResult r = infer(rows);
    Explanation.Decision login = r.explanation().decision("$.actor.login");
    assertEquals(CostModel.Kind.REPEATED_STRING, login.estimate().kind(), login.toString());
    assertFalse(login.typed(), login.toString());
    assertEquals(
        CostModel.Kind.REPEATED_STRING, r.explanation().decision("$.actor.url").estimate().kind());
    Explanation.Decision bio = r.explanation().decision("$.actor.bio");
    assertEquals(CostModel.Kind.STRING, bio.estimate().kind(), bio.toString());
  }

  @Test
  void arrayElementsAreEntriesOfTheirOwn() {
    LevelChain c = LevelChain.root(100).then(100).then(100).intoArray(100, 300);
    assertEquals(300, c.entries(), 1e-9);
  }

  @Test
  void aListIsTypedOnlyWhenItsLeavesPayForItsElements() {
    // tags, in every row: low-cardinality strings, each saving more than an element costs; items,
    // in half of the rows: objects whose one typed field (a small number) saves less than its
    // element costs, the rest of each element (a unique code) staying in a residual of its own
    Random rnd = new Random(5);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      Model[] tags = new Model[1 + rnd.nextInt(3)];
      for (int t = 0; t < tags.length; t++) {
        tags[t] = str("tag-" + rnd.nextInt(6));
      }
      if (rnd.nextInt(2) > 0) {
        rows.add(obj("id", integer(i), "tags", arr(tags)));
        continue;
      }
      Model[] items = new Model[1 + rnd.nextInt(2)];
      for (int t = 0; t < items.length; t++) {
        items[t] = obj("qty", integer(1 + rnd.nextInt(4)), "sku", str("S" + rnd.nextInt(100_000)));
      }
      rows.add(obj("id", integer(i), "tags", arr(tags), "items", arr(items)));
    }
    InferenceResult r = infer(rows);
    assertEquals("{\"id\": int64, \"tags\": [string]}", r.plan().print(), r.explanation().format());
    Explanation.Decision tags = r.explanation().decision("$.tags");
    assertTrue(tags.typed(), tags.toString());
    assertTrue(tags.reason().startsWith("array as [string]: saves "), tags.reason());
    Explanation.Decision items = r.explanation().decision("$.items");
    assertFalse(items.typed(), items.toString());
    assertTrue(items.reason().startsWith("array as [object]: costs "), r.explanation().format());
    // the typed leaf under it was weighed on its own and would have paid as a field
    Explanation.Decision qty = r.explanation().decision("$.items[*].qty");
    assertTrue(qty.estimate().saved() > 0, qty.toString());
  }

  @Test
  void aListInsideAListCountsWhatItSavesNetOfItsElements() {
    Random rnd = new Random(9);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      Model[] groups = new Model[1 + rnd.nextInt(2)];
      for (int g = 0; g < groups.length; g++) {
        groups[g] =
            obj(
                "name",
                str("group-" + rnd.nextInt(5)),
                "vals",
                arr(
                    str("v" + rnd.nextInt(1_000_000)),
                    str("v" + rnd.nextInt(1_000_000)),
                    str("v" + rnd.nextInt(1_000_000))));
      }
      rows.add(obj("id", integer(i), "groups", arr(groups)));
    }
    Explanation e = infer(rows).explanation();
    Explanation.Decision outer = e.decision("$.groups");
    Explanation.Decision inner = e.decision("$.groups[*].vals");
    Explanation.Decision name = e.decision("$.groups[*].name");
    assertTrue(outer.typed() && inner.typed() && name.typed(), e.format());
    double innerNet = number(inner.reason(), "array as \\[string\\]: saves (\\d+) B");
    double outerLeaves = number(outer.reason(), "leaves (\\d+) B");
    assertEquals(innerNet + name.estimate().saved(), outerLeaves, 1.0, e.format());
  }

  private static double number(String text, String regex) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(regex).matcher(text);
    assertTrue(m.find(), text);
    return Double.parseDouble(m.group(1));
  }

  @Test
  void aConstantPaysOnlyWhereItCostsNoLevels() {
    // in every row: a constant string and a constant boolean pay (no levels); in 40% of rows, in
    // the objects of one family: a constant string, boolean and integer do not, while a boolean
    // that varies there does
    Random rnd = new Random(3);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      Model tweet =
          obj(
              "filter_level",
              str("low"),
              "favorited",
              bool(false),
              "version",
              integer(2),
              "sensitive",
              bool(rnd.nextBoolean()));
      rows.add(
          rnd.nextInt(10) < 4
              ? obj("schema", str("v1"), "sampled", bool(true), "tweet", tweet)
              : obj("schema", str("v1"), "sampled", bool(true)));
    }
    Explanation e = infer(rows).explanation();
    for (String typed : List.of("$.schema", "$.sampled")) {
      Explanation.Decision d = e.decision(typed);
      assertTrue(d.typed(), e.format());
      assertEquals(CostModel.Kind.CONSTANT, d.estimate().kind(), d.toString());
    }
    for (String residual :
        List.of("$.tweet.filter_level", "$.tweet.favorited", "$.tweet.version")) {
      Explanation.Decision d = e.decision(residual);
      assertFalse(d.typed(), e.format());
      assertEquals(CostModel.Kind.CONSTANT, d.estimate().kind(), d.toString());
      assertTrue(d.reason().endsWith("(constant)"), d.reason());
    }
    Explanation.Decision varying = e.decision("$.tweet.sensitive");
    assertEquals(CostModel.Kind.BOOLEAN, varying.estimate().kind(), varying.toString());
  }

  @Test
  void aListOfObjectsIsChargedEveryElement() {
    CostModel.ListEstimate e = CostModel.objectList(1000, 900);
    assertEquals(900 - 1000 * CostModel.ELEMENT_BYTES, e.saved(), 1e-9);
    assertTrue(CostModel.objectList(1000, 701).saved() > 0);
    assertTrue(CostModel.objectList(1000, 700).saved() <= 0);
    assertTrue(
        e.explain().matches("(saves|costs) \\d+ B: leaves 900 B - 1000 elements x 0\\.7 B"),
        e.explain());
  }

  /**
   * A list of scalars costs the repetition levels of its lengths in each of its two columns: lists
   * of one length cost nothing more than their leaves, lists of two lengths at random one bit each;
   * each element gains its separation from the array value either way.
   */
  @Test
  void aListOfScalarsIsChargedTheEntropyOfItsLengths() {
    double separation = 6000 * ListCosts.ELEMENT_SEPARATION;
    assertEquals(900 + separation, ListCosts.typedList(6000, 900, 1000, 0).saved(), 1e-9);
    CostModel.ListEstimate two = ListCosts.typedList(6000, 900, 1000, 1);
    assertEquals(900 + separation - 2 * 1000 * CostModel.LEVEL_BYTES_PER_BIT, two.saved(), 1e-9);
    assertTrue(
        two.explain()
            .matches(
                "saves 2560 B: leaves 900 B - repetition levels 440 B \\(1000 lists, 1\\.00 bits"
                    + " of length each, 2 columns\\) \\+ 6000 elements x 0\\.35 B"),
        two.explain());
  }

  @Test
  void uniqueStringsGainLessThanRepeatedOnes() {
    assertEquals(CostModel.Kind.LOW_CARDINALITY_STRING, CostModel.stringKind(8000, 1000, 0));
    assertEquals(CostModel.Kind.STRING, CostModel.stringKind(8000, 1001, 0));
    assertEquals(CostModel.Kind.STRING, CostModel.stringKind(100_000, DistinctValues.CAP + 1, 0));
    DistinctValues d = new DistinctValues();
    for (int i = 0; i < 5000; i++) {
      d.add("v" + i % 10);
    }
    assertEquals(10, d.count());
  }

  @Test
  void everyExaminedPathIsExplained() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rows.add(obj("a", integer(i), "b", obj("c", bool(i % 2 == 0)), "d", str("x" + i)));
    }
    Explanation e = infer(rows).explanation();
    for (String p : List.of("$", "$.a", "$.b", "$.b.c", "$.d")) {
      assertNotNull(e.decision(p), p + "\n" + e.format());
    }
    assertTrue(e.format().contains("typed     $.a "), e.format());
  }
}
