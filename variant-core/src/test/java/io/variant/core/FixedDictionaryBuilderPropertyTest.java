// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link FixedDictionaryBuilder} keeps its innermost open container in fields and its ancestors on
 * a stack: one builder reused across values rebuilds any value (objects in arrays in objects,
 * containers of any size) container by container, so every parent's count, offsets and last key
 * come back when a child closes.
 */
class FixedDictionaryBuilderPropertyTest {
  @Test
  void aReusedBuilderRebuildsAnyValueContainerByContainer() {
    FixedDictionaryBuilder b = new FixedDictionaryBuilder(Limits.defaults()).checkCopies(true);
    Trials.run(
        "aReusedBuilderRebuildsAnyValueContainerByContainer",
        rnd -> {
          Variant v = Gen.variant(rnd);
          b.start(v.metadata());
          rebuild(b, v, rnd);
          Variant again = b.build();
          assertEquals(v, again);
          assertSame(again, again.validate());
          // the same value handed to a sink: the built bytes, over the dictionary given
          Lent lent = new Lent();
          b.buildTo(lent);
          assertSame(v.metadata(), lent.metadata);
          assertArrayEquals(again.valueBytes(), lent.value);
        });
  }

  /** A sink that keeps a copy of the one value lent to it. */
  private static final class Lent implements VariantSink {
    VariantMetadata metadata;
    byte[] value;

    @Override
    public void add(Variant v) {
      throw new AssertionError("a built value comes as bytes");
    }

    @Override
    public void add(VariantMetadata m, byte[] bytes, int offset, int length) {
      if (value != null) {
        throw new AssertionError("two values");
      }
      metadata = m;
      value = Arrays.copyOfRange(bytes, offset, offset + length);
    }
  }

  @Test
  void anUnfinishedValueIsHandedToNoSink() {
    FixedDictionaryBuilder b = new FixedDictionaryBuilder(Limits.defaults()).start(ABC);
    Lent lent = new Lent();
    assertThrows(IllegalStateException.class, () -> b.buildTo(lent)); // nothing appended
    b.startObject().key(0).startArray();
    var e = assertThrows(IllegalStateException.class, () -> b.buildTo(lent));
    assertTrue(e.getMessage().contains("2 container(s) still open"), e.getMessage());
    assertNull(lent.value);
  }

  /**
   * Appends {@code v}: containers opened and filled field by field (sometimes copied whole),
   * scalars copied.
   */
  private static void rebuild(FixedDictionaryBuilder b, Variant v, Random rnd) {
    if (v.isObject() && rnd.nextInt(8) != 0) {
      // a header guess too large leaves room before the value: the built value starts past it
      b.startObject(rnd.nextInt(4) == 0 ? rnd.nextInt(24) : 0);
      for (int i = 0; i < v.fieldCount(); i++) {
        b.key(v.fieldId(i));
        rebuild(b, v.fieldValue(i), rnd);
      }
      b.endObject();
    } else if (v.isArray() && rnd.nextInt(8) != 0) {
      b.startArray(rnd.nextInt(4) == 0 ? rnd.nextInt(24) : 0);
      for (int i = 0; i < v.size(); i++) {
        rebuild(b, v.element(i), rnd);
      }
      b.endArray();
    } else {
      b.appendVariant(v);
    }
  }

  private static final VariantMetadata ABC =
      VariantMetadata.of(new byte[] {0x11, 3, 0, 1, 2, 3, 'a', 'b', 'c'});

  @Test
  void anObjectsKeysMustStillIncreaseAfterANestedObjectCloses() {
    FixedDictionaryBuilder b = new FixedDictionaryBuilder(Limits.defaults()).start(ABC);
    b.startObject().key(1).startObject().key(2).appendNull().endObject();
    var e = assertThrows(IllegalArgumentException.class, () -> b.key(1));
    assertTrue(e.getMessage().contains("after 1"), e.getMessage());
    b.key(2).appendBoolean(true).endObject();
    Variant v = b.build();
    assertEquals(2, v.fieldCount());
    assertTrue(v.field("b").field("c").isNull());
    assertTrue(v.field("c").booleanValue());
  }

  @Test
  void aKeyOutsideTheDictionaryOrOutsideAnObjectIsRefused() {
    FixedDictionaryBuilder b = new FixedDictionaryBuilder(Limits.defaults()).start(ABC);
    assertThrows(IllegalStateException.class, () -> b.key(0)); // no object open
    b.startObject().key(0).startArray();
    assertThrows(IllegalStateException.class, () -> b.key(1)); // the array is innermost
    b.endArray();
    var e = assertThrows(IllegalArgumentException.class, () -> b.key(3));
    assertTrue(e.getMessage().contains("has 3 keys"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> b.key(-1));
    b.endObject();
    assertThrows(IllegalStateException.class, () -> b.key(1)); // closed: depth 0 again
  }

  @Test
  void valuesOverADictionaryDeclaredEqualAreCopiedWithoutComparing() {
    // The declaration is trusted: even a dictionary of other bytes is not compared (the caller
    // has compared them; FixedDictionaryRebuild does, once per row).
    VariantMetadata other = VariantMetadata.of(new byte[] {0x11, 1, 0, 1, 'z'});
    byte[] seven = {0x0C, 7};
    FixedDictionaryBuilder b = new FixedDictionaryBuilder(Limits.defaults());
    b.start(ABC, other).startArray().appendVariant(Variant.of(other, seven, 0, 2)).endArray();
    assertEquals(7, b.build().element(0).longValue());
    // without the declaration a value over another dictionary is compared and refused
    b.start(ABC).startArray();
    assertThrows(
        IllegalArgumentException.class, () -> b.appendVariant(Variant.of(other, seven, 0, 2)));
  }
}
