// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Limits;
import io.variant.shredding.RebuildOptions.NullFieldGroup;
import io.variant.shredding.RebuildOptions.ResidualKeyConflict;
import org.junit.jupiter.api.Test;

/**
 * The option values of splitting and rebuilding: each {@code with...} changes its own component
 * only, nulls are refused, and {@link NumericWidening} reads and prints its command-line names.
 */
class OptionsTest {
  @Test
  void eachWithChangesItsOwnRebuildOption() {
    RebuildOptions d = RebuildOptions.defaults();
    Limits small = new Limits(5, 1000);
    assertEquals(
        new RebuildOptions(ResidualKeyConflict.FAIL, small, false, NullFieldGroup.FAIL),
        d.withLimits(small));
    assertEquals(
        new RebuildOptions(ResidualKeyConflict.FAIL, Limits.defaults(), true, NullFieldGroup.FAIL),
        d.withCheckResiduals(true));
    assertEquals(
        new RebuildOptions(
            ResidualKeyConflict.FAIL, Limits.defaults(), false, NullFieldGroup.MISSING),
        d.withNullFieldGroup(NullFieldGroup.MISSING));
  }

  @Test
  void rebuildOptionsRefuseNulls() {
    assertThrows(
        NullPointerException.class,
        () -> new RebuildOptions(null, Limits.defaults(), false, NullFieldGroup.FAIL));
    assertThrows(
        NullPointerException.class,
        () -> new RebuildOptions(ResidualKeyConflict.FAIL, null, false, NullFieldGroup.FAIL));
    assertThrows(
        NullPointerException.class,
        () -> new RebuildOptions(ResidualKeyConflict.FAIL, Limits.defaults(), false, null));
  }

  @Test
  void numericWideningReadsItsNamesInAnyCase() {
    assertEquals("lossless", NumericWidening.LOSSLESS.text());
    assertEquals("same-scale", NumericWidening.SAME_SCALE.text());
    assertEquals("strict", NumericWidening.STRICT.text());
    for (NumericWidening w : NumericWidening.values()) {
      assertEquals(w, NumericWidening.parse(w.text()));
      assertEquals(w, NumericWidening.parse(w.text().toUpperCase(java.util.Locale.ROOT)));
    }
    var e = assertThrows(IllegalArgumentException.class, () -> NumericWidening.parse("same_scale"));
    assertTrue(e.getMessage().contains("lossless, same-scale or strict"), e.getMessage());
  }
}
