// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.testkit.Gen;
import io.variant.testkit.HangGuard;
import io.variant.testkit.Trials;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Corrupted encodings (bit flips, truncations, forged counts, lengths and offsets, junk headers) of
 * valid Variants: every operation either works or throws {@link VariantFormatException} (or {@link
 * VariantLimitException} for a size or depth limit), never another exception, and the work stays
 * linear.
 */
class MutationPropertyTest {
  private static final Gen.Config SMALL = Gen.Config.defaults().withBudgetBytes(4_000);
  // per trial; generous: one takes milliseconds
  private static final Duration HANG_GUARD = HangGuard.seconds(10);
  private static final int MUTANTS_PER_TRIAL = 20;

  /**
   * Small enough that a forged value's rendering hits a limit quickly; large enough for every valid
   * seed.
   */
  private static final Limits RENDER_LIMITS = Limits.defaults().withMaxValueBytes(1 << 20);

  @Test
  void corruptedValuesFailOnlyWithFormatExceptions() {
    Trials.run(
        "corruptedValuesFailOnlyWithFormatExceptions",
        rnd -> {
          Variant original = base(rnd);
          byte[] metadata = original.metadataBytes();
          byte[] value = original.valueBytes();
          assertTimeoutPreemptively(
              HANG_GUARD,
              () -> {
                for (int i = 0; i < MUTANTS_PER_TRIAL; i++) {
                  byte[] m = rnd.nextInt(4) == 0 ? Mutations.mutate(rnd, metadata) : metadata;
                  check(m, Mutations.mutate(rnd, value), original);
                }
              });
        });
  }

  @Test
  void corruptedConcatenatedBuffersFailOnlyWithFormatExceptions() {
    Trials.run(
        "corruptedConcatenatedBuffersFailOnlyWithFormatExceptions",
        rnd -> {
          Variant original = base(rnd);
          byte[] m = original.metadataBytes();
          byte[] v = original.valueBytes();
          byte[] both = new byte[m.length + v.length];
          System.arraycopy(m, 0, both, 0, m.length);
          System.arraycopy(v, 0, both, m.length, v.length);
          assertTimeoutPreemptively(
              HANG_GUARD,
              () -> {
                for (int i = 0; i < MUTANTS_PER_TRIAL; i++) {
                  byte[] x = Mutations.mutate(rnd, both);
                  Variant c;
                  try {
                    c = Variant.ofConcatenated(x, 0, x.length);
                  } catch (VariantFormatException expected) {
                    continue; // the metadata or value header itself is broken
                  }
                  operations(c, original);
                }
              });
        });
  }

  private static Variant base(Random rnd) {
    Variant v = Gen.variant(rnd, SMALL);
    return rnd.nextBoolean() ? Gen.nonCanonical(rnd, v) : v;
  }

  /** The oracle shared with {@code VariantFuzzTest}. */
  static void check(byte[] metadata, byte[] value, Variant other) {
    Variant v;
    try {
      v = Variant.of(metadata, value);
    } catch (VariantFormatException expected) {
      return;
    }
    operations(v, other);
  }

  static void operations(Variant v, Variant other) {
    boolean valid;
    try {
      VariantValidator validator =
          new VariantValidator(Limits.defaults().maxDepth(), KeyOrder.SPEC);
      v.metadata().validate();
      validator.check(v);
      assertTrue(
          validator.visits() <= v.valueSize() + 1L,
          () ->
              "validate visited " + validator.visits() + " values in " + v.valueSize() + " bytes");
      valid = true;
    } catch (VariantFormatException | VariantLimitException expected) {
      valid = false;
    }
    Walk.walkMetadata(v.metadata());
    Walk walk = new Walk(valid);
    walk.walk(v);
    long bytes = (long) v.limit() - v.position();
    assertTrue(
        walk.steps() <= bytes,
        () -> "walk took " + walk.steps() + " steps over " + bytes + " bytes");
    try {
      Variant c = VariantBuilder.canonicalize(v);
      if (valid) {
        assertTrue(
            VariantEquality.physical(v, c), "canonical form of a valid value is equal to it");
        assertTrue(VariantEquality.logical(v, v), "a valid value equals itself");
        assertEquals(v.hashCode(), c.hashCode(), "hash of a valid value and of its canonical form");
      }
    } catch (VariantFormatException | VariantLimitException expected) {
      assertTrue(
          !valid || expected instanceof VariantLimitException,
          () -> "valid value failed to canonicalize: " + expected);
    }
    try {
      VariantEquality.logical(v, v);
      VariantEquality.physical(v, other);
      VariantEquality.logical(other, v);
      v.hashCode();
    } catch (VariantFormatException | VariantLimitException expected) {
      // fine: the value is broken or too large to compare
    }
    render(v, valid);
    lookups(v, valid);
  }

  /**
   * Rendering: a valid value renders unless it expands past a limit; a malformed one may fail as
   * such.
   */
  private static void render(Variant v, boolean valid) {
    try {
      String json = VariantJson.toJson(v, RENDER_LIMITS);
      assertTrue(json.length() <= RENDER_LIMITS.maxValueBytes(), "rendered past the output limit");
      v.toString(); // default limits: only the expansion budget keeps a shared value from
      // filling the heap
    } catch (VariantLimitException expected) {
      // shared sub-values, deep nesting or a long rendering
    } catch (VariantFormatException e) {
      assertTrue(!valid, () -> "valid value failed to render: " + e);
    }
  }

  /** Field lookups by name, path extraction and id translation onto the value's own dictionary. */
  private static void lookups(Variant v, boolean valid) {
    try {
      if (v.isObject()) {
        for (int i = 0, n = Math.min(v.fieldCount(), 8); i < n; i++) {
          String name = v.fieldName(i);
          Variant f = v.field(name);
          assertTrue(
              !valid || f != null,
              () -> "field \"" + name + "\" of a valid value not found by name");
          VariantPath.of(List.of(new Segment.Key(name), new Segment.Index(0))).extract(v);
        }
        v.field("\uFFFF-absent");
      }
      VariantPath.of(List.of(new Segment.Index(0), new Segment.Index(1))).extract(v);
      v.translateIds(v.metadata());
    } catch (VariantFormatException | VariantLimitException | VariantTypeException e) {
      assertTrue(
          !valid || !(e instanceof VariantFormatException),
          () -> "valid value failed a lookup: " + e);
    }
  }
}
