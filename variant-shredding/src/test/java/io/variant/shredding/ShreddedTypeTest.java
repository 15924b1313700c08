// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.core.VariantType;
import io.variant.shredding.ShreddedType.Kind;
import org.junit.jupiter.api.Test;

/** The kinds cover the Variant types: a new primitive type fails here until a kind holds it. */
class ShreddedTypeTest {
  @Test
  void everyPrimitiveTypeButNullHasAKind() {
    for (VariantType t : VariantType.values()) {
      if (t.isPrimitive() && t != VariantType.NULL) {
        assertNotNull(
            Kind.of(t),
            t + " has no ShreddedType.Kind: add it to a kind (or a new one) in ShreddedType");
      } else {
        assertNull(Kind.of(t), t.toString());
      }
    }
  }

  @Test
  void aKindRebuildsToATypeItHolds() {
    for (Kind k : Kind.values()) {
      ShreddedType t = k == Kind.DECIMAL ? ShreddedType.decimal(10, 2) : ShreddedType.of(k, 0, 0);
      assertEquals(k, Kind.of(t.variantType()), k.toString());
    }
  }

  @Test
  void decimalWidthGoesByPrecision() {
    assertEquals(VariantType.DECIMAL4, ShreddedType.decimal(9, 0).variantType());
    assertEquals(VariantType.DECIMAL8, ShreddedType.decimal(10, 0).variantType());
    assertEquals(VariantType.DECIMAL8, ShreddedType.decimal(18, 0).variantType());
    assertEquals(VariantType.DECIMAL16, ShreddedType.decimal(19, 0).variantType());
  }
}
