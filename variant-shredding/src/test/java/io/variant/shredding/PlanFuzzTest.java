// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * Coverage-guided fuzzing of {@link ShreddingPlan#parse} over arbitrary text (the input bytes
 * decoded as UTF-8, malformed sequences replaced): it returns a plan or throws {@link
 * PlanSyntaxException} (with a position inside the text) or another {@link
 * IllegalArgumentException}, nothing else: no stack overflow, no NPE, no AIOOBE, no hang. When it
 * returns, the printed forms parse back to an equal plan and printing is a fixed point.
 *
 * <p><b>Regression mode</b> (every {@code mvn verify}): runs the inputs in {@code
 * src/test/resources/io/variant/shredding/PlanFuzzTestInputs/parseAnyText/}: seeds and every crash
 * found so far.
 *
 * <p><b>Fuzzing mode</b>, bounded by {@code maxDuration} (override with {@code
 * -Djazzer.max_duration=10m}):
 *
 * <pre>{@code
 * JAZZER_FUZZ=1 mvn -B -o -pl variant-shredding -am test -Dtest=PlanFuzzTest -Dsurefire.failIfNoSpecifiedTests=false
 * }</pre>
 *
 * New crashes are written to the inputs directory above; fix the bug and commit the input.
 */
public class PlanFuzzTest {
  /**
   * Called once by the standalone driver before fuzzing: loads and JIT-warms the classes an input
   * needs, so that the per-input time bound measures the input and not class loading on a busy
   * machine.
   */
  public static void fuzzerInitialize() {
    fuzzerTestOneInput(
        "{\"a\": int64, \"b\": [string]}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** The entry point of the standalone Jazzer driver ({@code bin/fuzz}, see FUZZING.md). */
  public static void fuzzerTestOneInput(byte[] input) {
    new PlanFuzzTest().parseAnyText(input);
  }

  @FuzzTest(maxDuration = "2m")
  void parseAnyText(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    ShreddingPlan plan;
    try {
      plan = ShreddingPlan.parse(text);
    } catch (PlanSyntaxException e) {
      assertTrue(
          e.position() >= 0 && e.position() <= text.length(),
          () -> "position outside the text: " + e.getMessage());
      return;
    } catch (IllegalArgumentException e) {
      return;
    }
    String printed = plan.print();
    ShreddingPlan again = ShreddingPlan.parse(printed);
    assertEquals(plan, again, () -> "print does not round-trip: " + printed);
    assertEquals(printed, again.print());
    assertEquals(plan, ShreddingPlan.parse(PlanText.printIndented(plan)));
  }
}
