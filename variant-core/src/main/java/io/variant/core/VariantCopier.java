// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.nio.ByteBuffer;

/**
 * Re-encodes a Variant into a builder through the bounds-checked reader: keys are resolved against
 * the builder's dictionary, strings and decimals are checked, other primitives are copied as they
 * are. The path of {@link VariantBuilder#appendVariant} when the value's dictionary is not the
 * builder's.
 */
final class VariantCopier {
  private VariantCopier() {}

  static void copy(Variant v, VariantBuilder b, WalkBudget budget) {
    budget.charge(v); // nesting is limited by startObject()/startArray()
    switch (v.type()) {
      case OBJECT -> copyObject(v, b, budget);
      case ARRAY -> {
        b.startArray();
        for (int i = 0, n = v.size(); i < n; i++) {
          copy(v.element(i), b, budget);
        }
        b.endArray();
      }
      case STRING -> {
        ByteBuffer s = v.stringUtf8();
        byte[] bytes = new byte[s.remaining()];
        s.get(bytes);
        b.appendStringUtf8(bytes, 0, bytes.length);
      }
      case DECIMAL4, DECIMAL8, DECIMAL16 -> b.appendDecimal(v.type(), v.decimalValue());
      default -> // other primitives carry no ids: verbatim
          b.appendEncoded(v.buffer(), v.position(), v.valueSize());
    }
  }

  private static void copyObject(Variant v, VariantBuilder b, WalkBudget budget) {
    b.startObject();
    VariantMetadata m = v.metadata();
    for (int i = 0, n = v.fieldCount(); i < n; i++) {
      int id = v.fieldId(i);
      b.keyUtf8(m.buffer(), m.keyStart(id), m.keyLength(id));
      copy(v.fieldValue(i), b, budget);
    }
    try {
      b.endObject();
    } catch (DuplicateKeyException e) {
      // The input breaks the spec's unique-key rule: that is malformed bytes, not a builder misuse.
      throw VariantFormatException.at(v.position(), "duplicate key \"%s\" in object", e.key());
    }
  }
}
