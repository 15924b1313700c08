// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongFunction;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.statisticslevel.StatisticsFilter;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
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
    // out, but the residual's statistics show strings of one length only, which no number
    // matches. Row 27 is no object at all (the top level's residual, in group 2): $.n is missing
    // there, so it matches no comparison and group 2 is still decided by n's typed column.
    Path f =
        file(
            ShreddingLayout.SPEC,
            i ->
                i == 13
                    ? withN("n/a")
                    : i == 27 ? new VariantBuilder().appendLong(5).build() : row(i));
    assertEquals(List.of(0), kept(f, VariantPredicate.eq("e", "$.n", Literal.of(5))));
    assertEquals(List.of(3), kept(f, VariantPredicate.gt("e", "$.n", Literal.of(35))));
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

  /**
   * Row i holds i in an int32, an int64 and an exact decimal(38,10) column, and i + 0.5 in a
   * decimal(9,2), a float and a double column: 4 row groups over 0..39.
   */
  private Path numbers() throws IOException {
    Path out = dir.resolve("numbers.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .longColumn("id")
            .variantColumn(
                "e",
                ShreddingPlan.parse(
                    "{\"i\": int32, \"l\": int64, \"q\": decimal(38,10), \"p\": decimal(9,2),"
                        + " \"f\": float, \"d\": double}"))
            .rowGroupRowLimit(10)
            .build()) {
      for (long i = 0; i < 40; i++) {
        VariantBuilder b = new VariantBuilder();
        b.startObject();
        b.key("i").appendLong(i);
        b.key("l").appendLong(i);
        b.key("q").appendDecimal(BigDecimal.valueOf(i));
        b.key("p").appendDecimal(BigDecimal.valueOf(i * 10 + 5, 1));
        b.key("f").appendFloat(i + 0.5f);
        b.key("d").appendDouble(i + 0.5);
        b.endObject();
        w.write(VariantRecord.builder().set("id", i).set("e", b.build()).build());
      }
    }
    return out;
  }

  private static Literal number(String text) {
    return Literal.of(new BigDecimal(text));
  }

  @Test
  void prunesNumericColumnsByValueWhateverTheLiteralsNotation() throws IOException {
    Path f = numbers();
    for (String path : new String[] {"$.i", "$.l", "$.q"}) {
      assertEquals(List.of(2), kept(f, VariantPredicate.eq("e", path, number("2.5e1"))), path);
      assertEquals(List.of(2), kept(f, VariantPredicate.eq("e", path, Literal.of(25.0))), path);
      assertEquals(
          List.of(2), // min and max cannot tell that 20 to 29 hold no 25.5
          kept(f, VariantPredicate.eq("e", path, Literal.of(25.5))),
          path);
      assertEquals(List.of(), kept(f, VariantPredicate.eq("e", path, Literal.of(39.5))), path);
      assertEquals(List.of(3), kept(f, VariantPredicate.gt("e", path, number("3.55E+1"))), path);
      assertEquals(
          List.of(0, 1),
          kept(f, VariantPredicate.between("e", path, Literal.of(0.0), number("1e1"))),
          path);
    }
    for (String path : new String[] {"$.p", "$.f", "$.d"}) {
      assertEquals(List.of(2), kept(f, VariantPredicate.eq("e", path, number("25.5"))), path);
      assertEquals(List.of(2), kept(f, VariantPredicate.eq("e", path, Literal.of(25.5))), path);
      assertEquals(List.of(2), kept(f, VariantPredicate.eq("e", path, Literal.of(25))), path);
      assertEquals(List.of(), kept(f, VariantPredicate.eq("e", path, Literal.of(40))), path);
      assertEquals(List.of(0), kept(f, VariantPredicate.lt("e", path, Literal.of(1))), path);
      assertEquals(
          List.of(0), // 10.5 is the least in group 1
          kept(f, VariantPredicate.between("e", path, number("0.0"), number("1e1"))),
          path);
      assertEquals(
          List.of(0, 1),
          kept(f, VariantPredicate.between("e", path, number("0.0"), number("1.05e1"))),
          path);
    }
    Literal huge = number("123456789012345678901234567890");
    for (String path : new String[] {"$.i", "$.l", "$.q", "$.p", "$.f", "$.d"}) {
      assertEquals(List.of(), kept(f, VariantPredicate.gt("e", path, huge)), path);
      assertEquals(List.of(0, 1, 2, 3), kept(f, VariantPredicate.lt("e", path, huge)), path);
      assertEquals(List.of(), kept(f, VariantPredicate.lt("e", path, number("-1e-30"))), path);
      assertEquals(List.of(), kept(f, VariantPredicate.eq("e", path, Literal.of(Double.NaN))));
    }
  }

  /**
   * A chunk of the typed column of {"n": int64} with these footer statistics, the residual all
   * null.
   */
  private static List<ColumnChunkMetaData> chunks(
      PrimitiveType.PrimitiveTypeName physical, byte[] min, byte[] max) {
    PrimitiveType type = Types.optional(physical).named("typed_value");
    Statistics<?> stats =
        Statistics.getBuilderForReading(type)
            .withMin(min)
            .withMax(max)
            .withNumNulls(0)
            .withNanCount(0) // without it parquet-java keeps every floating-point chunk
            .build();
    ColumnChunkMetaData typed =
        ColumnChunkMetaData.get(
            ColumnPath.get("e", "typed_value", "n", "typed_value"),
            type,
            CompressionCodecName.UNCOMPRESSED,
            null,
            Set.of(Encoding.PLAIN),
            stats,
            4,
            0,
            10,
            100,
            100);
    return List.of(typed);
  }

  private static byte[] int64(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  private static byte[] float64(double v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
  }

  @Test
  void ignoresFooterStatisticsWhoseMinExceedsMax() {
    for (String plan : new String[] {"int64", "double"}) {
      boolean isLong = plan.equals("int64");
      PrimitiveType.PrimitiveTypeName physical =
          isLong ? PrimitiveType.PrimitiveTypeName.INT64 : PrimitiveType.PrimitiveTypeName.DOUBLE;
      MessageType schema =
          new MessageType(
              "m",
              VariantSchema.toParquet(
                  "e",
                  ShreddingPlan.parse("{\"n\": " + plan + "}"),
                  ShreddingLayout.SPEC,
                  Type.Repetition.OPTIONAL));
      FilterPredicate eq260 =
          VariantPredicate.eq("e", "$.n", Literal.of(260)).toFilterPredicate(schema).orElseThrow();
      List<ColumnChunkMetaData> sound =
          isLong
              ? chunks(physical, int64(300), int64(400))
              : chunks(physical, float64(300), float64(400));
      List<ColumnChunkMetaData> inverted =
          isLong
              ? chunks(physical, int64(400), int64(300))
              : chunks(physical, float64(400), float64(300));
      assertTrue(StatisticsFilter.canDrop(eq260, sound), plan + ": 260 is below min 300");
      assertFalse(StatisticsFilter.canDrop(eq260, inverted), plan + ": min 400 > max 300");
      assertEquals(Optional.empty(), RowGroupPruning.ignoredStatistics(sound.get(0)));
      assertEquals(
          Optional.of(isLong ? "min 400 > max 300" : "min 400.0 > max 300.0"),
          RowGroupPruning.ignoredStatistics(inverted.get(0)));
      if (!isLong) {
        List<ColumnChunkMetaData> nan = chunks(physical, float64(Double.NaN), float64(300));
        assertFalse(StatisticsFilter.canDrop(eq260, nan), "a NaN bound");
        assertTrue(RowGroupPruning.ignoredStatistics(nan.get(0)).isPresent());
      }
    }
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
