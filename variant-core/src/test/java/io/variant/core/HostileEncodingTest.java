// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.HangGuard;
import io.variant.testkit.Hex;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Forged encodings aimed at resource use rather than bounds: counts whose tables overflow an int,
 * sub-values shared so the logical tree is exponentially larger than its bytes, and nesting hidden
 * from a memoised validation. Each must end in a {@link VariantException}, quickly.
 */
class HostileEncodingTest {
  private static final byte[] EMPTY_METADATA = Hex.bytes("01 00 00");
  private static final Duration HANG_GUARD = HangGuard.seconds(10);

  @Test
  void countNearIntMaxWithOneByteOffsetsIsRejected() {
    // array, is_large, 1-byte offsets (header 0x13); count 0x7FFFFFFF; one offset byte; then
    // nothing
    Variant v = Variant.of(EMPTY_METADATA, Hex.bytes("13 FF FF FF 7F 00"));
    var e = assertThrows(VariantFormatException.class, v::size);
    assertEquals(1, e.byteOffset()); // the count
    assertTrue(e.getMessage().contains("2147483647 elements"), e.getMessage());
    assertThrows(VariantFormatException.class, v::validate);
  }

  @Test
  void objectCountNearIntMaxIsRejected() {
    // object, is_large, 1-byte ids and offsets (header 0x42); count 0x7FFFFFFF; then 2 bytes
    Variant v = Variant.of(Hex.bytes("01 01 00 01 61"), Hex.bytes("42 FF FF FF 7F 00 00"));
    var e = assertThrows(VariantFormatException.class, v::fieldCount);
    assertEquals(1, e.byteOffset());
    assertThrows(VariantFormatException.class, () -> v.field("a"));
  }

  @Test
  void countAboveIntMaxIsRejected() {
    // array, is_large (0x13); count 0xFFFFFFFF
    Variant v = Variant.of(EMPTY_METADATA, Hex.bytes("13 FF FF FF FF 00"));
    var e = assertThrows(VariantFormatException.class, v::size);
    assertEquals(1, e.byteOffset());
    assertTrue(e.getMessage().contains("4294967295"), e.getMessage());
  }

