// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link FixedDictionaryBuilder#appendField} copies an object's field as {@code
 * appendVariant(object.fieldValue(i))} does: the same bytes, or the same exception with the same
 * message (byte offsets included), with copies checked or not, at the top level or nested, on
 * generated objects and on corrupted encodings of them. The oracle checks a view of the field with
 * a validator of its own, as {@code appendVariant} did before scalars were checked in place.
 */
class FieldCopyPropertyTest {
  private static final Gen.Config SMALL = Gen.Config.defaults().withBudgetBytes(2_000);
  private static final int MUTANTS_PER_TRIAL = 30;
  // a one-key dictionary {"a"} and objects over it
  private static final VariantMetadata A = VariantMetadata.of(new byte[] {0x11, 1, 0, 1, 'a'});

  @Test
  void aFieldCopyIsTheCopyOfItsView() {
    Trials.run(
        "aFieldCopyIsTheCopyOfItsView",
        rnd -> {
          Variant v = objectOf(rnd);
          byte[] value = v.valueBytes();
          sameOutcomes(rnd, Variant.of(v.metadata(), value, 0, value.length));
          for (int i = 0; i < MUTANTS_PER_TRIAL; i++) {
            byte[] x = Mutations.mutate(rnd, value);
            sameOutcomes(rnd, Variant.of(v.metadata(), x, 0, x.length));
          }
        });
  }

  @Test
  void aValidFieldIsCopiedAsItIs() {
    // {"a": "é"}: a short string field, checked as UTF-8 and copied byte for byte
    byte[] object = {0x02, 0x01, 0x00, 0x00, 0x03, 0x09, (byte) 0xC3, (byte) 0xA9};
    Variant v = Variant.of(A, object, 0, object.length);
    for (boolean check : new boolean[] {false, true}) {
      Variant copy = builder(check).start(A).appendField(v, 0).build();
      assertArrayEquals(new byte[] {0x09, (byte) 0xC3, (byte) 0xA9}, copy.valueBytes());
      assertEquals("é", copy.stringValue());
    }
  }

  @Test
  void checkedCopiesRejectInvalidUtf8AtItsOffset() {
    // {"a": short string 0xFF} at offset 3 of a buffer: the string's bytes start at 3 + 6
    byte[] buf = {9, 9, 9, 0x02, 0x01, 0x00, 0x00, 0x02, 0x05, (byte) 0xFF};
    Variant v = Variant.of(A, buf, 3, 7);
    var e =
        assertThrows(VariantFormatException.class, () -> builder(true).start(A).appendField(v, 0));
    assertTrue(
        e.getMessage().contains("byte 9") || e.getMessage().contains("offset 9"), e::getMessage);
    assertEquals(
        message(() -> builder(true).start(A).appendVariant(v.fieldValue(0))), e.getMessage());
    // unchecked, the bytes are copied as they are
    assertArrayEquals(
        new byte[] {0x05, (byte) 0xFF},
        builder(false).start(A).appendField(v, 0).build().valueBytes());
  }

  @Test
  void aFieldRunningPastTheObjectFailsAtItsOffset() {
    // {"a": int64} whose payload is cut to 2 bytes: the field at offset 5 runs past the data
    byte[] object = {0x02, 0x01, 0x00, 0x00, 0x03, 0x18, 1, 2};
    Variant v = Variant.of(A, object, 0, object.length);
    for (boolean check : new boolean[] {false, true}) {
      var e =
          assertThrows(
              VariantFormatException.class, () -> builder(check).start(A).appendField(v, 0));
      assertTrue(e.getMessage().contains("5"), e::getMessage);
    }
  }

  @Test
  void misuseFailsAsTheViewDoes() {
    byte[] object = {0x02, 0x01, 0x00, 0x00, 0x01, 0x00};
    Variant v = Variant.of(A, object, 0, object.length);
    assertThrows(IndexOutOfBoundsException.class, () -> builder(true).start(A).appendField(v, 1));
    Variant notAnObject = Variant.of(A, new byte[] {0x00}, 0, 1);
    assertThrows(
        VariantTypeException.class, () -> builder(true).start(A).appendField(notAnObject, 0));
    VariantMetadata other = VariantMetadata.of(new byte[] {0x11, 1, 0, 1, 'b'});
    assertThrows(
        IllegalArgumentException.class, () -> builder(true).start(other).appendField(v, 0));
  }

  private static Variant objectOf(Random rnd) {
    for (; ; ) {
      Variant v = Gen.variant(rnd, SMALL);
      if (v.isObject() && v.fieldCount() > 0) {
        return rnd.nextBoolean() ? Gen.nonCanonical(rnd, v) : v;
      }
    }
  }

  /** Every field of {@code v}, copied both ways, checked and not, top level and nested. */
  private static void sameOutcomes(Random rnd, Variant v) {
    int n;
    try {
      n = v.fieldCount();
    } catch (VariantException e) {
      n = 1; // both ways fail on the object itself
    }
    for (int i = 0; i < n; i++) {
      int field = i;
      boolean check = rnd.nextBoolean();
      boolean nested = rnd.nextBoolean();
      // a small depth limit sometimes, so that nesting errors are compared too
      Limits limits = rnd.nextInt(4) == 0 ? Limits.defaults().withMaxDepth(2) : Limits.defaults();
      // the oracle: a view of the field, checked by a validator of its own (as appendVariant
      // checked copies before appendField), then copied unchecked
      int depth = nested ? 1 : 0;
      String viaView =
          outcome(
              () ->
                  copy(
                      limits,
                      false,
                      nested,
                      v,
                      b -> {
                        Variant f = v.fieldValue(field);
                        if (check) { // the levels left below the copy; messages say the limit
                          new VariantValidator(limits.maxDepth(), KeyOrder.ANY)
                              .checkAnew(f, limits.maxDepth() - depth);
                        }
                        b.appendVariant(f);
                      }));
      String viaField = outcome(() -> copy(limits, check, nested, v, b -> b.appendField(v, field)));
      String viaChecked =
          outcome(() -> copy(limits, check, nested, v, b -> b.appendVariant(v.fieldValue(field))));
      String where = "field " + field + " of " + Arrays.toString(v.buffer());
      assertEquals(viaView, viaField, where);
      assertEquals(viaView, viaChecked, where);
    }
  }

  private static byte[] copy(
      Limits limits,
      boolean check,
      boolean nested,
      Variant v,
      java.util.function.Consumer<FixedDictionaryBuilder> append) {
    FixedDictionaryBuilder b = new FixedDictionaryBuilder(limits).checkCopies(check);
    b.start(v.metadata());
    if (nested) {
      b.startArray();
      append.accept(b);
      b.endArray();
    } else {
      append.accept(b);
    }
    return b.build().valueBytes();
  }

  private static String outcome(java.util.function.Supplier<byte[]> copy) {
    try {
      return Arrays.toString(copy.get());
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  private static String message(Runnable r) {
    try {
      r.run();
      return null;
    } catch (RuntimeException e) {
      return e.getMessage();
    }
  }

  private static FixedDictionaryBuilder builder(boolean check) {
    return new FixedDictionaryBuilder(Limits.defaults()).checkCopies(check);
  }
}
