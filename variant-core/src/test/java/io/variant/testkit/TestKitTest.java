// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The test kit's own contract: reproducible seeds, coverage of every type, and the hex helper. */
class TestKitTest {
  @Test
  void hexRoundTripsAndIgnoresWhitespace() {
    byte[] b = Hex.bytes("02 01  00\n0c 2A");
    assertArrayEquals(new byte[] {2, 1, 0, 12, 42}, b);
    assertEquals("02 01 00 0C 2A", Hex.of(b));
    assertEquals("00 0C", Hex.of(b, 2, 2));
    var e = assertThrows(IllegalArgumentException.class, () -> Hex.bytes("0"));
    assertTrue(e.getMessage().contains("odd"), e.getMessage());
  }

  @Test
  void sameSeedGivesSameVariant() {
    for (long seed = 0; seed < 20; seed++) {
      Variant a = Gen.variant(new Random(seed));
      Variant b = Gen.variant(new Random(seed));
      assertArrayEquals(a.valueBytes(), b.valueBytes());
      assertArrayEquals(a.metadataBytes(), b.metadataBytes());
    }
  }

  @Test
  void trialZeroRunsWithTheBaseSeedSoAFailureReproduces() {
    long base = 12345L;
    assertEquals(base, Trials.seedOf(base, 0));
    assertTrue(Trials.seedOf(base, 1) != Trials.seedOf(base, 2));
  }

  @Test
  void failingTrialNamesPropertySeedAndCommand() {
    List<Long> firstDraws = new ArrayList<>();
    var e =
        assertThrows(
            AssertionError.class,
            () ->
                Trials.run(
                    "alwaysFailsOnThirdTrial",
                    5,
                    rnd -> {
                      firstDraws.add(rnd.nextLong());
                      if (firstDraws.size() == 3) {
                        throw new IllegalStateException("boom");
                      }
                    }));
    long seed = Trials.seedOf(Trials.baseSeed("alwaysFailsOnThirdTrial"), 2);
    assertEquals(new Random(seed).nextLong(), firstDraws.get(2));
    assertTrue(
        e.getMessage().contains("'alwaysFailsOnThirdTrial' failed on trial 3"), e.getMessage());
    assertTrue(
        e.getMessage().contains("-Dvariant.seed=" + seed + " -Dvariant.trials=1"), e.getMessage());
    assertTrue(
        e.getMessage().contains("-Dtest=TestKitTest#failingTrialNamesPropertySeedAndCommand"),
        e.getMessage());
    assertTrue(e.getCause() instanceof IllegalStateException);
  }

  @Test
  void generatorCoversEveryPrimitiveTypeAndBothStringForms() {
    Set<VariantType> seen = EnumSet.noneOf(VariantType.class);
    boolean[] forms = new boolean[2];
    Random r = new Random(7);
    for (int i = 0; i < 300; i++) {
      collect(Gen.variant(r), seen, forms);
    }
    for (VariantType t : VariantType.values()) {
      assertTrue(seen.contains(t), "never generated " + t);
    }
    assertTrue(forms[0] && forms[1], "short and long strings both appear");
  }

  private static void collect(Variant v, Set<VariantType> seen, boolean[] forms) {
    seen.add(v.type());
    if (v.type() == VariantType.STRING) {
      forms[v.isShortString() ? 0 : 1] = true;
    } else if (v.isObject()) {
      for (int i = 0; i < v.fieldCount(); i++) {
        collect(v.fieldValue(i), seen, forms);
      }
    } else if (v.isArray()) {
      for (int i = 0; i < v.size(); i++) {
        collect(v.element(i), seen, forms);
      }
    }
  }

  @Test
  void jsonConfigDrawsOnlyJsonTypes() {
    Gen.Config c = Gen.Config.defaults().withJsonTypesOnly(true);
    Set<VariantType> seen = EnumSet.noneOf(VariantType.class);
    Random r = new Random(3);
    for (int i = 0; i < 200; i++) {
      collect(Gen.variant(r, c), seen, new boolean[2]);
    }
    seen.removeAll(c.scalarTypes());
    seen.removeAll(EnumSet.of(VariantType.OBJECT, VariantType.ARRAY));
    assertTrue(seen.isEmpty(), "non-JSON types generated: " + seen);
  }

  @Test
  void generatorReachesLargeContainersWideOffsetsAndWideIds() {
    // Decoded from header bytes by hand (spec: VariantEncoding §Value Header): bits 2-3 offset size
    // - 1;
    // objects: bits 4-5 id size - 1, bit 6 is_large; arrays: bit 4 is_large.
    Set<String> seen = new java.util.TreeSet<>();
    Random r = new Random(11);
    for (int i = 0; i < 500; i++) {
      headers(Gen.variant(r), seen);
    }
    for (String want :
        List.of(
            "object offset 1",
            "object offset 2",
            "object offset 3",
            "array offset 1",
            "array offset 2",
            "array offset 3",
            "object ids 1",
            "object ids 2",
            "object large",
            "array large")) {
      assertTrue(seen.contains(want), "never generated: " + want + "; saw " + seen);
    }
  }

  private static void headers(Variant v, Set<String> seen) {
    int h = v.valueBytes()[0] & 0xFF;
    if (v.isObject()) {
      seen.add("object offset " + (((h >> 2) & 3) + 1));
      seen.add("object ids " + (((h >> 4) & 3) + 1));
      if ((h & 0x40) != 0) {
        seen.add("object large");
      }
      for (int i = 0; i < v.fieldCount(); i++) {
        headers(v.fieldValue(i), seen);
      }
    } else if (v.isArray()) {
      seen.add("array offset " + (((h >> 2) & 3) + 1));
      if ((h & 0x10) != 0) {
        seen.add("array large");
      }
      for (int i = 0; i < v.size(); i++) {
        headers(v.element(i), seen);
      }
    }
  }
}
