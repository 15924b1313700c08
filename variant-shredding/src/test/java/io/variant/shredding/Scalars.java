// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Hex;
import io.variant.testkit.Model;
import java.math.BigDecimal;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Encoded test values of exactly one Variant type (over {@link Values}' model builders), decimals
 * at a chosen width, Variants from hand-written hex, and slot types from their plan text.
 */
final class Scalars {
  private Scalars() {}

  static Variant of(Consumer<VariantBuilder> append) {
    VariantBuilder b = new VariantBuilder();
    append.accept(b);
    return b.build();
  }

  /** A Variant from hand-written hex: metadata, then value. */
  static Variant hex(String metadata, String value) {
    return Variant.of(Hex.bytes(metadata), Hex.bytes(value));
  }

  static Variant int8(long value) {
    return Values.int8(value).build();
  }

  static Variant int16(long value) {
    return Values.int16(value).build();
  }

  static Variant int32(long value) {
    return Values.int32(value).build();
  }

  static Variant int64(long value) {
    return Values.int64(value).build();
  }

  /**
   * A decimal of width {@code t} whatever its digits, keeping the text's scale: {@code "1.50"} has
   * scale 2.
   */
  static Variant decimal(VariantType t, String text) {
    return new Model.Scalar(t, new BigDecimal(text)).build();
  }

  static Variant dec4(String text) {
    return decimal(VariantType.DECIMAL4, text);
  }

  static Variant dec8(String text) {
    return decimal(VariantType.DECIMAL8, text);
  }

  static Variant dec16(String text) {
    return decimal(VariantType.DECIMAL16, text);
  }

  static Variant float32(float value) {
    return Values.f32(value).build();
  }

  static Variant float64(double value) {
    return Values.f64(value).build();
  }

  static Variant string(String value) {
    return Values.str(value).build();
  }

  static Variant binary(byte... value) {
    return Values.binary(value).build();
  }

  static Variant bool(boolean value) {
    return Values.bool(value).build();
  }

  static Variant date(int epochDay) {
    return Values.date(epochDay).build();
  }

  static Variant temporal(VariantType t, long value) {
    return Values.temporal(t, value).build();
  }

  static Variant uuid(String text) {
    return Values.uuid(UUID.fromString(text)).build();
  }

  static Variant variantNull() {
    return Values.nul().build();
  }

  /** The slot type of plan text such as {@code int8} or {@code decimal(9,2)}. */
  static ShreddedType type(String planText) {
    return ((ShreddingPlan.ScalarPlan) ShreddingPlan.parse(planText)).type();
  }
}
