// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.NumericWidening;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class InferenceOptionsTest {
  private static final InferenceOptions DEFAULTS = InferenceOptions.defaults();

  private static void rejects(Executable call, String fragment) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  /** Options with file-wide widths, the cost model and lossless widening, the rest as given. */
  private static InferenceOptions costModel(
      double minPresence, double dominance, int columns, int depth, int paths) {
    return new InferenceOptions(
        minPresence,
        dominance,
        columns,
        depth,
        paths,
        TypeWidth.FILE,
        Selection.COST_MODEL,
        NumericWidening.LOSSLESS);
  }

  @Test
  void defaultsAreTheDocumentedValues() {
    assertEquals(costModel(0.0, 0.0, 300, 50, 10_000), DEFAULTS);
  }

  @Test
  void thePresenceRuleTypesFieldsOfTenPercentWithAFamilyOfNinety() {
    InferenceOptions presence = InferenceOptions.presenceRule();
    assertEquals(Selection.PRESENCE, presence.selection());
    assertEquals(0.10, presence.minPresence());
    assertEquals(InferenceOptions.PRESENCE_DOMINANCE, presence.dominance());
    assertEquals(
        DEFAULTS, presence.withSelection(Selection.COST_MODEL).withMinPresence(0).withDominance(0));
  }

  @Test
  void withMethodsChangeOneOption() {
    assertEquals(costModel(0.5, 0.0, 300, 50, 10_000), DEFAULTS.withMinPresence(0.5));
    assertEquals(costModel(0.0, 0.75, 300, 50, 10_000), DEFAULTS.withDominance(0.75));
    assertEquals(costModel(0.0, 0.0, 7, 50, 10_000), DEFAULTS.withMaxTypedColumns(7));
    assertEquals(costModel(0.0, 0.0, 300, 3, 10_000), DEFAULTS.withMaxDepth(3));
    assertEquals(costModel(0.0, 0.0, 300, 50, 12), DEFAULTS.withMaxTrackedPaths(12));
    InferenceOptions sameScale = DEFAULTS.withWidening(NumericWidening.SAME_SCALE);
    assertEquals(NumericWidening.SAME_SCALE, sameScale.widening());
    assertEquals(DEFAULTS, sameScale.withWidening(NumericWidening.LOSSLESS));
  }

  @Test
  void acceptsTheEdgesOfEachRange() {
    DEFAULTS
        .withMinPresence(0)
        .withMinPresence(1)
        .withDominance(0)
        .withDominance(1)
        .withMaxTypedColumns(0)
        .withMaxDepth(0)
        .withMaxDepth(1000)
        .withMaxTrackedPaths(1);
  }

  @Test
  void rejectsMinPresenceOutsideZeroToOne() {
    rejects(
        () -> DEFAULTS.withMinPresence(-0.01),
        "Cannot use minPresence -0.01: it must be in [0, 1]");
    rejects(() -> DEFAULTS.withMinPresence(1.5), "minPresence 1.5");
    rejects(() -> DEFAULTS.withMinPresence(Double.NaN), "minPresence NaN");
  }

  @Test
  void rejectsDominanceOutsideZeroToOne() {
    rejects(() -> DEFAULTS.withDominance(-0.1), "Cannot use dominance -0.1: it must be in [0, 1]");
    rejects(() -> DEFAULTS.withDominance(1.01), "dominance 1.01");
    rejects(() -> DEFAULTS.withDominance(Double.NaN), "dominance NaN");
  }

  @Test
  void rejectsNegativeColumnBudget() {
    rejects(
        () -> DEFAULTS.withMaxTypedColumns(-1),
        "Cannot use maxTypedColumns -1: it must be at least 0");
  }

  @Test
  void rejectsDepthBeyondTheVariantLimits() {
    rejects(() -> DEFAULTS.withMaxDepth(-1), "Cannot use maxDepth -1: it must be in [0, 1000]");
    rejects(() -> DEFAULTS.withMaxDepth(1001), "maxDepth 1001");
  }

  @Test
  void rejectsTrackingNoPath() {
    rejects(
        () -> DEFAULTS.withMaxTrackedPaths(0),
        "Cannot use maxTrackedPaths 0: it must be at least 1");
  }

  @Test
  void rejectsNullOptions() {
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> PlanInference.create(null));
    assertEquals("options", e.getMessage());
  }
}
