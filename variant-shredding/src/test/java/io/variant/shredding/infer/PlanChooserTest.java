// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.bool;
import static io.variant.shredding.testkit.Values.f32;
import static io.variant.shredding.testkit.Values.f64;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Hex;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PlanChooser}'s choice where several families pass dominance, and the words of its
 * explanation: the thresholds that decided a path, the fields an object examined, paths skipped
 * under min presence, and path order.
 */
class PlanChooserTest {
  private static final InferenceOptions PRESENCE =
      InferenceOptions.defaults().withSelection(Selection.PRESENCE);

  private static InferenceResult infer(List<? extends Model> rows, InferenceOptions options) {
    return PlanInference.infer(Values.variants(rows), options);
  }

  @Test
  void theMostCommonOfTheFamiliesPassingDominanceIsTyped() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      rows.add(obj("a", i % 5 < 2 ? integer(i) : str("s" + i))); // 40% integers, 60% strings
    }
    assertEquals(
        "{\"a\": string}", infer(rows, PRESENCE.withDominance(0.3)).plan().print(), "strings");
  }

  @Test
  void thresholdsThatDecidedAPathAreNamed() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      rows.add(
          i < 2
              ? obj("a", integer(i), "l", arr(integer(i)), "rare", integer(i))
              : obj("a", integer(i), "l", arr(integer(i))));
    }
    Explanation why =
        infer(rows, PRESENCE.withTypeWidth(TypeWidth.SAMPLE).withMinPresence(0.1)).explanation();
    assertEquals("int8: passes presence and dominance", why.decision("$.a").reason());
    assertEquals("array of typed elements", why.decision("$.l").reason());
    assertEquals(
        "present in 5.0% of parent objects, under min presence 10.0%",
        why.decision("$.rare").reason());
    assertFalse(why.decision("$.rare").typed());
    assertEquals("object: 2 of 2 examined fields in the plan", why.decision("$").reason());
    assertEquals(why.format(), why.toString());
  }

  /**
   * Under the cost model an object counts the fields it examined that do not pay too, says what its
   * typed leaves save, and the explanation lists its paths in order whether they pay or not.
   */
  @Test
  void anObjectCountsItsExaminedFieldsAndPathsComeInOrder() {
    Random rnd = new Random(7);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      Model rare = rnd.nextInt(100) == 0 ? integer(rnd.nextInt(1000)) : null;
      rows.add(
          rare == null
              ? obj("id", integer(i), "kind", str("k" + rnd.nextInt(5)))
              : obj("id", integer(i), "kind", str("k" + rnd.nextInt(5)), "j", rare));
    }
    Explanation why = infer(rows, InferenceOptions.defaults()).explanation();
    List<String> paths = new ArrayList<>();
    why.decisions().forEach(d -> paths.add(d.path()));
    assertEquals(List.of("$", "$.id", "$.j", "$.kind"), paths, why.format());
    String root = why.decision("$").reason();
    assertTrue(root.startsWith("object: 2 of 3 examined fields in the plan, saves "), root);
  }

  /**
   * Under the cost model a path that is an object in some rows and a string in others weighs both;
   * the paths below the family that lost are still explained, as not in the plan.
   */
  @Test
  void thePathsBelowALosingFamilyAreExplainedAsNotInThePlan() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      rows.add(
          i % 3 == 0
              ? obj("a", obj("x", integer(i), "y", str("y" + i % 4)))
              : obj("a", str("s" + i % 7)));
    }
    InferenceResult r = infer(rows, InferenceOptions.defaults().withDominance(0.3));
    assertEquals("{\"a\": string}", r.plan().print(), "the strings win");
    Explanation why = r.explanation();
    for (String path : List.of("$.a.x", "$.a.y")) {
      Explanation.Decision d = why.decision(path);
      assertTrue(d != null, path + " is not explained:\n" + why.format());
      assertFalse(d.typed(), why.format());
    }
  }

  @Test
  void aPathOfTypesNewerThanThisLibraryStaysResidualAndSaysWhy() {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      // {"a": a value whose header names primitive type id 21, which this library does not know}
      rows.add(Variant.of(Hex.bytes("01 01 00 01 61"), Hex.bytes("02 01 00 00 01 54")));
    }
    InferenceResult r = PlanInference.infer(rows, PRESENCE);
    assertEquals("only types newer than this library", r.explanation().decision("$.a").reason());
  }

  @Test
  void keysCompareByCodePointAsUtf8BytesDo() {
    assertTrue(PathStats.compareCodePoints("a", "ab") < 0);
    assertTrue(PathStats.compareCodePoints("ab", "a") > 0);
    assertEquals(0, PathStats.compareCodePoints("ab", "ab"));
    assertEquals(0, PathStats.compareCodePoints("", ""));
    assertTrue(PathStats.compareCodePoints("", "a") < 0);
    // U+FFFF before U+1F600, though its UTF-16 unit is above the pair's first
    assertTrue(PathStats.compareCodePoints("\uFFFF", "\uD83D\uDE00") < 0);
    assertTrue(PathStats.compareCodePoints("\uD83D\uDE00", "\uFFFF") > 0);
  }

  /**
   * A leaf is typed only when it saves more than nothing: booleans in every row gain 1 B each, with
   * no level bytes (every row reaches them) and 490 B of column chunks, so 490 rows save exactly 0
   * B and stay in the residual, and 491 save 1 B and are typed.
   */
  @Test
  void aLeafThatSavesExactlyNothingStaysInTheResidual() {
    InferenceOptions costModel = InferenceOptions.defaults();
    InferenceResult even = infer(booleans(490), costModel);
    assertEquals(0.0, even.explanation().decision("$.b").estimate().saved());
    assertEquals("variant", even.plan().print(), even.explanation().format());
    InferenceResult oneMore = infer(booleans(491), costModel);
    assertEquals(1.0, oneMore.explanation().decision("$.b").estimate().saved());
    assertEquals("{\"b\": boolean}", oneMore.plan().print(), oneMore.explanation().format());
  }

  private static List<Model> booleans(int rows) {
    List<Model> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      out.add(obj("b", bool(i % 3 == 0))); // both values: not one constant
    }
    return out;
  }

  /**
   * Floats and doubles, half the values each, save the same (both numbers, as many, at the same
   * levels): of two families that save the same, the earlier one (in type order) is typed, whatever
   * order the rows come in.
   */
  @Test
  void ofTwoFamiliesThatSaveTheSameTheEarlierIsTyped() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      rows.add(obj("a", i % 2 == 0 ? f64(i + 0.5) : f32(i + 0.5f))); // a double first
    }
    InferenceResult r = infer(rows, InferenceOptions.defaults());
    Explanation.Decision a = r.explanation().decision("$.a");
    assertEquals("{\"a\": float}", r.plan().print(), a.toString());
    // a tie: the typed family saves what the other would (the other's values gain in the value
    // column)
    assertTrue(a.reason().contains(": saves 3750 B:"), a.reason());
    assertTrue(
        a.reason()
            .endsWith(
                "; also weighed (the type whose own values save most is typed; float's 750 B):"
                    + " double saves 750 B on its own values, saves 3750 B in all"),
        a.reason());
  }

  /**
   * Rows that are numbers, not objects: the root is no list element, so its numbers gain what a
   * field's do (fixed-width elements of a list gain nothing) and pay for their column.
   */
  @Test
  void numbersAtTheRootGainAsAFieldsDo() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      rows.add(integer(i));
    }
    InferenceResult r = infer(rows, InferenceOptions.defaults());
    Explanation.Decision root = r.explanation().decision("$");
    assertTrue(root.typed(), root.toString());
    assertEquals(CostModel.Kind.NUMBER.gainPerValue, root.estimate().gainPerValue(), 1e-9);
  }
}
