// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Hex;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The metadata dictionary: golden bytes of the writer, lookups, lengths. */
class VariantMetadataTest {
  @Test
  void metadataBuilderWritesASortedDeduplicatedDictionary() {
    VariantMetadata m = new MetadataBuilder().add("b").add("a").add("b").build();
    assertEquals("11 02 00 01 02 61 62", Hex.of(m.toBytes())); // sorted ["a", "b"]
    assertEquals("11 00 00", Hex.of(new MetadataBuilder().build().toBytes()));
    // U+E000 before U+1F600 (UTF-8 order), "Z" before "a"
    VariantMetadata u =
        new MetadataBuilder().addAll(List.of("\uD83D\uDE00", "a", "\uE000", "Z")).build();
    assertEquals("11 04 00 01 02 05 09 5A 61 EE 80 80 F0 9F 98 80", Hex.of(u.toBytes()));
  }

  @Test
  void headerBytesForEveryOffsetWidth() {
    assertEquals(0x11, new MetadataBuilder().add("k").build().toBytes()[0] & 0xFF);
    assertEquals(0x51, new MetadataBuilder().add("k".repeat(256)).build().toBytes()[0] & 0xFF);
    assertEquals(0x91, new MetadataBuilder().add("k".repeat(65_536)).build().toBytes()[0] & 0xFF);
    // 4-byte offsets: hand-written, 1 key "a" (header 0xC1 unsorted)
    VariantMetadata wide = VariantMetadata.of(Hex.bytes("C1 01000000 00000000 01000000 61"));
    assertEquals("a", wide.key(0));
    assertEquals(14, wide.length());
  }

  @Test
  void lookupsOnSortedAndUnsortedDictionaries() {
    VariantMetadata sorted = VariantMetadata.of(Hex.bytes("11 03 00 01 02 03 61 62 63"));
    assertTrue(sorted.isSorted());
    assertEquals(2, sorted.idOf("c"));
    assertEquals(-1, sorted.idOf("d"));
    assertEquals(-1, sorted.idOf(""));
    VariantMetadata unsorted =
        VariantMetadata.of(Hex.bytes("01 03 00 01 02 03 63 61 63")); // "c" "a" "c"
    assertFalse(unsorted.isSorted());
    assertEquals(0, unsorted.idOf("c")); // first of the duplicates
    assertEquals(1, unsorted.idOf("a"));
    assertEquals(-1, unsorted.idOf("b"));
    var e = assertThrows(IndexOutOfBoundsException.class, () -> unsorted.key(3));
    assertTrue(e.getMessage().contains("key id 3"), e.getMessage());
  }

  @Test
  void encodedLengthSplitsAConcatenatedBuffer() {
    // a draft-layout untyped_value: 01 01 00 02 'h' 'i' is 6 bytes of metadata, then the value
    byte[] both = Hex.bytes("01 01 00 02 68 69 02 01 00 00 02 0C 2A");
    assertEquals(6, VariantMetadata.encodedLength(both, 0, both.length));
    Variant v = Variant.ofConcatenated(both, 0, both.length);
    assertEquals(42, v.field("hi").longValue());
    assertEquals("01 01 00 02 68 69", Hex.of(v.metadataBytes()));
  }

  @Test
  void sameBytesComparesEncodingsNotInstances() {
    VariantMetadata a = VariantMetadata.of(Hex.bytes("11 01 00 01 61"));
    VariantMetadata b = VariantMetadata.of(Hex.bytes("FF 11 01 00 01 61 FF"), 1, 5);
    assertTrue(a.sameBytes(b));
    assertFalse(a.sameBytes(VariantMetadata.of(Hex.bytes("01 01 00 01 61"))));
    assertEquals(0, VariantMetadata.EMPTY.size());
    assertEquals("01 00 00", Hex.of(VariantMetadata.EMPTY.toBytes()));
  }

  /** A sorted dictionary of {@code n} keys whose last key is {@code last}. */
  private static VariantMetadata dictionary(int n, String last) {
    MetadataBuilder b = new MetadataBuilder();
    for (int i = 0; i < n - 1; i++) {
      b.add(String.format("k%03d", i));
    }
    return b.add(last).build();
  }

  @Test
  void bytesHashIsTheSameForTheSameBytesWhereverTheyLie() {
    for (int n : new int[] {1, 6, 60}) {
      byte[] bytes = dictionary(n, "zz").toBytes();
      byte[] padded = new byte[bytes.length + 2];
      System.arraycopy(bytes, 0, padded, 1, bytes.length);
      VariantMetadata a = VariantMetadata.of(bytes);
      VariantMetadata b = VariantMetadata.of(padded, 1, bytes.length);
      assertEquals(a.bytesHash(), b.bytesHash(), "n=" + n);
      assertEquals(a.bytesHash(), a.bytesHash()); // kept once computed
    }
  }

