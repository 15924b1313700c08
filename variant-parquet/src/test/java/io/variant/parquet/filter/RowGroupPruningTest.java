package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row groups skipped, and kept, for hand-made files of 4 row groups of 10 rows, where row i holds
 * {"n": i, "s": "k<i/10>", "p": i/100 as decimal(9,2), "day": day i, "o": {"x": i}} unless a test
 * says otherwise.
 */
class RowGroupPruningTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse(
          "{\"n\": int64, \"s\": string, \"p\": decimal(9,2), \"day\": date, \"o\": {\"x\": int32}}");

  @TempDir Path dir;

  private static Variant row(long i) {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    b.key("n").appendLong(i);
    b.key("s").appendString("k" + i / 10);
    b.key("p").appendDecimal(BigDecimal.valueOf(i, 2));
    b.key("day").appendDate((int) i);
    b.key("o").startObject().key("x").appendLong(i).endObject();
    b.endObject();
    return b.build();
  }

  private Path file(ShreddingLayout layout, LongFunction<Variant> rows) throws IOException {
    Path out = dir.resolve(layout + ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .overwrite()
            .longColumn("id")
            .variantColumn("e", PLAN)
            .layout(layout)
            .rowGroupRowLimit(10)
            .build()) {
      for (long i = 0; i < 40; i++) {
        w.write(VariantRecord.builder().set("id", i).set("e", rows.apply(i)).build());
      }
    }
    return out;
  }

  private static List<Integer> kept(Path file, VariantPredicate p) throws IOException {
    KeptRowGroups k = KeptRowGroups.of(file, p);
    assertEquals(4, k.total());
    return k.ordinals();
  }

  @Test
  void skipsRowGroupsByTheTypedColumnsMinAndMax() throws IOException {
    for (ShreddingLayout layout : ShreddingLayout.values()) {
      Path f = file(layout, RowGroupPruningTest::row);
      assertEquals(
          List.of(2), kept(f, VariantPredicate.eq("e", "$.n", Literal.of(25))), layout.toString());
      assertEquals(List.of(3), kept(f, VariantPredicate.gt("e", "$.n", Literal.of(35))));
      assertEquals(
          List.of(0), kept(f, VariantPredicate.lt("e", "$.n", Literal.of(new BigDecimal("3.00")))));
      assertEquals(
          List.of(0, 1),
          kept(f, VariantPredicate.between("e", "$.n", Literal.of(5), Literal.of(15))));
      assertEquals(List.of(1), kept(f, VariantPredicate.eq("e", "$.s", Literal.of("k1"))));
      assertEquals(
          List.of(3), kept(f, VariantPredicate.gt("e", "$.p", Literal.of(new BigDecimal("0.35")))));
      assertEquals(
          List.of(1),
          kept(f, VariantPredicate.eq("e", "$.day", Literal.of(LocalDate.ofEpochDay(12)))));
      assertEquals(List.of(2), kept(f, VariantPredicate.eq("e", "$.o.x", Literal.of(29))));
      assertEquals(List.of(), kept(f, VariantPredicate.eq("e", "$.n", Literal.of(99))));
      assertEquals(List.of(), kept(f, VariantPredicate.isNull("e", "$.o.x")), "no nulls anywhere");
    }
  }

  @Test
  void keepsRowGroupsWhoseResidualAtThePathMayHoldTheValue() throws IOException {
    // Row 13's n is the string "n/a" (n's residual, in group 1): n's typed column cannot rule it
    // out. Row 27 is no object at all (the top level's residual, in group 2): $.n is missing
    // there, so it matches no comparison and group 2 is still decided by n's typed column.
    Path f =
        file(
            ShreddingLayout.SPEC,
            i ->
                i == 13
                    ? withN("n/a")
                    : i == 27 ? new VariantBuilder().appendLong(5).build() : row(i));
    assertEquals(List.of(0, 1), kept(f, VariantPredicate.eq("e", "$.n", Literal.of(5))));
    assertEquals(List.of(1, 3), kept(f, VariantPredicate.gt("e", "$.n", Literal.of(35))));
    assertEquals(List.of(0), kept(f, VariantPredicate.eq("e", "$.s", Literal.of("k0"))));
    assertEquals(
        List.of(1, 2),
        kept(f, VariantPredicate.isNull("e", "$.n")),
        "n's residual; no $.n in row 27");
  }

  @Test
  void prunesPartiallyShreddedObjects() throws IOException {
    // Every row has a field the plan does not shred, so the top-level residual is never null
    // (testdata/events is like this): a shredded field is never in it, so pruning still works.
    for (ShreddingLayout layout : ShreddingLayout.values()) {
      Path f =
          file(
              layout,
              i -> {
                VariantBuilder b = new VariantBuilder();
                b.startObject();
                b.key("n").appendLong(i);
                b.key("extra").appendString("x" + i);
                b.key("o").startObject().key("x").appendLong(i).key("y").appendLong(i).endObject();
                b.endObject();
                return b.build();
              });
      assertEquals(
          List.of(2), kept(f, VariantPredicate.eq("e", "$.n", Literal.of(25))), layout.toString());
      assertEquals(List.of(3), kept(f, VariantPredicate.gt("e", "$.o.x", Literal.of(35))));
      assertEquals(
          List.of(0, 1, 2, 3), kept(f, VariantPredicate.eq("e", "$.extra", Literal.of("x1"))));
    }
  }

  @Test
  void isNullKeepsRowGroupsWithMissingValuesVariantNullsOrSqlNulls() throws IOException {
    Path f =
        file(
            ShreddingLayout.SPEC,
            i -> i == 3 ? null : i == 15 ? withN(null) : i == 38 ? withoutN() : row(i));
    assertEquals(List.of(0, 1, 3), kept(f, VariantPredicate.isNull("e", "$.n")));
  }

  @Test
  void equalityWithZeroKeepsRowGroupsHoldingTheOtherZero() throws IOException {
    // Group 0 holds only -0.0 and group 1 only 0.0 (IEEE-equal); groups 2 and 3 hold 1.0. The
    // dictionary
    // filter tells the zeros apart, so equality must not reach it as eq().
    Path out = dir.resolve("zeros.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .longColumn("id")
            .variantColumn("e", ShreddingPlan.parse("{\"d\": double}"))
            .rowGroupRowLimit(10)
            .build()) {
      for (long i = 0; i < 40; i++) {
        VariantBuilder b = new VariantBuilder();
        b.startObject().key("d").appendDouble(i < 10 ? -0.0 : i < 20 ? 0.0 : 1.0).endObject();
        w.write(VariantRecord.builder().set("id", i).set("e", b.build()).build());
      }
    }
    assertEquals(List.of(0, 1), kept(out, VariantPredicate.eq("e", "$.d", Literal.of(0.0))));
    assertEquals(List.of(0, 1), kept(out, VariantPredicate.eq("e", "$.d", Literal.of(-0.0))));
    assertEquals(
        List.of(0, 1),
        kept(out, VariantPredicate.between("e", "$.d", Literal.of(0.0), Literal.of(0.5))));
    assertEquals(List.of(2, 3), kept(out, VariantPredicate.gt("e", "$.d", Literal.of(0.0))));
  }

  @Test
  void translatesNoFilterForPathsThatAreNotFullyShredded() throws IOException {
    Path f = file(ShreddingLayout.SPEC, RowGroupPruningTest::row);
    assertEquals(List.of(0, 1, 2, 3), kept(f, VariantPredicate.eq("e", "$.zzz", Literal.of(1))));
    assertEquals(List.of(0, 1, 2, 3), kept(f, VariantPredicate.eq("e", "$.n", Literal.of("25"))));
  }

  /** row(1) with n replaced: a string, or Variant null when {@code value} is null. */
  private static Variant withN(String value) {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    if (value == null) {
      b.key("n").appendNull();
    } else {
      b.key("n").appendString(value);
    }
    b.key("s").appendString("k1");
    b.endObject();
    return b.build();
  }

  private static Variant withoutN() {
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("s").appendString("k3").endObject();
    return b.build();
  }
}
