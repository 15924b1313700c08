// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What {@link PlanInference} counts at each path and the cost model then weighs: the bytes of
 * strings, the siblings of a field, strings that repeat a sibling's text, empty arrays, values past
 * the tracked paths.
 */
class InferenceCountsTest {
  private static InferenceResult infer(List<Model> rows) {
    return PlanInference.infer(Values.variants(rows), InferenceOptions.defaults());
  }

  /** {"s": a unique string of {@code chars}, plus {@code siblings} integer fields}. */
  private static List<Model> strings(int chars, int siblings) {
    Random rnd = new Random(3);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      List<Object> fields = new ArrayList<>(List.of("s", str(unique(rnd, i, chars))));
      for (int k = 0; k < siblings; k++) {
        fields.addAll(List.of("n" + k, integer(rnd.nextInt(3))));
      }
      rows.add(obj(fields.toArray()));
    }
    return rows;
  }

  /** A text of {@code chars} chars that no other row's has. */
  private static String unique(Random rnd, int row, int chars) {
    String s = row + "-" + Long.toString(rnd.nextLong() & Long.MAX_VALUE, 36).repeat(4);
    return s.substring(0, chars);
  }

  private static double gain(List<Model> rows, String path) {
    return infer(rows).explanation().decision(path).estimate().gainPerValue();
  }

  @Test
  void longerStringsAndMoreSiblingsGainMorePerValue() {
    double short10 = gain(strings(10, 0), "$.s");
    assertTrue(gain(strings(40, 0), "$.s") > short10, "longer strings");
    assertTrue(gain(strings(10, 4), "$.s") > short10, "more siblings");
  }

  /**
   * Pairs of strings where one holds the other are repeats if both have at least {@link
   * CostModel#REPEAT_MIN_CHARS} chars, however many other fields come first.
   */
  @Test
  void aStringOfSixCharsInsideASiblingIsARepeat() {
    Random rnd = new Random(5);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      List<Object> fields = new ArrayList<>();
      for (int k = 0; k < CostModel.REPEAT_MAX_FIELDS; k++) {
        fields.addAll(List.of(String.format("a%02d", k), integer(k)));
      }
      String login = unique(rnd, i, CostModel.REPEAT_MIN_CHARS);
      fields.addAll(List.of("login", str(login), "url", str("https://example.com/" + login)));
      rows.add(obj(fields.toArray()));
    }
    Explanation why = infer(rows).explanation();
    assertEquals(
        CostModel.Kind.REPEATED_STRING, why.decision("$.login").estimate().kind(), why.format());
    assertEquals(
        CostModel.Kind.REPEATED_STRING, why.decision("$.url").estimate().kind(), why.format());
  }

  @Test
  void objectsWithMoreStringFieldsThanAreComparedAreStillCounted() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      List<Object> fields = new ArrayList<>();
      for (int k = 0; k <= CostModel.REPEAT_MAX_FIELDS + 2; k++) {
        fields.addAll(List.of(String.format("s%02d", k), str("text " + i + " " + k)));
      }
      rows.add(obj(fields.toArray()));
    }
    Explanation why = infer(rows).explanation(); // the root and its 19 fields, each examined
    assertEquals(CostModel.REPEAT_MAX_FIELDS + 4, why.decisions().size(), why.format());
  }

  @Test
  void onlyEmptyArraysHaveNoElements() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      rows.add(obj("l", arr()));
    }
    InferenceResult r =
        PlanInference.infer(
            Values.variants(rows), InferenceOptions.defaults().withSelection(Selection.PRESENCE));
    assertEquals("array: no elements", r.explanation().decision("$.l").reason());
  }

  @Test
  void elementsPastTheTrackedPathsAreCountedUntracked() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(obj("a", integer(i), "l", arr(integer(1), integer(2), integer(3))));
    }
    // three paths: $, $.a and $.l; $.l's elements would be a fourth
    InferenceResult r =
        PlanInference.infer(
            Values.variants(rows), InferenceOptions.defaults().withMaxTrackedPaths(3));
    assertEquals(30, r.coverage().untrackedValues());
  }

  @Test
  void fewerTypedColumnsOnRequestKeepTheBest() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      rows.add(obj("a", integer(i), "b", integer(i), "c", integer(i)));
    }
    PlanInference inference =
        PlanInference.create(InferenceOptions.defaults().withSelection(Selection.PRESENCE));
    Values.variants(rows).forEach(inference::add);
    assertEquals(3, inference.result().coverage().typedColumns());
    assertEquals(1, inference.result(1).coverage().typedColumns());
    assertEquals(3, inference.result(5).coverage().typedColumns());
  }
}
