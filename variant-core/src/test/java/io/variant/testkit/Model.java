// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * A plain Java tree that stands for a Variant, independent of the encoding: the oracle of
 * round-trip properties. {@link Gen#model} draws one, {@link #build()} encodes it through {@link
 * VariantBuilder}, and {@link #assertMatches(Variant)} reads a Variant back with the typed
 * accessors and compares.
 *
 * <p>Scalar values, by type: null for NULL and the booleans; {@code Long} for INT8 to INT64 and the
 * five timestamp/time types (raw micros or nanos); {@code Integer} days for DATE; {@code Double};
 * {@code Float}; {@code BigDecimal} for the decimals (scale kept); {@code byte[]} for BINARY;
 * {@code String}; {@code UUID}.
 */
public sealed interface Model permits Model.Scalar, Model.Obj, Model.Arr {

  /** A primitive of exactly {@code type} (an INT8 stays an INT8). */
  record Scalar(VariantType type, Object value) implements Model {
    @Override
    public String toString() {
      return type + "(" + (value instanceof byte[] ? Hex.of((byte[]) value) : value) + ")";
    }
  }

  /** One object field. */
  record Field(String key, Model value) {}

  /** An object; fields in the order they are appended, keys unique. */
  record Obj(List<Field> fields) implements Model {
    /** The keys sorted as the encoding orders them: unsigned UTF-8 bytes (not String.compareTo). */
    public List<String> sortedKeys() {
      List<String> keys = new ArrayList<>();
      for (Field f : fields) {
        keys.add(f.key());
      }
      keys.sort(Model::compareUtf8);
      return keys;
    }

    /** The value of {@code key}, or null. */
    public Model get(String key) {
      for (Field f : fields) {
        if (f.key().equals(key)) {
          return f.value();
        }
      }
      return null;
    }
  }

  /** An array. */
  record Arr(List<Model> elements) implements Model {}

  /** Unsigned UTF-8 byte order: the spec's key order. */
  static int compareUtf8(String a, String b) {
    return Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /** Encodes this tree with a fresh {@link VariantBuilder}. */
  default Variant build() {
    VariantBuilder b = new VariantBuilder();
    appendTo(b);
    return b.build();
  }

  /** Appends this tree to {@code b} with exact primitive types. */
  default void appendTo(VariantBuilder b) {
    if (this instanceof Obj o) {
      b.startObject();
      for (Field f : o.fields()) {
        b.key(f.key());
        f.value().appendTo(b);
      }
      b.endObject();
    } else if (this instanceof Arr a) {
      b.startArray();
      for (Model e : a.elements()) {
        e.appendTo(b);
      }
      b.endArray();
    } else {
      appendScalar(b, (Scalar) this);
    }
  }

  private static void appendScalar(VariantBuilder b, Scalar s) {
    VariantType t = s.type();
    Object v = s.value();
    VariantBuilder unused =
        switch (t) {
          case NULL -> b.appendNull();
          case BOOLEAN_TRUE -> b.appendBoolean(true);
          case BOOLEAN_FALSE -> b.appendBoolean(false);
          case INT8, INT16, INT32, INT64 -> b.appendInteger(t, (Long) v);
          case DOUBLE -> b.appendDouble((Double) v);
          case FLOAT -> b.appendFloat((Float) v);
          case DECIMAL4, DECIMAL8, DECIMAL16 -> b.appendDecimal(t, (BigDecimal) v);
          case DATE -> b.appendDate((Integer) v);
          case TIMESTAMP_MICROS,
              TIMESTAMP_NTZ_MICROS,
              TIME_NTZ_MICROS,
              TIMESTAMP_NANOS,
              TIMESTAMP_NTZ_NANOS ->
              b.appendTemporal(t, (Long) v);
          case BINARY -> b.appendBinary((byte[]) v);
          case STRING -> b.appendString((String) v);
          case UUID -> b.appendUuid((UUID) v);
          case OBJECT, ARRAY -> throw new IllegalArgumentException(t + " is not a scalar type");
        };
  }

  /** Reads a primitive back in the model's representation (see the class comment). */
  static Object read(Variant v) {
    VariantType t = v.type();
    return switch (t) {
      case NULL, BOOLEAN_TRUE, BOOLEAN_FALSE -> null;
      case INT8, INT16, INT32, INT64 -> v.longValue();
      case DOUBLE -> v.doubleValue();
      case FLOAT -> v.floatValue();
      case DECIMAL4, DECIMAL8, DECIMAL16 -> v.decimalValue();
      case DATE -> v.epochDay();
      case TIMESTAMP_MICROS,
          TIMESTAMP_NTZ_MICROS,
          TIME_NTZ_MICROS,
          TIMESTAMP_NANOS,
          TIMESTAMP_NTZ_NANOS ->
          v.temporalValue();
      case BINARY -> v.binaryValue();
      case STRING -> v.stringValue();
      case UUID -> v.uuidValue();
      case OBJECT, ARRAY -> throw new IllegalArgumentException(t + " is not a scalar type");
    };
  }

  /**
   * Asserts that {@code actual} holds exactly this tree: the same primitive types (short and long
   * strings both count as STRING), values (doubles and floats bit for bit, except that all NaNs are
   * equal; decimals with their scale), keys in unsigned UTF-8 order, and field lookup by key
   * finding each field.
   */
  default void assertMatches(Variant actual) {
    assertMatches(actual, "$");
  }

  /** {@link #assertMatches(Variant)}; {@code path} prefixes failure messages. */
  default void assertMatches(Variant actual, String path) {
    if (this instanceof Obj o) {
      assertEquals(VariantType.OBJECT, actual.type(), path);
      List<String> keys = o.sortedKeys();
      assertEquals(keys.size(), actual.fieldCount(), path + ": field count");
      for (int i = 0; i < keys.size(); i++) {
        String key = keys.get(i);
        assertEquals(key, actual.fieldName(i), path + ": key " + i);
        Variant value = actual.fieldValue(i);
        o.get(key).assertMatches(value, path + "." + key);
        Variant byKey = actual.field(key);
        assertNotNull(byKey, path + ": field(\"" + key + "\") found nothing");
        assertArrayEquals(
            value.valueBytes(), byKey.valueBytes(), path + ": field(\"" + key + "\")");
      }
    } else if (this instanceof Arr a) {
      assertEquals(VariantType.ARRAY, actual.type(), path);
      assertEquals(a.elements().size(), actual.size(), path + ": size");
      for (int i = 0; i < a.elements().size(); i++) {
        a.elements().get(i).assertMatches(actual.element(i), path + "[" + i + "]");
      }
    } else {
      Scalar s = (Scalar) this;
      assertEquals(s.type(), actual.type(), path + ": type");
      assertTrue(
          sameValue(s.value(), read(actual)), path + ": expected " + s + ", found " + read(actual));
    }
  }

  private static boolean sameValue(Object expected, Object actual) {
    if (expected instanceof Double d && actual instanceof Double e) {
      return Double.doubleToLongBits(d) == Double.doubleToLongBits(e);
    }
    if (expected instanceof Float f && actual instanceof Float g) {
      return Float.floatToIntBits(f) == Float.floatToIntBits(g);
    }
    if (expected instanceof byte[] x && actual instanceof byte[] y) {
      return Arrays.equals(x, y);
    }
    if (expected instanceof Long x && actual instanceof Integer y) {
      return x.longValue() == y.longValue();
    }
    return java.util.Objects.equals(expected, actual);
  }
}
