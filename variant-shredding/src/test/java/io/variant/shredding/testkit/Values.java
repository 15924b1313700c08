// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.testkit;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.testkit.Model;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Short builders of {@link Model} trees for table tests, so that a row reads like the JSON it
 * stands for: {@code obj("id", int8(1), "tags", arr(str("a")))}. Every scalar keeps the exact
 * Variant type it names; {@link #integer} and {@link #dec} pick the smallest width, as a JSON
 * parser would.
 */
public final class Values {
  private Values() {}

  public static Model.Scalar nul() {
    return new Model.Scalar(VariantType.NULL, null);
  }

  public static Model.Scalar bool(boolean value) {
    return new Model.Scalar(value ? VariantType.BOOLEAN_TRUE : VariantType.BOOLEAN_FALSE, null);
  }

  public static Model.Scalar int8(long value) {
    return new Model.Scalar(VariantType.INT8, value);
  }

  public static Model.Scalar int16(long value) {
    return new Model.Scalar(VariantType.INT16, value);
  }

  public static Model.Scalar int32(long value) {
    return new Model.Scalar(VariantType.INT32, value);
  }

  public static Model.Scalar int64(long value) {
    return new Model.Scalar(VariantType.INT64, value);
  }

  /** The smallest integer type holding {@code value}. */
  public static Model.Scalar integer(long value) {
    VariantType t =
        value == (byte) value
            ? VariantType.INT8
            : value == (short) value
                ? VariantType.INT16
                : value == (int) value ? VariantType.INT32 : VariantType.INT64;
    return new Model.Scalar(t, value);
  }

  /**
   * A decimal written as text ({@code "12.50"} keeps scale 2), in the smallest width for
   * max(precision, scale).
   */
  public static Model.Scalar dec(String text) {
    BigDecimal d = new BigDecimal(text);
    int digits = Math.max(d.precision(), d.scale());
    VariantType t =
        digits <= 9
            ? VariantType.DECIMAL4
            : digits <= 18 ? VariantType.DECIMAL8 : VariantType.DECIMAL16;
    return new Model.Scalar(t, d);
  }

  public static Model.Scalar f32(float value) {
    return new Model.Scalar(VariantType.FLOAT, value);
  }

  public static Model.Scalar f64(double value) {
    return new Model.Scalar(VariantType.DOUBLE, value);
  }

  public static Model.Scalar str(String value) {
    return new Model.Scalar(VariantType.STRING, value);
  }

  public static Model.Scalar date(int daysSinceEpoch) {
    return new Model.Scalar(VariantType.DATE, daysSinceEpoch);
  }

  /** A value of one of the five timestamp and time types, with its raw micros or nanos. */
  public static Model.Scalar temporal(VariantType type, long value) {
    return new Model.Scalar(type, value);
  }

  public static Model.Scalar binary(byte... bytes) {
    return new Model.Scalar(VariantType.BINARY, bytes);
  }

  public static Model.Scalar uuid(UUID value) {
    return new Model.Scalar(VariantType.UUID, value);
  }

  /** An object from alternating keys and values: {@code obj("a", int8(1), "b", str("x"))}. */
  public static Model.Obj obj(Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("obj() takes key, value pairs");
    }
    List<Model.Field> fields = new ArrayList<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      fields.add(new Model.Field((String) keysAndValues[i], (Model) keysAndValues[i + 1]));
    }
    return new Model.Obj(fields);
  }

  public static Model.Arr arr(Model... elements) {
    return new Model.Arr(List.of(elements));
  }

  /** Encodes each model with a fresh builder. */
  public static List<Variant> variants(List<? extends Model> rows) {
    List<Variant> out = new ArrayList<>(rows.size());
    for (Model m : rows) {
      out.add(m.build());
    }
    return out;
  }

  /** {@code n} copies of {@code value}, for building a column with given shares. */
  public static List<Model> times(int n, Model value) {
    List<Model> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(value);
    }
    return out;
  }
}