  @Test
  void bytesHashMixesTheFirstAndTheLastBytes() {
    // Dictionaries of one shape that differ in the last key's last byte, or in the first key's
    // first byte, at lengths from under one 8-byte word to many
    for (int n = 1; n <= 70; n++) {
      VariantMetadata a = dictionary(n, "zzA");
      VariantMetadata b = dictionary(n, "zzB");
      assertFalse(a.sameBytes(b));
      assertTrue(
          a.bytesHash() != b.bytesHash(),
          "last byte, n=" + n + ", " + a.toBytes().length + " bytes");
    }
    assertTrue(dictionary(1, "a").bytesHash() != dictionary(1, "b").bytesHash());
    assertTrue(dictionary(1, "ab").bytesHash() != dictionary(1, "ba").bytesHash());
  }

  @Test
  void toStringListsTheKeysInDictionaryOrder() {
    assertEquals(
        "VariantMetadata{sorted=true, keys=[a, b]}",
        new MetadataBuilder().add("b").add("a").build().toString());
    assertEquals(
        "VariantMetadata{sorted=false, keys=[b, a]}",
        VariantMetadata.of(Hex.bytes("01 02 00 01 02 62 61")).toString());
    assertEquals("VariantMetadata{sorted=false, keys=[]}", VariantMetadata.EMPTY.toString());
  }

  @Test
  void headerErrorsNameTheByteAndTheBytesFound() {
    var empty =
        assertThrows(
            VariantFormatException.class, () -> VariantMetadata.of(Hex.bytes("FF 01 00 00"), 1, 0));
    assertEquals(1, empty.byteOffset());
    assertTrue(empty.getMessage().contains("metadata is empty"), empty.getMessage());

    // a header byte at offset 2 and nothing after it: the dictionary size has no byte
    var noSize =
        assertThrows(
            VariantFormatException.class, () -> VariantMetadata.of(Hex.bytes("FF FF 01 00"), 2, 1));
    assertEquals(3, noSize.byteOffset());
    assertTrue(noSize.getMessage().contains("needs 1 bytes, found 0"), noSize.getMessage());

    // 2-byte offsets (header 41): 2 keys, offsets 0 1 5, but only 2 string bytes follow
    var shortStrings =
        assertThrows(
            VariantFormatException.class,
            () -> VariantMetadata.of(Hex.bytes("41 0200 0000 0100 0500 61 62")));
    assertEquals(7, shortStrings.byteOffset()); // the last offset: 3 + 2 * 2
    assertTrue(shortStrings.getMessage().contains("end at byte 14"), shortStrings.getMessage());
  }

  @Test
  void bytesGivenCountsTheBytesAfterTheDictionary() {
    VariantMetadata m = VariantMetadata.of(Hex.bytes("FF 01 00 00 EE EE"), 1, 5);
    assertEquals(3, m.length());
    assertEquals(5, m.bytesGiven());
  }

  @Test
  void offsetErrorsNameTheOffsetTableEntry() {
    // 2-byte offsets: 3 keys, offsets 0 2 1 3 ("abc"): key 1 starts after it ends
    VariantMetadata backwards = VariantMetadata.of(Hex.bytes("41 0300 0000 0200 0100 0300 616263"));
    var e = assertThrows(VariantFormatException.class, () -> backwards.key(1));
    assertEquals(5, e.byteOffset()); // offset 1: 3 + 1 * 2
    assertTrue(
        e.getMessage().contains("offset 2 of key 1 is after the next offset 1"), e.getMessage());

    // 2 keys, offsets 0 5 2 ("ab"): offset 1 points past the 2 string bytes
    VariantMetadata past = VariantMetadata.of(Hex.bytes("41 0200 0000 0500 0200 6162"));
    var p = assertThrows(VariantFormatException.class, () -> past.key(1));
    assertEquals(5, p.byteOffset());
    assertTrue(
        p.getMessage().contains("offset 5 points past the strings (2 bytes)"), p.getMessage());
    assertThrows(VariantFormatException.class, past::validate);
  }

  @Test
  void keyIdsOutsideTheDictionaryAreNamed() {
    VariantMetadata m = VariantMetadata.of(Hex.bytes("11 02 00 01 02 61 62"));
    for (int id : new int[] {-1, 2, 3}) {
      var e = assertThrows(IndexOutOfBoundsException.class, () -> m.key(id));
      assertEquals("key id " + id + " outside dictionary of 2", e.getMessage());
    }
    assertEquals("a", m.key(0));
  }

  @Test
  void validateNamesTheFirstKeyOutOfOrder() {
    // marked sorted, but "b" then "c" then "a"
    VariantMetadata m = VariantMetadata.of(Hex.bytes("11 03 00 01 02 03 62 63 61"));
    var e = assertThrows(VariantFormatException.class, m::validate);
    assertEquals(8, e.byteOffset()); // key 2's byte
    assertTrue(e.getMessage().contains("key 2 is not after key 1"), e.getMessage());
  }
}
