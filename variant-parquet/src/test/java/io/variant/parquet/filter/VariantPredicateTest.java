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

  @Test
  void numbersCompareByValueAcrossIntegerAndDecimalWidths() {
    Variant int8 = with(b -> b.appendInteger(VariantType.INT8, 5));
    Variant dec16 = with(b -> b.appendDecimal(VariantType.DECIMAL16, new BigDecimal("5.00")));
    for (Variant row : new Variant[] {int8, dec16}) {
      assertTrue(eq(row, Literal.of(5)));
      assertTrue(eq(row, Literal.of(new BigDecimal("5.0"))));
      assertTrue(VariantPredicate.lt("e", "$.v", Literal.of(new BigDecimal("5.01"))).test(row));
      assertFalse(VariantPredicate.gt("e", "$.v", Literal.of(5)).test(row));
      assertFalse(eq(row, Literal.of(5.0)), "a double is another class");
      assertFalse(eq(row, Literal.of("5")), "a string is another class");
    }
  }

  @Test
  void doublesCompareAsIeee() {
    Variant nan = with(b -> b.appendDouble(Double.NaN));
    Variant negZero = with(b -> b.appendDouble(-0.0));
    assertFalse(eq(nan, Literal.of(Double.NaN)));
    assertFalse(VariantPredicate.gt("e", "$.v", Literal.of(0.0)).test(nan));
    assertFalse(VariantPredicate.lt("e", "$.v", Literal.of(0.0)).test(nan));
    assertTrue(eq(negZero, Literal.of(0.0)));
    assertFalse(VariantPredicate.lt("e", "$.v", Literal.of(0.0)).test(negZero));
    assertFalse(
        eq(with(b -> b.appendFloat(1.5f)), Literal.of(1.5)),
        "float and double are different classes");
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
  void booleansAndDates() {
    assertTrue(eq(with(b -> b.appendBoolean(false)), Literal.of(false)));
    assertTrue(
        VariantPredicate.lt("e", "$.v", Literal.of(true)).test(with(b -> b.appendBoolean(false))));
    Variant day = with(b -> b.appendDate(LocalDate.of(2025, 4, 16)));
    assertTrue(eq(day, Literal.of(LocalDate.of(2025, 4, 16))));
    assertFalse(eq(day, Literal.of(20194)), "a date is not a number");
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
