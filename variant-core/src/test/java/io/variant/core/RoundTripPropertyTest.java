// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import io.variant.testkit.Model;
import io.variant.testkit.Trials;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Encode → decode, validation and canonical form over generated Variants, checked against {@link
 * Model}.
 */
class RoundTripPropertyTest {
  @Test
  void decodeGivesBackTheModel() {
    Trials.run(
        "decodeGivesBackTheModel",
        rnd -> {
          Model m = Gen.model(rnd);
          Variant v = m.build();
          m.assertMatches(v);
          m.assertMatches(Gen.padded(rnd, v)); // the same reads at an offset inside 0xFF padding
        });
  }

  @Test
  void everyBuiltValueValidates() {
    Trials.run(
        "everyBuiltValueValidates",
        rnd -> {
          Variant v = Gen.variant(rnd);
          v.validate();
          Gen.padded(rnd, v).validate();
          assertTrue(v.metadata().isSorted(), "builder metadata is sorted");
        });
  }

  @Test
  void builtValueIsLogicallyAndPhysicallyEqualToItsCopies() {
    Trials.run(
        "builtValueIsLogicallyAndPhysicallyEqualToItsCopies",
        rnd -> {
          Model m = Gen.model(rnd);
          Variant a = m.build();
          Variant b = Gen.padded(rnd, m.build());
          assertTrue(VariantEquality.physical(a, b));
          assertTrue(VariantEquality.logical(a, b));
          assertEquals(a, b);
          assertEquals(a.hashCode(), b.hashCode());
        });
  }

  @Test
  void canonicalizeIsIdempotentAndPreservesValue() {
    Trials.run(
        "canonicalizeIsIdempotentAndPreservesValue",
        rnd -> {
          Variant v = Gen.variant(rnd);
          Variant once = VariantBuilder.canonicalize(v);
          Variant twice = VariantBuilder.canonicalize(once);
          assertArrayEquals(once.valueBytes(), twice.valueBytes(), "value bytes");
          assertArrayEquals(once.metadataBytes(), twice.metadataBytes(), "metadata bytes");
          assertTrue(VariantEquality.physical(v, once));
          // The builder already writes canonical form, so canonicalizing its output changes
          // nothing.
          assertArrayEquals(
              v.valueBytes(),
              once.valueBytes(),
              () -> "builder output not canonical: " + Hex.of(v.valueBytes()));
          assertArrayEquals(v.metadataBytes(), once.metadataBytes());
        });
  }

  @Test
  void nonCanonicalEncodingsValidateReadBackAndCanonicalizeToTheSameBytes() {
    Trials.run(
        "nonCanonicalEncodingsValidateReadBackAndCanonicalizeToTheSameBytes",
        rnd -> {
          Model m = Gen.model(rnd);
          Variant canonical = m.build();
          Variant odd = Gen.nonCanonical(rnd, canonical);
          odd.validate();
          m.assertMatches(odd);
          m.assertMatches(Gen.padded(rnd, odd));
          assertTrue(VariantEquality.physical(canonical, odd));
          assertEquals(canonical.hashCode(), odd.hashCode());
          Variant recanonical = VariantBuilder.canonicalize(odd);
          assertArrayEquals(
              canonical.valueBytes(),
              recanonical.valueBytes(),
              () -> "from " + Hex.of(odd.valueBytes()));
          assertArrayEquals(canonical.metadataBytes(), recanonical.metadataBytes());
        });
  }

  @Test
  void missingKeysAreNotFound() {
    Trials.run(
        "missingKeysAreNotFound",
        rnd -> {
          Model m = Gen.model(rnd, Gen.Config.defaults().withMaxDepth(1));
          if (!(m instanceof Model.Obj o)) {
            return;
          }
          Variant v = Gen.nonCanonical(rnd, m.build());
          for (int i = 0; i < 5; i++) {
            String probe = Gen.key(rnd);
            if (o.get(probe) == null) {
              assertNull(v.field(probe), probe);
              assertEquals(-1, v.fieldIndex(probe), probe);
            }
          }
        });
  }

  @Test
  void builderOverAnExistingDictionaryKeepsCopiedValuesEqual() {
    Trials.run(
        "builderOverAnExistingDictionaryKeepsCopiedValuesEqual",
        rnd -> {
          Variant v = Gen.variant(rnd, Gen.Config.defaults().withBudgetBytes(20_000));
          if (rnd.nextBoolean()) {
            v = Gen.nonCanonical(rnd, v); // unsorted dictionary with duplicates, odd widths
          }
          VariantBuilder b = VariantBuilder.withMetadata(v.metadata());
          b.startObject();
          String newKey =
              rnd.nextBoolean() ? Gen.key(rnd) : null; // sometimes no new key: zero-copy path
          if (newKey != null) {
            b.key(newKey).appendVariant(v);
          }
          b.key("\u0000copy").appendVariant(v).endObject();
          Variant built = b.build();
          built.validate();
          assertTrue(VariantEquality.physical(v, built.field("\u0000copy")));
          if (newKey != null && !newKey.equals("\u0000copy")) {
            assertTrue(VariantEquality.physical(v, built.field(newKey)));
          }
        });
  }

  @Test
  void rebasingOntoAnotherDictionaryGivesTheCanonicalValueOverThatDictionary() {
    Trials.run(
        "rebasingOntoAnotherDictionaryGivesTheCanonicalValueOverThatDictionary",
        rnd -> {
          Variant v = Gen.variant(rnd, Gen.Config.defaults().withBudgetBytes(20_000));
          if (rnd.nextBoolean()) {
            v = Gen.nonCanonical(rnd, v); // unsorted dictionary with duplicates, odd widths
          }
          Set<String> used =
              new TreeSet<>(); // the keys v uses: a canonical copy's dictionary holds exactly those
          VariantMetadata minimal = VariantBuilder.canonicalize(v).metadata();
          for (int i = 0; i < minimal.size(); i++) {
            used.add(minimal.key(i));
          }
          MetadataBuilder keys = new MetadataBuilder(); // some of v's keys and some others
          for (String k : used) {
            if (rnd.nextInt(4) != 0) {
              keys.add(k);
            }
          }
          for (int i = 0, n = rnd.nextInt(8); i < n; i++) {
            keys.add(Gen.key(rnd));
          }
          VariantMetadata seed =
              rnd.nextInt(4) == 0
                  ? Gen.nonCanonical(rnd, v)
                      .metadata() // often unsorted with duplicates: keys are looked up by name
                  : keys.build();
          Variant rebased = VariantBuilder.withMetadata(seed).appendVariant(v).build();

          rebased.validate();
          assertTrue(VariantEquality.physical(v, rebased));
          Set<String> seedKeys = new TreeSet<>();
          for (int i = 0; i < seed.size(); i++) {
            seedKeys.add(seed.key(i));
          }
          if (seedKeys.containsAll(used)) {
            assertSame(seed, rebased.metadata()); // no key added: the seed itself
          } else {
            seedKeys.addAll(used);
            assertEquals(
                seedKeys.size(),
                rebased.metadata().size()); // the seed's keys and v's, sorted and unique
            assertTrue(rebased.metadata().isSorted());
          }
        });
  }
}
