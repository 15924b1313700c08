// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static io.variant.shredding.Scalars.dec16;
import static io.variant.shredding.Scalars.dec4;
import static io.variant.shredding.Scalars.dec8;
import static io.variant.shredding.Scalars.float32;
import static io.variant.shredding.Scalars.float64;
import static io.variant.shredding.Scalars.int16;
import static io.variant.shredding.Scalars.int32;
import static io.variant.shredding.Scalars.int64;
import static io.variant.shredding.Scalars.int8;
import static io.variant.shredding.Scalars.type;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.ValueCursor;
import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.core.VariantType;
import io.variant.core.json.VariantJson;
import io.variant.shredding.testkit.ShreddedTree;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every numeric widening rule, under every mode: whether the value goes typed ({@link
 * Widening#fits}) and the value the splitter then hands the sink. {@code "-"} means the value goes
 * whole into the residual. Integer slots show the long, decimal slots the decimal with its scale
 * ({@code toPlainString}).
 */
class WideningTest {
  private static final String NO = "-";
  private static final String MAX38 =
      "99999999999999999999999999999999999999"; // 10^38 - 1: 38 nines
  private static final String E37 = "10000000000000000000000000000000000000"; // 10^37: 38 digits

  static Stream<Arguments> integersIntoIntegerSlots() {
    return Stream.of(
        // value, slot, lossless, strict
        row("int8 127", int8(127), "int8", "127", "127"),
        row("int8 127", int8(127), "int16", "127", NO),
        row("int8 127", int8(127), "int32", "127", NO),
        row("int8 127", int8(127), "int64", "127", NO),
        row("int16 128", int16(128), "int8", NO, NO),
        row("int16 128", int16(128), "int16", "128", "128"),
        row("int8 -128", int8(-128), "int8", "-128", "-128"),
        row("int16 -129", int16(-129), "int8", NO, NO),
        row("int16 -129", int16(-129), "int16", "-129", "-129"),
        row("int16 32767", int16(32767), "int16", "32767", "32767"),
        row("int16 32767", int16(32767), "int8", NO, NO),
        row("int32 32768", int32(32768), "int16", NO, NO),
        row("int16 -32768", int16(-32768), "int16", "-32768", "-32768"),
        row("int32 -32769", int32(-32769), "int16", NO, NO),
        row("int64 2^31", int64(1L << 31), "int32", NO, NO),
        row("int64 2^31", int64(1L << 31), "int64", "2147483648", "2147483648"),
        row("int32 2^31-1", int32(Integer.MAX_VALUE), "int32", "2147483647", "2147483647"),
        row("int32 -2^31", int32(Integer.MIN_VALUE), "int32", "-2147483648", "-2147483648"),
        row("int64 -2^31-1", int64(-(1L << 31) - 1), "int32", NO, NO),
        row(
            "int64 2^63-1",
            int64(Long.MAX_VALUE),
            "int64",
            "9223372036854775807",
            "9223372036854775807"),
        row("int64 2^63-1", int64(Long.MAX_VALUE), "int32", NO, NO),
        row(
            "int64 -2^63",
            int64(Long.MIN_VALUE),
            "int64",
            "-9223372036854775808",
            "-9223372036854775808"),
        row("int64 -2^63", int64(Long.MIN_VALUE), "int8", NO, NO),
        // Narrowing is lossless when the value fits: the physical type is not information.
        row("int64 5", int64(5), "int8", "5", NO),
        row("int32 -7", int32(-7), "int16", "-7", NO),
        row("int16 0", int16(0), "int8", "0", NO));
  }

  static Stream<Arguments> decimalsIntoIntegerSlots() {
    return Stream.of(
        row("decimal4 1.00", dec4("1.00"), "int64", "1", NO),
        row("decimal4 1.00", dec4("1.00"), "int8", "1", NO),
        row("decimal4 1.23", dec4("1.23"), "int64", NO, NO),
        row("decimal4 0.000", dec4("0.000"), "int8", "0", NO),
        row("decimal8 -128.000", dec8("-128.000"), "int8", "-128", NO),
        row("decimal8 -129.0", dec8("-129.0"), "int8", NO, NO),
        row("decimal8 127.5", dec8("127.5"), "int64", NO, NO),
        row("decimal16 2^63-1", dec16("9223372036854775807"), "int64", "9223372036854775807", NO),
        row("decimal16 2^63", dec16("9223372036854775808"), "int64", NO, NO),
        row("decimal16 1.5", dec16("1.5"), "int64", NO, NO), // a fraction is never cut off
        row("decimal16 -2.50", dec16("-2.50"), "int64", NO, NO),
        row("decimal16 2.0", dec16("2.0"), "int64", "2", NO),
        row(
            "decimal16 -2^63",
            dec16("-9223372036854775808.00"),
            "int64",
            "-9223372036854775808",
            NO),
        row("decimal16 1e20", dec16("100000000000000000000"), "int64", NO, NO),
        row("decimal16 10^38-1", dec16(MAX38), "int64", NO, NO),
        row("decimal4 0.5", dec4("0.5"), "int32", NO, NO));
  }

  static Stream<Arguments> integersIntoDecimalSlots() {
    return Stream.of(
        row("int8 123", int8(123), "decimal(9,2)", "123.00", NO),
        row("int8 123", int8(123), "decimal(3,0)", "123", NO),
        row("int8 123", int8(123), "decimal(4,2)", NO, NO), // 123.00 needs 5 digits
        row("int32 1234567890", int32(1234567890), "decimal(9,0)", NO, NO),
        row("int32 1234567890", int32(1234567890), "decimal(10,0)", "1234567890", NO),
        row(
            "int32 1234567",
            int32(1234567),
            "decimal(9,2)",
            "1234567.00",
            NO), // 9 digits after rescale
        row("int32 12345678", int32(12345678), "decimal(9,2)", NO, NO), // 10 digits after rescale
        row("int8 -5", int8(-5), "decimal(1,0)", "-5", NO),
        row("int8 -10", int8(-10), "decimal(1,0)", NO, NO),
        row("int8 0", int8(0), "decimal(1,1)", "0.0", NO),
        row("int64 2^63-1", int64(Long.MAX_VALUE), "decimal(19,0)", "9223372036854775807", NO),
        row("int64 2^63-1", int64(Long.MAX_VALUE), "decimal(18,0)", NO, NO),
        row(
            "int64 -2^63",
            int64(Long.MIN_VALUE),
            "decimal(38,19)",
            "-9223372036854775808.0000000000000000000",
            NO),
        row("int64 -2^63", int64(Long.MIN_VALUE), "decimal(38,20)", NO, NO));
  }

  static Stream<Arguments> decimalScaleChanges() {
    return Stream.of(
        row("decimal4 1.5", dec4("1.5"), "decimal(5,2)", "1.50", NO),
        row("decimal4 1.555", dec4("1.555"), "decimal(5,2)", NO, NO),
        row("decimal4 1.500", dec4("1.500"), "decimal(5,1)", "1.5", NO), // strips zeros
        row("decimal4 1.500", dec4("1.500"), "decimal(5,0)", NO, NO),
        row("decimal4 1.50", dec4("1.50"), "decimal(5,2)", "1.50", "1.50"),
        row("decimal4 -1.5", dec4("-1.5"), "decimal(5,2)", "-1.50", NO),
        row("decimal4 -1.555", dec4("-1.555"), "decimal(5,2)", NO, NO),
        row("decimal4 -99.99", dec4("-99.99"), "decimal(4,2)", "-99.99", "-99.99"),
        row("decimal4 -999.99", dec4("-999.99"), "decimal(4,2)", NO, NO),
        row("decimal4 0.000", dec4("0.000"), "decimal(1,0)", "0", NO),
        row("decimal4 0.000", dec4("0.000"), "decimal(3,3)", "0.000", "0.000"),
        row("decimal4 0.000", dec4("0.000"), "decimal(9,5)", "0.00000", NO),
        // Width: strict also needs the slot's own width (decimal(P<=9) is decimal4, <=18 decimal8,
        // else 16).
        row("decimal4 1.50", dec4("1.50"), "decimal(12,2)", "1.50", NO),
        row("decimal8 1.50", dec8("1.50"), "decimal(12,2)", "1.50", "1.50"),
        row("decimal8 1.50", dec8("1.50"), "decimal(5,2)", "1.50", NO),
        row("decimal16 1.50", dec16("1.50"), "decimal(5,2)", "1.50", NO),
        row("decimal16 1.50", dec16("1.50"), "decimal(20,2)", "1.50", "1.50"),
        row(
            "decimal8 123456789012.345678",
            dec8("123456789012.345678"),
            "decimal(18,6)",
            "123456789012.345678",
            "123456789012.345678"),
        row("decimal8 123456789012.345678", dec8("123456789012.345678"), "decimal(18,7)", NO, NO),
        row(
            "decimal16 1e20",
            dec16("100000000000000000000"),
            "decimal(21,0)",
            "100000000000000000000",
            "100000000000000000000"));
  }

  static Stream<Arguments> decimal38Edges() {
    return Stream.of(
        row("decimal16 10^38-1", dec16(MAX38), "decimal(38,0)", MAX38, MAX38),
        row("decimal16 10^38-1", dec16(MAX38), "decimal(38,1)", NO, NO),
        row("decimal16 -(10^38-1)", dec16("-" + MAX38), "decimal(38,0)", "-" + MAX38, "-" + MAX38),
        row("decimal16 10^37", dec16(E37), "decimal(38,0)", E37, E37),
        row("decimal16 10^37", dec16(E37), "decimal(38,1)", NO, NO), // shifting one digit needs 39
        row("decimal16 10^37", dec16(E37), "decimal(37,0)", NO, NO),
        row(
            "decimal16 1.(37 zeros)",
            dec16("1." + "0".repeat(37)),
            "decimal(38,37)",
            "1." + "0".repeat(37),
            "1." + "0".repeat(37)),
        row("decimal16 1.(37 zeros)", dec16("1." + "0".repeat(37)), "decimal(1,0)", "1", NO),
        row("decimal16 1.(37 zeros)", dec16("1." + "0".repeat(37)), "decimal(38,38)", NO, NO),
        row(
            "decimal16 1e-38",
            dec16("0." + "0".repeat(37) + "1"),
            "decimal(38,38)",
            "0." + "0".repeat(37) + "1",
            "0." + "0".repeat(37) + "1"),
        row("decimal16 1e-38", dec16("0." + "0".repeat(37) + "1"), "decimal(38,37)", NO, NO),
        row(
            "decimal4 1e-38",
            dec4("0." + "0".repeat(37) + "1"),
            "decimal(38,38)",
            "0." + "0".repeat(37) + "1",
            NO),
        row(
            "decimal4 999999999",
            dec4("999999999"),
            "decimal(38,29)",
            "999999999." + "0".repeat(29),
            NO),
        row("decimal4 999999999", dec4("999999999"), "decimal(38,30)", NO, NO));
  }

  static Stream<Arguments> binaryFloatingPointNeverCrossesClasses() {
    return Stream.of(
        row("float 1.5", float32(1.5f), "float", "1.5", "1.5"),
        row("float 1.5", float32(1.5f), "double", NO, NO),
        row("float 1.0", float32(1.0f), "int64", NO, NO),
        row("float 1.5", float32(1.5f), "decimal(9,2)", NO, NO),
        row("double 1.5", float64(1.5), "double", "1.5", "1.5"),
        row("double 1.5", float64(1.5), "float", NO, NO),
        row("double 1.0", float64(1.0), "int64", NO, NO),
        row("double 1.5", float64(1.5), "decimal(9,2)", NO, NO),
        row("double -0.0", float64(-0.0), "double", "-0.0", "-0.0"), // negative zero stays negative
        row("float -0.0", float32(-0.0f), "float", "-0.0", "-0.0"),
        row("double -0.0", float64(-0.0), "int8", NO, NO),
        row("double NaN", float64(Double.NaN), "double", "NaN", "NaN"),
        row("int8 1", int8(1), "float", NO, NO),
        row("int8 1", int8(1), "double", NO, NO),
        row("decimal4 1.5", dec4("1.5"), "double", NO, NO),
        row("decimal16 1e20", dec16("100000000000000000000"), "float", NO, NO));
  }

  private static Arguments row(
      String label, Variant v, String slot, String lossless, String strict) {
    return Arguments.of(label, v, slot, lossless, strict);
  }

  @ParameterizedTest(name = "{0} into {2}: lossless {3}, strict {4}")
  @MethodSource({
    "integersIntoIntegerSlots",
    "decimalsIntoIntegerSlots",
    "integersIntoDecimalSlots",
    "decimalScaleChanges",
    "decimal38Edges",
    "binaryFloatingPointNeverCrossesClasses"
  })
  void numericWidening(String label, Variant v, String slot, String lossless, String strict) {
    check(v, type(slot), NumericWidening.LOSSLESS, lossless);
    check(v, type(slot), NumericWidening.STRICT, strict);
    // Same-scale takes what lossless takes, unless that changes an exact number's scale (integers
    // and integer slots have scale 0); other kinds need their own type under every mode.
    boolean sameScale = scale(v) < 0 || scale(v) == type(slot).scale();
    check(v, type(slot), NumericWidening.SAME_SCALE, sameScale ? lossless : NO);
  }

  /** An exact number's scale as stored, 0 for integers; -1 for other kinds. */
  private static int scale(Variant v) {
    VariantType t = v.type();
    if (t.isInteger()) {
      return 0;
    }
    boolean decimal =
        t == VariantType.DECIMAL4 || t == VariantType.DECIMAL8 || t == VariantType.DECIMAL16;
    return decimal ? v.decimalValue().scale() : -1;
  }

  static Stream<Arguments> decimalsWhoseTextAColumnOfAnotherScaleChanges() {
    return Stream.of(
        // value, slot, lossless, same-scale, strict: the text each mode gives back
        Arguments.of(dec4("174.2"), "decimal(9,2)", "174.20", "174.2", "174.2"),
        Arguments.of(dec4("0.0"), "decimal(18,15)", "0.000000000000000", "0.0", "0.0"),
        Arguments.of(dec8("60.08676"), "decimal(18,6)", "60.086760", "60.08676", "60.08676"),
        Arguments.of(dec4("60.08676"), "decimal(18,5)", "60.08676", "60.08676", "60.08676"),
        Arguments.of(dec4("1.0"), "int64", "1", "1.0", "1.0"),
        Arguments.of(int8(42), "int64", "42", "42", "42"),
        Arguments.of(int8(42), "decimal(9,2)", "42.00", "42", "42"));
  }

  /**
   * What the JSON text of a split and rebuilt number is under each mode: lossless changes the
   * scale, same-scale and strict send such a value to the residual, which gives the text back.
   */
  @ParameterizedTest(name = "{0} in {1}: lossless {2}, same-scale {3}, strict {4}")
  @MethodSource("decimalsWhoseTextAColumnOfAnotherScaleChanges")
  void rebuiltTextPerMode(
      Variant v, String slot, String lossless, String sameScale, String strict) {
    String[] expected = {lossless, sameScale, strict};
    NumericWidening[] modes = {
      NumericWidening.LOSSLESS, NumericWidening.SAME_SCALE, NumericWidening.STRICT
    };
    for (int i = 0; i < modes.length; i++) {
      Variant back =
          SplitRebuild.roundTrip(
              v, ShreddingPlan.parse(slot), SplitOptions.defaults().withWidening(modes[i]));
      assertEquals(expected[i], VariantJson.toJson(back), modes[i].toString());
      assertTrue(VariantEquality.logical(v, back), modes[i] + ": equal by value");
    }
  }

  /**
   * Checks the decision, then what the splitter writes: the converted value, or the value's own
   * bytes.
   */
  private static void check(Variant v, ShreddedType t, NumericWidening mode, String expected) {
    boolean typed = !expected.equals(NO);
    assertEquals(typed, Widening.fits(v, t, mode), mode + ": fits");
    ShreddedTree row =
        SplitRebuild.split(v, ShreddingPlan.scalar(t), SplitOptions.defaults().withWidening(mode));
    if (typed) {
      assertNull(row.root().residual, mode + ": residual");
      assertEquals(expected, render(row.root().typed), mode + ": typed value");
    } else {
      assertNull(row.root().typed, mode + ": typed");
      assertArrayEquals(
          v.valueBytes(), row.root().residual.valueBytes(), mode + ": residual is not the value");
    }
  }

  private static String render(Object typed) {
    return typed instanceof BigDecimal d ? d.toPlainString() : String.valueOf(typed);
  }

  @Test
  void decimalsRebuildWithTheWidthOfTheColumnsPrecision() {
    // Hand-written: decimal(9,2) is decimal4 (header 20), (18,2) decimal8 (24), (19,2) and (38,2)
    // decimal16 (28).
    assertEquals(VariantType.DECIMAL4, rebuiltType(int8(1), "decimal(9,2)"));
    assertEquals(VariantType.DECIMAL8, rebuiltType(int8(1), "decimal(10,2)"));
    assertEquals(VariantType.DECIMAL8, rebuiltType(int8(1), "decimal(18,2)"));
    assertEquals(VariantType.DECIMAL16, rebuiltType(int8(1), "decimal(19,2)"));
    assertEquals(VariantType.DECIMAL16, rebuiltType(int8(1), "decimal(38,2)"));
    assertArrayEquals(
        new byte[] {0x20, 0x02, 0x64, 0, 0, 0}, // decimal4, scale 2, unscaled 100
        SplitRebuild.roundTrip(
                int8(1), ShreddingPlan.parse("decimal(9,2)"), SplitOptions.defaults())
            .valueBytes());
  }

  @Test
  void integersRebuildWithTheColumnsIntegerType() {
    Variant r =
        SplitRebuild.roundTrip(int8(5), ShreddingPlan.parse("int64"), SplitOptions.defaults());
    assertArrayEquals(new byte[] {0x18, 5, 0, 0, 0, 0, 0, 0, 0}, r.valueBytes()); // int64 5
    Variant d =
        SplitRebuild.roundTrip(
            dec16("-128.000"), ShreddingPlan.parse("int8"), SplitOptions.defaults());
    assertArrayEquals(new byte[] {0x0C, (byte) 0x80}, d.valueBytes()); // int8 -128
  }

  /**
   * A decimal8 of 19 digits (1.000000000000000000: past the spec's width table, which Spark's
   * reader enforces and this library's does not) is an integral decimal like any other: it goes
   * into an integer slot, and a fraction at the same scale does not.
   */
  @Test
  void anIntegralDecimal8AtScale18GoesIntoAnIntegerSlot() {
    check(
        decimal8(1_000_000_000_000_000_000L, 18),
        ShreddedType.INT64,
        NumericWidening.LOSSLESS,
        "1");
    check(
        decimal8(1_000_000_000_000_000_001L, 18), ShreddedType.INT64, NumericWidening.LOSSLESS, NO);
  }

  /** A decimal8 of {@code unscaled} at {@code scale}, unchecked against the width table. */
  private static Variant decimal8(long unscaled, int scale) {
    ByteBuffer b = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    b.put((byte) VariantType.DECIMAL8.headerByte()).put((byte) scale).putLong(unscaled);
    Variant v = Variant.of(new byte[] {1, 0, 0}, b.array());
    v.validate();
    return v;
  }

  /**
   * {@link ShreddedSink}'s contract: a decimal of up to 18 digits reaches the sink as its unscaled
   * long, one of 19 to 38 digits (rescaled from an integer, decimal4 or decimal8) as 128 bits.
   */
  @Test
  void eighteenDigitsReachTheSinkAsALongAndNineteenAs128Bits() {
    ShreddedType slot = ShreddedType.decimal(38, 1);
    assertEquals(
        List.of("typedDecimal(123456789012345678, 1)"),
        sinkCalls(dec8("12345678901234567.8"), slot)); // 18 digits at the slot's scale
    assertEquals(
        List.of("typedDecimal(123456789012345670, 1)"),
        sinkCalls(int64(12345678901234567L), slot)); // 17 digits, 18 at the slot's scale
    assertEquals(
        List.of("typedDecimal(0, 1234567890123456780, 1)"),
        sinkCalls(int64(123456789012345678L), slot)); // 18 digits, 19 at the slot's scale
  }

  /** The sink calls {@link Widening#write} makes for {@code v} in a LOSSLESS slot of {@code t}. */
  private static List<String> sinkCalls(Variant v, ShreddedType t) {
    List<String> calls = new ArrayList<>();
    ShreddedSink sink =
        (ShreddedSink)
            Proxy.newProxyInstance(
                ShreddedSink.class.getClassLoader(),
                new Class<?>[] {ShreddedSink.class},
                (proxy, method, args) -> {
                  calls.add(
                      method.getName()
                          + Arrays.stream(args)
                              .map(String::valueOf)
                              .collect(Collectors.joining(", ", "(", ")")));
                  return null;
                });
    ValueCursor c = new ValueCursor();
    c.at(v);
    assertTrue(new Widening(t, NumericWidening.LOSSLESS).write(c, sink), "typed");
    return calls;
  }

  private static VariantType rebuiltType(Variant v, String slot) {
    return SplitRebuild.roundTrip(v, ShreddingPlan.parse(slot), SplitOptions.defaults()).type();
  }
}
