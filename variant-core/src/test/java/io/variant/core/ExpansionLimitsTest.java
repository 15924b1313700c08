// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.testkit.Gen;
import io.variant.testkit.HangGuard;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link Limits#maxExpansion()}: whole-value operations on a value whose offsets share sub-values
 * stop after a few times its encoded size, in work and in memory, with {@link
 * VariantLimitException}; values that share nothing never come near the budget, even at factor 1.
 */
class ExpansionLimitsTest {
  private static final byte[] EMPTY_METADATA = Hex.bytes("01 00 00");
  private static final Duration HANG_GUARD = HangGuard.seconds(10);

  /**
   * Bytes one operation may allocate on a hostile value of a few KB before we call it an expansion.
   */
  private static final long ALLOCATION_BOUND = 8L << 20;

  /**
   * {@code levels} arrays of two elements that both point at the one copy of the level below,
   * around a string leaf of {@code leafChars} characters: passes validate(), about {@code leafChars
   * + 5 * levels} bytes, but stands for 2^levels copies of the leaf. With 22 levels and a
   * 4,525-character leaf (4,838 bytes, the size of a reported hostile value) it would render about
   * 2^22 × 4,525 characters, far past a 256 MB heap, while the 128 MiB output limit alone did not
   * stop it in time.
   */
  static Variant sharedStringTree(int levels, int leafChars) {
    byte[] chars = "x".repeat(leafChars).getBytes(StandardCharsets.US_ASCII);
    ByteArrayOutputStream leaf = new ByteArrayOutputStream();
    leaf.write(0x40); // long string: basic type 0, type id 16
    leaf.write(chars.length);
    leaf.write(chars.length >>> 8);
    leaf.write(0);
    leaf.write(0);
    leaf.writeBytes(chars);
    byte[] value = leaf.toByteArray();
    for (int i = 0; i < levels; i++) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      b.write(0x0F); // array, 4-byte offsets
      b.write(2);
      writeLe(b, 0, 4); // both elements at the one child
      writeLe(b, 0, 4);
      writeLe(b, value.length, 4);
      b.writeBytes(value);
      value = b.toByteArray();
    }
    return Variant.of(EMPTY_METADATA, value);
  }

  private static void writeLe(ByteArrayOutputStream out, long v, int width) {
    HostileEncodingTest.writeLe(out, v, width);
  }

  @Test
  void theReportedValueIsValidAndFewKilobytes() {
    Variant v = sharedStringTree(22, 4_525);
    v.validate();
    assertEquals(4_838, v.valueSize());
  }

  @Test
  void everyWholeValueOperationStopsWithALimitExceptionInBoundedMemory() {
    Variant v = sharedStringTree(22, 4_525).validate();
    Variant w = sharedStringTree(22, 4_525);
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          expandsNoFurther("render", () -> VariantJson.toJson(v));
          expandsNoFurther("render", () -> v.toString());
          expandsNoFurther("copy", () -> VariantBuilder.canonicalize(v));
          expandsNoFurther(
              "copy", () -> new VariantBuilder().startArray().appendVariant(v).endArray().build());
          expandsNoFurther("compare", () -> VariantEquality.logical(v, w));
          expandsNoFurther("compare", () -> VariantEquality.physical(v, w));
          expandsNoFurther("compare", () -> v.equals(w));
          expandsNoFurther("hash", () -> v.hashCode());
        });
  }

  /** Runs {@code op} and checks that it fails with the expansion message before allocating much. */
  private static void expandsNoFurther(String action, Supplier<?> op) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    var e = assertThrows(VariantLimitException.class, op::get);
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertTrue(
        e.getMessage().startsWith("Cannot " + action + " the value: it expands past"),
        e.getMessage());
    assertTrue(e.getMessage().contains("Limits.maxExpansion"), e.getMessage());
    assertTrue(
        allocated < ALLOCATION_BOUND, () -> action + " allocated " + allocated + " bytes first");
  }

  @Test
  void theFactorIsSettableThroughLimits() {
    // 100 elements pointing at one "ab": 207 bytes; the walk charges 1 for the array and 3 per
    // element, 301
    // in all: more than factor 1 allows (207 + 64), well within the default 4.
    Variant ab = Variant.of(EMPTY_METADATA, copies(100, "ab"));
    Limits one = Limits.defaults().withMaxExpansion(1);
    assertThrows(VariantLimitException.class, () -> VariantJson.toJson(ab, one));
    assertThrows(VariantLimitException.class, () -> VariantEquality.logical(ab, ab, one));
    assertThrows(VariantLimitException.class, () -> VariantEquality.logicalHash(ab, one));
    assertThrows(
        VariantLimitException.class,
        () -> new VariantBuilder(BuilderOptions.defaults().withLimits(one)).appendVariant(ab));
    assertEquals(100, VariantBuilder.canonicalize(ab).size());
    assertTrue(VariantJson.toJson(ab).startsWith("[\"ab\",\"ab\""));
    // 100 elements pointing at one 60-character string: 267 bytes that stand for 6,100; refused by
    // default,
    // accepted when the caller raises the factor.
    Variant long60 = Variant.of(EMPTY_METADATA, copies(100, "y".repeat(60)));
    assertThrows(VariantLimitException.class, () -> VariantJson.toJson(long60));
    assertEquals(
        100 * 62 + 101,
        VariantJson.toJson(long60, Limits.defaults().withMaxExpansion(64)).length());
  }

  /** An array of {@code n} elements (n < 256) all pointing at one short string {@code s}. */
  private static byte[] copies(int n, String s) {
    byte[] chars = s.getBytes(StandardCharsets.US_ASCII);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(0x07); // array, 2-byte offsets
    b.write(n);
    for (int i = 0; i < n; i++) {
      writeLe(b, 0, 2);
    }
    writeLe(b, 1 + chars.length, 2);
    b.write(chars.length << 2 | 1); // short string header
    b.writeBytes(chars);
    return b.toByteArray();
  }

  @Test
  void limitsRejectAnUnusableFactor() {
    assertThrows(IllegalArgumentException.class, () -> Limits.defaults().withMaxExpansion(0));
    assertThrows(
        IllegalArgumentException.class, () -> Limits.defaults().withMaxExpansion((1 << 20) + 1));
    assertEquals(Limits.DEFAULT_MAX_EXPANSION, new Limits(10, 1000).maxExpansion());
  }

  /** Values that share nothing cost at most their own size: factor 1 never refuses them. */
  @Test
  void valuesWithoutSharingPassAtFactorOne() {
    Limits one = Limits.defaults().withMaxExpansion(1);
    Gen.Config config = Gen.Config.defaults().withBudgetBytes(20_000);
    Trials.run(
        "valuesWithoutSharingPassAtFactorOne",
        rnd -> {
          Variant v = Gen.variant(rnd, config);
          Variant u = rnd.nextBoolean() ? Gen.nonCanonical(rnd, v) : v;
          Executable all =
              () -> {
                VariantJson.toJson(u, one);
                Variant c =
                    new VariantBuilder(BuilderOptions.defaults().withLimits(one))
                        .appendVariant(u)
                        .build();
                assertTrue(VariantEquality.physical(u, c, one));
                assertEquals(
                    VariantEquality.logicalHash(u, one), VariantEquality.logicalHash(c, one));
              };
          all.execute();
        });
  }
}
