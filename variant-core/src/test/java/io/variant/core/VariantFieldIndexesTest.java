// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link Variant#fieldIndexes}: several names looked up in one merge over the object's key-ordered
 * fields.
 */
class VariantFieldIndexesTest {
  private static final String ABD =
      "11 03 00 01 02 03 61 62 64"; // sorted, 3 keys, offsets 0 1 2 3, "a" "b" "d"
  // object, 3 fields, ids 0 1 2, offsets 0 2 4 6 | int8 1 | int8 2 | int8 3
  private static final String OBJECT_ABD = "02 03 00 01 02 00 02 04 06 0C 01 0C 02 0C 03";

  @Test
  void findsPresentNamesAndMarksAbsentOnes() {
    for (Fixtures.Placed p : Fixtures.placements(ABD, OBJECT_ABD)) {
      int[] indexes = new int[4];
      assertEquals(2, p.v().fieldIndexes(names("a", "c", "d"), indexes));
      assertArrayEquals(new int[] {0, -1, 2, 0}, indexes); // the slot past the names is untouched
      assertEquals(
          0,
          p.v()
              .fieldIndexes(names("", "`", "bb", "e"), indexes)); // before, between, after the keys
      assertArrayEquals(new int[] {-1, -1, -1, -1}, indexes);
      assertEquals(0, p.v().fieldIndexes(new byte[0][], new int[0]));
    }
  }

  @Test
  void comparesUnsignedUtf8BytesNotUtf16() {
    String metadata = "11 02 00 03 07 EE 80 80 F0 9F 98 80"; // sorted: [U+E000, U+1F600]
    // object, ids 0 1, offsets 0 2 4 | int8 1 | int8 2
    for (Fixtures.Placed p : Fixtures.placements(metadata, "02 02 00 01 00 02 04 0C 01 0C 02")) {
      int[] indexes = new int[2];
      assertEquals(2, p.v().fieldIndexes(names("\uE000", "\uD83D\uDE00"), indexes));
      assertArrayEquals(new int[] {0, 1}, indexes);
    }
  }

  @Test
  void agreesWithFieldIndexOnGeneratedObjects() {
    Trials.run(
        "fieldIndexesAgreesWithFieldIndex",
        rnd -> {
          VariantBuilder b = new VariantBuilder();
          TreeSet<String> keys = new TreeSet<>();
          b.startObject();
          for (int i = 0, n = rnd.nextInt(rnd.nextInt(10) == 0 ? 300 : 12); i < n; i++) {
            String k = Gen.key(rnd);
            if (keys.add(k)) {
              b.key(k).appendLong(i);
            }
          }
          Variant v = b.endObject().build();
          // Some present keys and some that may be absent, as distinct UTF-8 byte strings in
          // unsigned order.
          TreeSet<byte[]> asked = new TreeSet<>(Arrays::compareUnsigned);
          for (String k : keys) {
            if (rnd.nextBoolean()) {
              asked.add(k.getBytes(StandardCharsets.UTF_8));
            }
          }
          for (int i = 0, n = rnd.nextInt(5); i < n; i++) {
            asked.add(Gen.key(rnd).getBytes(StandardCharsets.UTF_8));
          }
          byte[][] sorted = asked.toArray(new byte[0][]);
          int[] indexes = new int[sorted.length];
          int found = Gen.padded(rnd, v).fieldIndexes(sorted, indexes);
          int expectedFound = 0;
          for (int j = 0; j < sorted.length; j++) {
            int expected = v.fieldIndex(new String(sorted[j], StandardCharsets.UTF_8));
            assertEquals(
                expected, indexes[j], "name " + new String(sorted[j], StandardCharsets.UTF_8));
            expectedFound += expected >= 0 ? 1 : 0;
          }
          assertEquals(expectedFound, found);
        });
  }

  @Test
  void fieldsOutOfKeyOrderAreMissedNeverMismatched() {
    // Malformed: ids 1 0 list U+1F600 before U+E000. A merge may then miss a name, but a reported
    // index
    // always holds that name.
    Variant v =
        Variant.of(
            Hex.bytes("11 02 00 03 07 EE 80 80 F0 9F 98 80"),
            Hex.bytes("02 02 01 00 00 02 04 0C 02 0C 01"));
    byte[][] names = names("\uE000", "\uD83D\uDE00");
    int[] indexes = new int[2];
    int found = v.fieldIndexes(names, indexes);
    for (int j = 0; j < names.length; j++) {
      if (indexes[j] >= 0) {
        assertEquals(new String(names[j], StandardCharsets.UTF_8), v.fieldName(indexes[j]));
      }
    }
    assertEquals(found, (int) Arrays.stream(indexes).filter(i -> i >= 0).count());
  }

  @Test
  void rejectsNonObjectsShortIndexArraysAndBadFieldIds() {
    Variant array =
        Variant.of(Hex.bytes(Fixtures.EMPTY_METADATA), Hex.bytes("03 00 00")); // empty array
    var notObject =
        assertThrows(VariantTypeException.class, () -> array.fieldIndexes(names("a"), new int[1]));
    assertTrue(notObject.getMessage().contains("not an object"), notObject.getMessage());

    Variant object = Variant.of(Hex.bytes(ABD), Hex.bytes(OBJECT_ABD));
    var shortArray =
        assertThrows(
            IllegalArgumentException.class, () -> object.fieldIndexes(names("a", "b"), new int[1]));
    assertTrue(shortArray.getMessage().contains("1 slots for 2 names"), shortArray.getMessage());

    // object, 1 field, id 7 (the dictionary has 3 keys), offsets 0 2 | int8 1
    Variant badId = Variant.of(Hex.bytes(ABD), Hex.bytes("02 01 07 00 02 0C 01"));
    var e =
        assertThrows(
            VariantFormatException.class, () -> badId.fieldIndexes(names("a"), new int[1]));
    assertEquals(2, e.byteOffset()); // the field-id byte
    assertTrue(e.getMessage().contains("field id 7"), e.getMessage());
  }

  private static byte[][] names(String... sorted) {
    return Arrays.stream(sorted)
        .map(s -> s.getBytes(StandardCharsets.UTF_8))
        .toArray(byte[][]::new);
  }
}