  /**
   * Level i is {@code [x, x]} where both offsets point at the one copy of level i-1: 40 levels take
   * 200 bytes but stand for 2^40 leaves. Validation is memoised and accepts it (shared bytes are
   * tolerated: VariantEncoding does not forbid them); whole-value operations must not expand it.
   */
  private static Variant exponentialDag(int levels) {
    byte[] value = {0x0C, 0x01}; // int8 1
    for (int i = 0; i < levels; i++) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      b.write(0x03); // array, 1-byte offsets
      b.write(2); // two elements
      b.write(0); // element 0 at 0
      b.write(0); // element 1 at 0 too: shared
      b.write(value.length); // end of data
      b.writeBytes(value);
      value = b.toByteArray();
    }
    return Variant.of(EMPTY_METADATA, value);
  }

  @Test
  void sharedSubValuesDoNotMakeEqualityExponential() {
    Variant v = exponentialDag(40);
    v.validate();
    Variant w = exponentialDag(40);
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          assertThrows(VariantLimitException.class, () -> VariantEquality.logical(v, w));
          assertThrows(VariantLimitException.class, () -> VariantEquality.physical(v, w));
          assertThrows(VariantLimitException.class, v::hashCode);
        });
  }

  @Test
  void sharedSubValuesDoNotMakeCanonicalizeExponential() {
    Variant v = exponentialDag(40);
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          var e = assertThrows(VariantLimitException.class, () -> VariantBuilder.canonicalize(v));
          assertTrue(e.getMessage().contains("shares sub-values"), e.getMessage());
          var t =
              assertThrows(
                  VariantLimitException.class,
                  () -> v.translateIds(VariantMetadata.of(Hex.bytes("11 00 00"))));
          assertTrue(t.getMessage().contains("shares sub-values"), t.getMessage());
        });
  }

  @Test
  void smallSharingIsStillComparable() {
    // [x, x] with x = "ab" stored once: offsets 0 and 0, data 3 bytes
    Variant shared = Variant.of(EMPTY_METADATA, Hex.bytes("03 02 00 00 03  09 61 62"));
    Variant plain = Variant.of(EMPTY_METADATA, Hex.bytes("03 02 00 03 06  09 61 62  09 61 62"));
    shared.validate();
    assertTrue(VariantEquality.physical(shared, plain));
    assertEquals(plain.hashCode(), shared.hashCode());
    assertTrue(VariantEquality.physical(plain, VariantBuilder.canonicalize(shared)));
  }

  /**
   * A chain of {@code length} arrays, each holding the next, plus a root array whose elements jump
   * into the chain every {@code stride} links. A memoised validation that visits the jumps first
   * sees no path deeper than {@code stride}, yet the chain is {@code length} deep.
   */
  private static Variant deepChainWithShortcuts(int length, int stride) {
    // Chain link k (0 = outermost) at chain offset 4k: 03 01 00 <size of rest>; the innermost holds
    // 00.
    // Sizes above 255 need wider offsets, so every link uses 4-byte offsets: 0F 01 00000000
    // <size:4>.
    int link = 10;
    int chainBytes = length * link + 1;
    byte[] chain = new byte[chainBytes];
    for (int k = 0; k < length; k++) {
      int at = k * link;
      chain[at] = 0x0F; // array, 4-byte offsets
      chain[at + 1] = 1; // one element
      // offset 0 is already 0; end offset = bytes after this link's header
      int rest = chainBytes - (at + link);
      chain[at + 6] = (byte) rest;
      chain[at + 7] = (byte) (rest >>> 8);
      chain[at + 8] = (byte) (rest >>> 16);
      chain[at + 9] = (byte) (rest >>> 24);
    }
    chain[chainBytes - 1] = 0x00; // the innermost value: null
    // Root: array with 4-byte offsets pointing at links length-stride, length-2*stride, ..., 0.
    int jumps = (length + stride - 1) / stride;
    ByteArrayOutputStream root = new ByteArrayOutputStream();
    root.write(0x13 | 0x0C); // array, is_large, 4-byte offsets
    writeLe(root, jumps, 4);
    for (int j = 1; j <= jumps; j++) {
      writeLe(root, Math.max(0, length - j * stride) * link, 4);
    }
    writeLe(root, chainBytes, 4);
    root.writeBytes(chain);
    return Variant.of(EMPTY_METADATA, root.toByteArray());
  }

  /** Writes {@code v} little-endian in {@code width} bytes. */
  static void writeLe(ByteArrayOutputStream out, long v, int width) {
    for (int i = 0; i < width; i++) {
      out.write((int) (v >>> (8 * i)) & 0xFF);
    }
  }

  @Test
  void nestingHiddenBehindSharedValuesIsStillLimited() {
    Variant v = deepChainWithShortcuts(50_000, 500);
    var e = assertThrows(VariantLimitException.class, v::validate);
    assertTrue(e.getMessage().contains("nesting deeper than 1000"), e.getMessage());
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          // Without validation, the recursive operations must still stop at the depth limit, not
          // overflow the stack.
          assertThrows(VariantException.class, () -> VariantEquality.logical(v, v));
          assertThrows(VariantException.class, v::hashCode);
          assertThrows(VariantException.class, () -> VariantBuilder.canonicalize(v));
          assertThrows(
              VariantException.class,
              () -> v.translateIds(VariantMetadata.of(Hex.bytes("11 00 00"))));
        });
  }

  @Test
  void validationRechecksASharedValueAgainstEachParentsBounds() {
    // Root array [x, y]: x = the int16 at data offset 8; y = an array [z] whose data is 1 byte long
    // but whose
    // element offset 0 points at that same int16 (3 bytes), so as y's element it runs past y's
    // data.
    // y: 03 01 00 01 | then y's data starts; root offsets make element 0 start at y's data start.
    byte[] value =
        Hex.bytes(
            "03 02 04 00 08" // root: array, 2 elements, offsets [4, 0], end 8
                + " 03 01 00 01" // y at root data 0: array, 1 element at 0, data is 1 byte
                + " 10 2A 00" // root data 4 = y's data start: int16 42 (3 bytes; y's data is only
                // 1)
                + " 00"); // pad so the root's end offset 8 lands inside the buffer
    Variant root = Variant.of(EMPTY_METADATA, value);
    assertEquals(42, root.element(0).longValue());
    var e =
        assertThrows(VariantFormatException.class, () -> root.element(1).element(0).valueSize());
    assertTrue(e.getMessage().contains("runs past"), e.getMessage());
    assertThrows(
        VariantFormatException.class, root::validate); // not hidden by the memo of element 0
  }

  @Test
  void verbatimCopiesOfMalformedValuesFailCleanlyWhenIdsAreRemapped() {
    // A builder over an existing dictionary copies values of that dictionary byte for byte. When a
    // new
    // key then forces new ids, the copied bytes are rewritten too; malformed ones must not crash
    // that.
    VariantMetadata m = VariantMetadata.of(Hex.bytes("11 02 00 01 02 61 62"));
    // object, 1 field, id 0, offsets 200 (!) and 2, data int8 1: its size reads fine, its field
    // does not
    Variant broken = Variant.of(m, Hex.bytes("02 01 00 C8 02 0C 01"), 0, 7);
    VariantBuilder b = VariantBuilder.withMetadata(m);
    b.startObject().key("0").appendVariant(broken).endObject(); // "0" sorts first: every id shifts
    var e = assertThrows(VariantFormatException.class, b::build);
    assertTrue(e.getMessage().contains("Invalid variant"), e.getMessage());
  }

  @Test
  void valuesAtTheDepthLimitWorkOnAOneMebibyteThreadStack() throws InterruptedException {
    VariantBuilder b = new VariantBuilder();
    int depth = Limits.defaults().maxDepth();
    for (int i = 0; i < depth; i++) {
      b.startArray();
    }
    b.appendNull();
    for (int i = 0; i < depth; i++) {
      b.endArray();
    }
    Variant v = b.build();
    Variant copy = Variant.of(v.metadataBytes(), v.valueBytes());
    Throwable[] failure = new Throwable[1];
    // Recursive walks must fit the JVM's default thread stack (1 MiB on 64-bit Linux) at the depth
    // limit.
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                v.validate();
                assertTrue(VariantEquality.physical(v, copy));
                assertEquals(v.hashCode(), copy.hashCode());
                assertTrue(VariantEquality.physical(v, VariantBuilder.canonicalize(copy)));
              } catch (Throwable e) {
                failure[0] = e;
              }
            },
            "one-mebibyte-stack",
            1 << 20);
    t.start();
    t.join();
    if (failure[0] != null) {
      throw new AssertionError("walk at depth " + depth + " failed", failure[0]);
    }
  }
}
