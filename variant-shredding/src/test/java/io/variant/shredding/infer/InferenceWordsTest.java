// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.nul;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The words inference explains itself in: shares and percentages ({@link Shares}), verdicts, the
 * names id-like fields are split into ({@link IdLikeNames}), path segments.
 */
class InferenceWordsTest {
  @Test
  void percentagesShowADecimalOnlyWhereRoundingWouldHideAPart() {
    assertEquals("85%", Shares.percent(85, 100));
    assertEquals("33%", Shares.percent(1, 3));
    assertEquals("100%", Shares.percent(10, 10));
    assertEquals("0%", Shares.percent(0, 10));
    assertEquals("99.9%", Shares.percent(999, 1000));
    assertEquals("0.1%", Shares.percent(1, 1000));
    assertEquals("99.5%", Shares.percent(995, 1000)); // rounds to 100%, yet is not all
    assertEquals("0.4%", Shares.percent(4, 1000));
  }

  @Test
  void verdictsSayWhetherAColumnPays() {
    assertEquals("saves 5 B", Shares.verdict(5.4));
    assertEquals("costs 3 B", Shares.verdict(-3));
    assertEquals("costs 0 B", Shares.verdict(0));
  }

  @Test
  void aPathOfSeveralFamiliesSaysWhatShareItsColumnTakes() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 110; i++) {
      rows.add(obj("a", i < 85 ? integer(i % 7) : i < 100 ? str("s") : nul()));
    }
    InferenceOptions options =
        InferenceOptions.defaults()
            .withSelection(Selection.PRESENCE)
            .withTypeWidth(TypeWidth.SAMPLE)
            .withDominance(0.8);
    Explanation why = PlanInference.infer(Values.variants(rows), options).explanation();
    assertEquals(
        "int8 (85% of 100 non-null values; 15 stay in the residual): passes presence and dominance",
        why.decision("$.a").reason());
  }

  @Test
  void whenNoFamilyPaysEachIsNamedWithItsVerdict() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rows.add(
          i % 100 == 0
              ? obj("id", integer(i), "x", i % 200 == 0 ? integer(i) : str("t" + i))
              : obj("id", integer(i)));
    }
    InferenceOptions options = InferenceOptions.defaults().withDominance(0.4);
    Explanation why = PlanInference.infer(Values.variants(rows), options).explanation();
    String reason = why.decision("$.x").reason();
    assertFalse(why.decision("$.x").typed(), reason);
    assertTrue(reason.matches("\\w+ \\(50% of 30 .*: costs .*; \\w+ costs \\d+ B"), reason);
  }

  @Test
  void namesSplitIntoWordsAtCaseChangesAndNonLetters() {
    assertEquals(List.of("created", "at"), IdLikeNames.words("createdAt_"));
    assertEquals(List.of("user", "id"), IdLikeNames.words("user__id"));
    assertEquals(List.of("x"), IdLikeNames.words("_x"));
    assertEquals(List.of("ab"), IdLikeNames.words("ab_"));
    assertEquals(List.of(), IdLikeNames.words("42"));
    assertTrue(IdLikeNames.isIdLike("createdAt_"));
    assertTrue(IdLikeNames.isIdLike("user__id"));
    assertFalse(IdLikeNames.isIdLike(""));
    assertFalse(IdLikeNames.isIdLike("42"));
    assertFalse(IdLikeNames.isIdLike("_"));
    assertFalse(IdLikeNames.isIdLike(null));
  }

  @Test
  void fieldSegmentsQuoteWhatIsNotAName() {
    assertEquals(".user_1", CoverageReport.fieldSegment("user_1"));
    assertEquals("[\"1st\"]", CoverageReport.fieldSegment("1st"));
    assertEquals("[\"a b\"]", CoverageReport.fieldSegment("a b"));
  }

  @Test
  void theReportKeepsItsOptionsAndFamiliesTheirNames() {
    InferenceOptions options = InferenceOptions.defaults().withDominance(0.7);
    InferenceResult r =
        PlanInference.infer(Values.variants(List.of(obj("a", integer(1)))), options);
    assertSame(options, r.coverage().options());
    assertEquals("EXACT_NUMERIC", TypeFamily.EXACT_NUMERIC.toString());
    assertEquals("OBJECT", TypeFamily.OBJECT.toString());
  }
}
