package io.variant.shredding;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.testkit.Hex;
import java.math.BigDecimal;
import java.util.UUID;
import java.util.function.Consumer;

/** Test values of exactly one Variant type, and slot types from their plan text. */
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

  static Variant integer(VariantType t, long value) {
    return of(b -> b.appendInteger(t, value));
  }

  static Variant int8(long value) {
    return integer(VariantType.INT8, value);
  }

  static Variant int16(long value) {
    return integer(VariantType.INT16, value);
  }

  static Variant int32(long value) {
    return integer(VariantType.INT32, value);
  }

  static Variant int64(long value) {
    return integer(VariantType.INT64, value);
  }

  /** A decimal of width {@code t} keeping the text's scale: {@code "1.50"} has scale 2. */
  static Variant decimal(VariantType t, String text) {
    return of(b -> b.appendDecimal(t, new BigDecimal(text)));
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
    return of(b -> b.appendFloat(value));
  }

  static Variant float64(double value) {
    return of(b -> b.appendDouble(value));
  }

  static Variant string(String value) {
    return of(b -> b.appendString(value));
  }

  static Variant binary(byte... value) {
    return of(b -> b.appendBinary(value));
  }

  static Variant bool(boolean value) {
    return of(b -> b.appendBoolean(value));
  }

  static Variant date(int epochDay) {
    return of(b -> b.appendDate(epochDay));
  }

  static Variant temporal(VariantType t, long value) {
    return of(b -> b.appendTemporal(t, value));
  }

  static Variant uuid(String text) {
    return of(b -> b.appendUuid(UUID.fromString(text)));
  }

  static Variant variantNull() {
    return of(VariantBuilder::appendNull);
  }

  /** The slot type of plan text such as {@code int8} or {@code decimal(9,2)}. */
  static ShreddedType type(String planText) {
    return ((ShreddingPlan.ScalarPlan) ShreddingPlan.parse(planText)).type();
  }
}
