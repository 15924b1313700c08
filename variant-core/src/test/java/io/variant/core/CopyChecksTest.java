package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link CopyChecks}: a copy found valid is not checked again for the same array, range and
 * dictionary; everything else is checked as {@link VariantValidator#checkAnew} checks it, with its
 * messages.
 */
class CopyChecksTest {
  private static final VariantMetadata AB =
      VariantMetadata.of(new byte[] {0x11, 2, 0, 1, 2, 'a', 'b'});
  private static final VariantMetadata ABCDE =
      VariantMetadata.of(new byte[] {0x11, 5, 0, 1, 2, 3, 4, 5, 'a', 'b', 'c', 'd', 'e'});
  // {"e": 7} under ABCDE (field id 4); under AB the id is outside the dictionary
  private static final byte[] OBJECT_4_IS_7 = {0x02, 0x01, 0x04, 0x00, 0x02, 0x0C, 0x07};
  // {"b": a one-byte short string 0xFF}: well-formed but for its UTF-8
  private static final byte[] OBJECT_B_BAD_STRING = {
    0x02, 0x01, 0x01, 0x00, 0x02, 0x05, (byte) 0xFF
  };

  private static VariantValidator validator() {
    return new VariantValidator(Limits.defaults().maxDepth(), KeyOrder.ANY);
  }

  private static Variant copy(FixedDictionaryBuilder b, VariantMetadata m, byte[] value) {
    return b.start(m).appendVariant(Variant.of(m, value, 0, value.length)).build();
  }

  private static String failure(FixedDictionaryBuilder b, VariantMetadata m, byte[] value) {
    return assertThrows(VariantFormatException.class, () -> copy(b, m, value)).getMessage();
  }

  private static FixedDictionaryBuilder checking() {
    return new FixedDictionaryBuilder(Limits.defaults()).checkCopies(true);
  }

  @Test
  void aSuccessUnderOneDictionaryIsNotReusedUnderAnother() {
    String expected = failure(checking(), AB, OBJECT_4_IS_7.clone());
    FixedDictionaryBuilder b = checking();
    for (int i = 0; i < 3; i++) { // remembered under the 5-key dictionary
      assertEquals(7, copy(b, ABCDE, OBJECT_4_IS_7).field("e").longValue());
    }
    // the same array object under a 2-key dictionary: checked, and rejected as before
    assertEquals(expected, failure(b, AB, OBJECT_4_IS_7));
    assertEquals(7, copy(b, ABCDE, OBJECT_4_IS_7).field("e").longValue());
  }

  @Test
  void aRepeatedValidCopyIsNotWalkedAgain() {
    VariantValidator validator = validator();
    CopyChecks checks = new CopyChecks(validator);
    byte[] value = OBJECT_4_IS_7.clone();
    checks.check(Variant.of(ABCDE, value, 0, value.length), ABCDE, 10);
    int visits = validator.visits();
    assertTrue(visits > 0);
    checks.check(Variant.of(ABCDE, value, 0, value.length), ABCDE, 10);
    assertEquals(visits, validator.visits());
    // equal bytes in another array are checked: only identity says the bytes are the ones checked
    checks.check(Variant.of(ABCDE, value.clone(), 0, value.length), ABCDE, 10);
    assertTrue(validator.visits() > visits);
  }

  @Test
  void lessNestingLeftChecksAgain() {
    CopyChecks checks = new CopyChecks(validator());
    Variant v = Variant.of(ABCDE, OBJECT_4_IS_7, 0, OBJECT_4_IS_7.length);
    checks.check(v, ABCDE, 3);
    var e = assertThrows(VariantFormatException.class, () -> checks.check(v, ABCDE, 0));
    assertTrue(e.getMessage().contains("nesting deeper than 0"), e.getMessage());
    checks.check(v, ABCDE, 1); // still remembered as valid with one level left
  }

  @Test
  void failuresAreNotRememberedAndKeepTheirMessages() {
    byte[] longBadString = new byte[21]; // a 20-byte short string, past the scalars checked anew
    longBadString[0] = (byte) (20 << 2 | 1);
    Arrays.fill(longBadString, 1, 21, (byte) 'x');
    longBadString[20] = (byte) 0xFF;
    for (byte[] bad : new byte[][] {OBJECT_B_BAD_STRING, longBadString}) {
      String expected = failure(checking(), AB, bad.clone());
      FixedDictionaryBuilder b = checking();
      for (int i = 0; i < 3; i++) {
        assertEquals(expected, failure(b, AB, bad));
      }
      assertTrue(expected.contains("UTF-8"), expected);
    }
  }

  @Test
  void theMemoryStaysBounded() {
    CopyChecks checks = new CopyChecks(validator());
    int capacity = CopyChecks.SETS * CopyChecks.WAYS;
    for (int i = 0; i < 2 * capacity; i++) {
      byte[] value = OBJECT_4_IS_7.clone();
      assertDoesNotThrow(() -> checks.check(Variant.of(ABCDE, value, 0, value.length), ABCDE, 5));
    }
    assertTrue(checks.size() <= capacity, "entries: " + checks.size());
  }
}
