// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Calls every accessor of a possibly malformed Variant and everything under it, and fails the test
 * on any exception other than {@link VariantFormatException} or a {@link VariantTypeException} from
 * an accessor that does not belong to the value's type. Each value position is walked once, so the
 * walk is linear even when a forged encoding shares sub-values. {@link #steps()} counts the values
 * walked.
 */
final class Walk {
  private static final List<Accessor> ACCESSORS =
      List.of(
          new Accessor("booleanValue", Variant::booleanValue),
          new Accessor("longValue", Variant::longValue),
          new Accessor("doubleValue", Variant::doubleValue),
          new Accessor("floatValue", Variant::floatValue),
          new Accessor("decimalValue", Variant::decimalValue),
          new Accessor("epochDay", Variant::epochDay),
          new Accessor("dateValue", Variant::dateValue),
          new Accessor("temporalValue", Variant::temporalValue),
          new Accessor("instantValue", Variant::instantValue),
          new Accessor("localDateTimeValue", Variant::localDateTimeValue),
          new Accessor("timeValue", Variant::timeValue),
          new Accessor("uuidValue", Variant::uuidValue),
          new Accessor("stringValue", Variant::stringValue),
          new Accessor("stringUtf8", Variant::stringUtf8),
          new Accessor("binaryValue", Variant::binaryValue),
          new Accessor("binaryBuffer", Variant::binaryBuffer),
          new Accessor("fieldCount", Variant::fieldCount),
          new Accessor("size", Variant::size));

  private record Accessor(String name, Consumer<Variant> call) {}

  private final Set<Integer> seen = new HashSet<>();
  private final boolean validated;
  private int steps;

  /** A walk of a value that may be malformed. */
  Walk() {
    this(false);
  }

  /**
   * @param validated the value passed {@code validate()}: then no accessor may throw {@link
   *     VariantFormatException} either, since validation promises every later read succeeds
   */
  Walk(boolean validated) {
    this.validated = validated;
  }

  /** Fails for a format error on a validated value; otherwise the error is the expected outcome. */
  private void formatError(VariantFormatException e, String where) {
    if (validated) {
      fail("validate() passed but " + where + " threw " + e, e);
    }
  }

  /** Values walked so far. */
  int steps() {
    return steps;
  }

  void walk(Variant v) {
    walk(v, 0);
  }

  private void walk(Variant v, int depth) {
    if (!seen.add(v.position()) || depth > 200) {
      return;
    }
    steps++;
    v.basicType();
    v.isNull();
    v.isShortString();
    VariantType t;
    try {
      t = v.type();
      v.valueSize();
      v.valueBytes();
      v.valueBuffer();
    } catch (VariantFormatException e) {
      formatError(e, "type() or valueSize()");
      return;
    }
    for (Accessor a : ACCESSORS) {
      try {
        a.call().accept(v);
      } catch (VariantFormatException e) {
        formatError(e, a.name() + " on a " + t); // malformed payload: fine unless validated
      } catch (VariantTypeException e) {
        if (belongsTo(a.name(), t)) {
          fail(a.name() + " on a " + t + " threw " + e, e);
        }
      }
    }
    try {
      if (v.isObject()) {
        walkObject(v, depth);
      } else if (v.isArray()) {
        for (int i = 0, n = v.size(); i < n; i++) {
          try {
            walk(v.element(i), depth + 1);
          } catch (VariantFormatException e) {
            formatError(e, "element(" + i + ")"); // its siblings may still read
          }
        }
      }
    } catch (VariantFormatException e) {
      formatError(e, "the container tables");
    }
  }

  private void walkObject(Variant v, int depth) {
    for (int i = 0, n = v.fieldCount(); i < n; i++) {
      try {
        v.fieldId(i);
        String name = v.fieldName(i);
        v.field(name);
        int found = v.fieldIndex(name);
        if (validated && found != i) {
          fail("validated object: fieldIndex(\"" + name + "\") = " + found + ", expected " + i);
        }
      } catch (VariantFormatException e) {
        formatError(e, "key " + i); // the value may still read
      }
      try {
        walk(v.fieldValue(i), depth + 1);
      } catch (VariantFormatException e) {
        formatError(e, "fieldValue(" + i + ")");
      }
    }
    try {
      v.field("zzz-not-a-key");
      v.field("");
    } catch (VariantFormatException e) {
      formatError(e, "field() of a missing key"); // binary search hit a broken key
    }
  }

  /**
   * Whether {@code accessor} is meant for type {@code t}: only then is a VariantTypeException a
   * bug.
   */
  static boolean belongsTo(String accessor, VariantType t) {
    return switch (accessor) {
      case "booleanValue" -> t == VariantType.BOOLEAN_TRUE || t == VariantType.BOOLEAN_FALSE;
      case "longValue" -> t.isInteger();
      case "decimalValue" -> t.isInteger() || t.isDecimal();
      case "doubleValue" -> t == VariantType.DOUBLE;
      case "floatValue" -> t == VariantType.FLOAT;
      case "epochDay", "dateValue" -> t == VariantType.DATE;
      case "temporalValue" ->
          t == VariantType.TIMESTAMP_MICROS
              || t == VariantType.TIMESTAMP_NTZ_MICROS
              || t == VariantType.TIMESTAMP_NANOS
              || t == VariantType.TIMESTAMP_NTZ_NANOS
              || t == VariantType.TIME_NTZ_MICROS;
      case "instantValue" -> t == VariantType.TIMESTAMP_MICROS || t == VariantType.TIMESTAMP_NANOS;
      case "localDateTimeValue" ->
          t == VariantType.TIMESTAMP_NTZ_MICROS || t == VariantType.TIMESTAMP_NTZ_NANOS;
      case "timeValue" -> t == VariantType.TIME_NTZ_MICROS;
      case "uuidValue" -> t == VariantType.UUID;
      case "stringValue", "stringUtf8" -> t == VariantType.STRING;
      case "binaryValue", "binaryBuffer" -> t == VariantType.BINARY;
      case "fieldCount" -> t == VariantType.OBJECT;
      case "size" -> t == VariantType.ARRAY;
      default -> throw new IllegalArgumentException(accessor);
    };
  }

  /** Reads every key of the dictionary; only VariantFormatException may escape a key. */
  static void walkMetadata(VariantMetadata m) {
    for (int i = 0; i < m.size(); i++) {
      try {
        m.idOf(m.key(i));
      } catch (VariantFormatException expected) {
        // a broken key
      }
    }
    try {
      m.idOf("zzz-not-a-key");
    } catch (VariantFormatException expected) {
      // a broken key met during the search
    }
  }
}
