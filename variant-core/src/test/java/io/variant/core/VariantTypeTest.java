// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The per-type facts hang together; a new constant that breaks one of these rules fails here. */
class VariantTypeTest {
  private static final Set<EquivalenceClass> TEMPORAL =
      EnumSet.of(
          EquivalenceClass.DATE,
          EquivalenceClass.TIME_NTZ,
          EquivalenceClass.TIMESTAMP,
          EquivalenceClass.TIMESTAMP_NTZ);

  @Test
  void primitiveIdsFollowTheConstantsWithoutGaps() {
    int primitives = 0;
    for (VariantType t : VariantType.values()) {
      if (t.isPrimitive()) {
        assertEquals(t.ordinal(), t.primitiveId(), t + ": primitives come first, in id order");
        assertEquals(t, VariantType.ofPrimitiveId(t.primitiveId(), 0));
        primitives++;
      }
    }
    assertEquals(primitives, VariantType.PRIMITIVE_COUNT);
  }

  @Test
  void exactlyTheDateAndTimeClassesHaveAUnit() {
    for (VariantType t : VariantType.values()) {
      if (TEMPORAL.contains(t.equivalenceClass())) {
        assertNotNull(t.temporalUnit(), t.toString());
        assertEquals(t == VariantType.DATE ? 4 : 8, t.fixedPayloadSize(), t.toString());
      } else {
        assertNull(t.temporalUnit(), t.toString());
      }
    }
  }

  @Test
  void displayNamesAreTheSpecNamesInLowerCase() {
    assertEquals("timestamp", VariantType.TIMESTAMP_MICROS.displayName());
    assertEquals("timestamp_ntz_nanos", VariantType.TIMESTAMP_NTZ_NANOS.displayName());
    assertEquals("boolean", VariantType.BOOLEAN_FALSE.displayName());
    for (VariantType t : VariantType.values()) {
      assertEquals(t.displayName().toLowerCase(java.util.Locale.ROOT), t.displayName());
    }
  }
}
