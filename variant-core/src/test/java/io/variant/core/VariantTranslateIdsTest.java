// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link Variant#translateIds}: a value moved onto another dictionary by rewriting its field ids
 * only.
 */
class VariantTranslateIdsTest {
  private static final String AB = "11 02 00 01 02 61 62"; // sorted, 2 keys, offsets 0 1 2, "a" "b"
  // object, 2 fields, ids 0 1, offsets 0 2 4 | int8 1 | "x"
  private static final String OBJECT_AB = "02 02 00 01 00 02 04 0C 01 05 78";

  private static VariantMetadata metadata(String hex) {
    return VariantMetadata.of(Hex.bytes(hex));
  }

  @Test
  void rewritesIdsAndNothingElse() {
    VariantMetadata zeroAb = metadata("11 03 00 01 02 03 30 61 62"); // sorted, 3 keys, "0" "a" "b"
    for (Fixtures.Placed p : Fixtures.placements(AB, OBJECT_AB)) {
      Variant moved = p.v().translateIds(zeroAb);
      assertSame(zeroAb, moved.metadata());
      assertArrayEquals(
          Hex.bytes("02 02 01 02 00 02 04 0C 01 05 78"), moved.valueBytes()); // ids 1 2 now
      assertEquals(1, moved.field("a").longValue());
    }
  }

  @Test
  void subValuesReachedTwiceAreRewrittenOnce() {
    VariantMetadata c = metadata("11 01 00 01 63"); // sorted, ["c"]
    // array [x, x], both offsets 0 pointing at x = {"c": int8 1}: object, 1 field, id 0, offsets 0
    // 2
    Variant shared = Variant.of(c, Hex.bytes("03 02 00 00 07 02 01 00 00 02 0C 01"), 0, 12);
    Variant moved = shared.translateIds(metadata("11 02 00 01 02 61 63")); // sorted, ["a", "c"]
    assertArrayEquals(
        Hex.bytes("03 02 00 00 07 02 01 01 00 02 0C 01"), moved.valueBytes()); // id 1, not 2
    assertEquals(1, moved.element(1).field("c").longValue());
  }

  @Test
  void givesNullWhenIdsCannotSimplyBeRewritten() {
    Variant v = Variant.of(Hex.bytes(AB), Hex.bytes(OBJECT_AB));
    assertNull(v.translateIds(metadata("01 02 00 01 02 61 62")), "target not marked sorted");
    assertNull(v.translateIds(metadata("11 02 00 01 02 61 63")), "target lacks b");
    // ["b", "a"] unsorted: its keys do not increase, so the ids could not keep their key order
    Variant unsorted =
        Variant.of(
            Hex.bytes("01 02 00 01 02 62 61"), Hex.bytes("02 02 01 00 00 02 04 0C 01 05 78"));
    assertNull(unsorted.translateIds(metadata(AB)));

    MetadataBuilder wide = new MetadataBuilder().add("a").add("b");
    for (int i = 0; i < 300; i++) {
      wide.add("k" + i);
    }
    VariantMetadata many =
        wide.build(); // "a" 0, "b" 1, then the "k..." keys: a and b still fit one byte
    assertEquals(1, v.translateIds(many).field("a").longValue());
    Variant zz =
        new VariantBuilder().startObject().key("zz").appendLong(1).endObject().build(); // id 0
    assertNull(
        zz.translateIds(new MetadataBuilder().addAll(many).add("zz").build()),
        "id 302 needs two bytes");
  }

  @Test
  void givesNullForAKeyAfterEveryKeyOfTheTarget() {
    Variant y =
        Variant.of(Hex.bytes("11 01 00 01 79"), Hex.bytes("02 01 00 00 02 0C 01")); // {"y":1}
    assertNull(y.translateIds(metadata("11 01 00 01 78")), "target holds only x");
    assertNull(y.translateIds(metadata("11 02 00 01 02 61 78")), "target holds a and x");
  }

  @Test
  void givesNullForADictionaryWithDuplicateKeys() {
    // unsorted ["a", "a"]; the object {"a": 1} uses id 0
    Variant twice =
        Variant.of(Hex.bytes("01 02 00 01 02 61 61"), Hex.bytes("02 01 00 00 02 0C 01"));
    assertNull(twice.translateIds(metadata(AB)), "a target near its size");
    assertNull(twice.translateIds(metadata("11 01 00 01 61")), "a target of that key alone");
    MetadataBuilder many = new MetadataBuilder().add("a");
    for (int i = 0; i < 20; i++) {
      many.add("k" + i);
    }
    assertNull(twice.translateIds(many.build()), "a target many times its size");
  }

  @Test
  void matchesReencodingOnGeneratedCanonicalValues() {
    Trials.run(
        "translateIdsMatchesReencoding",
        rnd -> {
          Variant v =
              Gen.variant(
                  rnd,
                  Gen.Config.defaults().withBudgetBytes(20_000)); // canonical, sorted dictionary
          MetadataBuilder target = new MetadataBuilder();
          Set<String> keys = new TreeSet<>();
          for (int i = 0; i < v.metadata().size(); i++) {
            keys.add(v.metadata().key(i));
          }
          if (rnd.nextInt(5) != 0) {
            target.addAll(keys); // usually every key is there
          }
          for (int i = 0, n = rnd.nextInt(rnd.nextInt(10) == 0 ? 400 : 10); i < n; i++) {
            target.add(Gen.key(rnd));
          }
          VariantMetadata dictionary = target.build();
          Variant moved = Gen.padded(rnd, v).translateIds(dictionary);
          Variant reencoded = VariantBuilder.withMetadata(dictionary).appendVariant(v).build();
          if (moved == null) {
            assertTrue(
                reencoded.metadata() != dictionary || dictionary.size() > 256,
                "refused although every key is there and every id fits one byte");
            return;
          }
          assertSame(dictionary, moved.metadata());
          assertArrayEquals(reencoded.valueBytes(), moved.valueBytes());
          moved.validate();
        });
  }

  /**
   * A target dictionary whose offsets decrease is refused alike whichever way its ids are looked
   * up: by a merge (a target near the value's dictionary's size) or by a search (one many times its
   * size).
   */
  @Test
  void aTargetWithDecreasingOffsetsIsMalformedOnEitherLookup() {
    Variant b =
        Variant.of(Hex.bytes("11 01 00 01 62"), Hex.bytes("02 01 00 00 02 0C 01")); // {"b":1}
    // sorted, 3 keys, offsets 0 2 1 3: key 1 ends before it starts (the merge meets it after "ab")
    VariantMetadata near = metadata("11 03 00 02 01 03 61 62 63");
    // sorted, 6 keys, offsets 0 1 3 2 4 5 6: key 2 ends before it starts (the search's first probe)
    VariantMetadata far = metadata("11 06 00 01 03 02 04 05 06 61 62 63 64 65 66");
    for (VariantMetadata target : new VariantMetadata[] {near, far}) {
      var e = assertThrows(VariantFormatException.class, () -> b.translateIds(target));
      assertTrue(e.getMessage().contains("is after the next offset"), e.getMessage());
    }
  }

  @Test
  void malformedContainersFailWithTheirOffset() {
    // object, 1 field, id 7 (the dictionary has 2 keys), offsets 0 2 | int8 1
    Variant badId = Variant.of(Hex.bytes(AB), Hex.bytes("02 01 07 00 02 0C 01"));
    var e = assertThrows(VariantFormatException.class, () -> badId.translateIds(metadata(AB)));
    assertEquals(2, e.byteOffset()); // the field-id byte
    assertTrue(e.getMessage().contains("field id 7"), e.getMessage());
  }
}
