// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.core.path.VariantPathException;
import io.variant.parquet.VariantRecord;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The exact, row-level meaning of predicates ({@link VariantPredicate#test}). */
class VariantPredicateTest {

  /** {"v": <value>}. */
  private static Variant with(Consumer<VariantBuilder> value) {
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("v");
    value.accept(b);
    b.endObject();
    return b.build();
  }

  private static boolean eq(Variant row, Literal l) {
    return VariantPredicate.eq("e", "$.v", l).test(row);
  }

  private static boolean lt(Variant row, Literal l) {
    return VariantPredicate.lt("e", "$.v", l).test(row);
  }

  private static boolean gt(Variant row, Literal l) {
    return VariantPredicate.gt("e", "$.v", l).test(row);
  }

  private static Literal number(String text) {
    return Literal.of(new BigDecimal(text));
  }

  @Test
  void numbersCompareByValueAcrossEveryNumericType() {
    Variant[] fives = {
      with(b -> b.appendInteger(VariantType.INT8, 5)),
      with(b -> b.appendInteger(VariantType.INT64, 5)),
      with(b -> b.appendDecimal(VariantType.DECIMAL4, new BigDecimal("5.0"))),
      with(b -> b.appendDecimal(VariantType.DECIMAL16, new BigDecimal("5.00"))),
      with(b -> b.appendFloat(5f)),
      with(b -> b.appendDouble(5.0)),
    };
    Literal[] alsoFive = {
      Literal.of(5), number("5.000"), number("5e0"), number("0.5E+1"), Literal.of(5.0)
    };
    for (Variant row : fives) {
      for (Literal five : alsoFive) {
        String what = row + " vs " + five;
        assertTrue(eq(row, five), what);
        assertFalse(lt(row, five), what);
        assertFalse(gt(row, five), what);
        assertTrue(VariantPredicate.between("e", "$.v", five, Literal.of(6.5)).test(row), what);
      }
      assertTrue(lt(row, number("5.01")));
      assertTrue(gt(row, number("4.99e0")));
      assertFalse(eq(row, Literal.of("5")), "a string is another class");
    }
  }

  @Test
  void aFloatingPointValueComparesWithTheLiteralRoundedToItsType() {
    // The double nearest 0.1 is 0.1000000000000000055511151231257827021181583404541015625: every
    // literal that rounds to it is equal, as when SQL compares a DOUBLE with a DECIMAL.
    Variant tenth = with(b -> b.appendDouble(0.1));
    assertTrue(eq(tenth, number("0.1")));
    assertTrue(eq(tenth, number("1e-1")));
    assertTrue(eq(tenth, Literal.of(0.1)));
    assertTrue(eq(tenth, number("0.1000000000000000055511151231257827021181583404541015625")));
    assertTrue(lt(tenth, number("0.10000000000000002")), "the next double up");
    assertTrue(gt(tenth, number("0.09999999999999999")), "the next double down");
    // The stored double of the JSON text 1e-3 equals the literal 0.001.
    Variant milli = with(b -> b.appendDouble(1e-3));
    assertTrue(eq(milli, number("0.001")));
    assertFalse(lt(milli, number("0.001")));
    assertFalse(gt(milli, number("0.001")));
    // A float compares with the literal rounded to float: 0.1f equals 0.1, not the double 0.1.
    Variant floatTenth = with(b -> b.appendFloat(0.1f));
    assertTrue(eq(floatTenth, number("0.1")));
    assertTrue(eq(floatTenth, Literal.of(0.1)));
    assertTrue(lt(floatTenth, number("0.10000001")), "rounds to the next float up");
    // 2^63 as a double: int64's maximum rounds to it (as in SQL), 2^63 + 2^11 does not.
    Variant twoTo63 = with(b -> b.appendDouble(0x1p63));
    assertTrue(eq(twoTo63, Literal.of(Long.MAX_VALUE)));
    assertTrue(eq(twoTo63, number("9223372036854775808")));
    assertTrue(lt(twoTo63, number("9223372036854777856")));
    Variant big = with(b -> b.appendDouble(1e20));
    assertTrue(eq(big, number("1e+20")));
    assertTrue(eq(big, number("100000000000000000000")));
    assertTrue(lt(big, number("100000000000000020000")));
    // Exact values stay exact: a decimal is below a literal a hair above it.
    Variant decimalTenth = with(b -> b.appendDecimal(VariantType.DECIMAL4, new BigDecimal("0.1")));
    assertTrue(lt(decimalTenth, Literal.of(0.1)), "the double literal is its binary value");
    assertTrue(lt(decimalTenth, number("0.10000000000000000001")));
  }

  @Test
  void literalsBeyondInt64AndTheDoubleRangeCompareExactly() {
    String digits = "123456789012345678901234567890";
    Literal huge = number(digits);
    Variant same = with(b -> b.appendDecimal(VariantType.DECIMAL16, new BigDecimal(digits)));
    assertTrue(eq(same, huge));
    assertTrue(lt(with(b -> b.appendLong(Long.MAX_VALUE)), huge));
    // the double nearest the literal is 123456789012345677877719597056: equal, as in SQL
    Variant nearest = with(b -> b.appendDouble(1.2345678901234568e29));
    assertTrue(eq(nearest, huge));
    assertTrue(eq(nearest, number("123456789012345677877719597056")));
    assertTrue(lt(with(b -> b.appendDouble(Double.MAX_VALUE)), number("1e400")));
    assertTrue(gt(with(b -> b.appendDouble(Double.MIN_VALUE)), number("1e-400")));
    assertTrue(gt(with(b -> b.appendDouble(Double.POSITIVE_INFINITY)), number("1e400")));
    assertTrue(lt(with(b -> b.appendFloat(Float.NEGATIVE_INFINITY)), number("-1e400")));
  }

  @Test
  void nanMatchesNoComparisonAndNegativeZeroEqualsZero() {
    for (Variant nan :
        new Variant[] {
          with(b -> b.appendDouble(Double.NaN)), with(b -> b.appendFloat(Float.NaN))
        }) {
      for (Literal l : new Literal[] {Literal.of(0), Literal.of(0.0), Literal.of(Double.NaN)}) {
        assertFalse(eq(nan, l));
        assertFalse(lt(nan, l));
        assertFalse(gt(nan, l));
        assertFalse(VariantPredicate.between("e", "$.v", l, number("1e30")).test(nan));
      }
    }
    assertFalse(eq(with(b -> b.appendLong(0)), Literal.of(Double.NaN)), "a NaN literal neither");
    for (Variant negZero :
        new Variant[] {with(b -> b.appendDouble(-0.0)), with(b -> b.appendFloat(-0.0f))}) {
      assertTrue(eq(negZero, Literal.of(0)));
      assertTrue(eq(negZero, number("0.00")));
      assertTrue(eq(negZero, Literal.of(0.0)));
      assertFalse(lt(negZero, Literal.of(0)));
      assertFalse(gt(negZero, Literal.of(-0.0)));
    }
    assertTrue(eq(with(b -> b.appendDouble(0.0)), Literal.of(-0.0)));
  }

  @Test
  void betweenTakesBoundsOfAnyNumericNotation() {
    VariantPredicate p = VariantPredicate.between("e", "$.v", Literal.of(0.0), number("1e30"));
    assertTrue(p.test(with(b -> b.appendDouble(1.5))));
    assertTrue(p.test(with(b -> b.appendLong(0))));
    assertTrue(p.test(with(b -> b.appendDouble(1e20))));
    assertFalse(p.test(with(b -> b.appendDecimal(new BigDecimal("-0.01")))));
    assertFalse(p.test(with(b -> b.appendDouble(1e31))));
  }

  @Test
  void stringsCompareInUnsignedUtf8ByteOrder() {
    // U+E000 is EE 80 80 in UTF-8, U+1F600 is F0 9F 98 80: UTF-8 puts the emoji last, UTF-16 first.
    Variant emoji = with(b -> b.appendString("\uD83D\uDE00"));
    assertTrue(VariantPredicate.gt("e", "$.v", Literal.of("\uE000")).test(emoji));
    assertTrue(
        VariantPredicate.between("e", "$.v", Literal.of("a"), Literal.of("\uD83D\uDE00"))
            .test(emoji));
    assertTrue(
        VariantPredicate.lt("e", "$.v", Literal.of("ab")).test(with(b -> b.appendString("a"))));
  }

  @Test
  void booleansAndDatesCompareWithTheirOwnClassOnly() {
    assertTrue(eq(with(b -> b.appendBoolean(false)), Literal.of(false)));
    assertTrue(
        VariantPredicate.lt("e", "$.v", Literal.of(true)).test(with(b -> b.appendBoolean(false))));
    Variant day = with(b -> b.appendDate(LocalDate.of(2025, 4, 16)));
    assertTrue(eq(day, Literal.of(LocalDate.of(2025, 4, 16))));
    assertFalse(eq(day, Literal.of(20194)), "a date is not a number");
    assertFalse(eq(with(b -> b.appendLong(1)), Literal.of(true)), "a number is not a boolean");
    // a date matches no text as text; a string that --infer-temporal would store as a date it
    // matches by that date (DateLiteralTest)
    assertFalse(
        eq(with(b -> b.appendString("2025-04-16 ")), Literal.of(LocalDate.of(2025, 4, 16))));
  }

  @Test
  void isNullMatchesSqlNullMissingPathsAndVariantNull() {
    VariantPredicate isNull = VariantPredicate.isNull("e", "$.v.w");
    assertTrue(isNull.test((Variant) null));
    assertTrue(isNull.test(with(b -> b.appendLong(1))), "$.v is not an object");
    assertTrue(isNull.test(with(b -> b.startObject().key("w").appendNull().endObject())));
    assertFalse(isNull.test(with(b -> b.startObject().key("w").appendLong(0).endObject())));
    assertFalse(VariantPredicate.eq("e", "$.v.w", Literal.of(0)).test((Variant) null));
  }

  @Test
  void testsTheRecordsColumn() {
    VariantRecord r =
        VariantRecord.builder().set("id", 1L).set("e", with(b -> b.appendLong(3))).build();
    assertTrue(VariantPredicate.between("e", "$.v", Literal.of(1), Literal.of(3)).test(r));
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> VariantPredicate.isNull("id", "$").test(r));
    assertTrue(e.getMessage().contains("\"id\""), e.getMessage());
  }

  @Test
  void rejectsBoundsOfDifferentClassesAndBadPaths() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> VariantPredicate.between("e", "$.v", Literal.of(1), Literal.of("z")));
    assertTrue(e.getMessage().contains("different classes"), e.getMessage());
    var p =
        assertThrows(
            VariantPathException.class, () -> VariantPredicate.eq("e", "$..v", Literal.of(1)));
    assertEquals(2, p.position());
  }

  @Test
  void printsAsText() {
    assertEquals(
        "e $.user.age between 18 and 30.5",
        VariantPredicate.between(
                "e", "$.user.age", Literal.of(18), Literal.of(new BigDecimal("30.5")))
            .toString());
    assertEquals(
        "e $['a b'] = \"x\"", VariantPredicate.eq("e", "$['a b']", Literal.of("x")).toString());
  }
}
