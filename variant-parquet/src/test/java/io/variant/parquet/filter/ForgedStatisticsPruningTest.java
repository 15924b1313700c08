// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.testkit.ForgedStatistics;
import io.variant.parquet.testkit.PrunedReads;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.IEEE754TotalOrder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row-group pruning skips no row that matches where a footer's statistics are ones that old or
 * faulty writers left: each case forges them on a file of 4 row groups of 10 rows and compares the
 * rows the pruned reader keeps with those that match when every row group is read. Row i holds
 * {"s": one of "aé", "az", "b" in group 0, "k<group>" in groups 1 and 2, one of three strings of
 * 101 characters in group 3, and no "s" where i ends in 9; "n": i; "d" and "f": NaN for row 5, -0.0
 * in group 1, else i}. These cases are caught by parquet-java's footer conversion (old writers'
 * string bounds) or by the filter (bounds that contradict themselves, zeros, truncated strings);
 * {@code io.variant.parquet.file.StatisticsTrustTest} covers the bounds the footer reader drops.
 */
class ForgedStatisticsPruningTest {
  private static final String LONG = "x".repeat(100);
  private static final String OLD_MR =
      "parquet-mr version 1.6.0 (build 6aa21f8776625b5fa6b18059cfebe7549f2e00cb)";
  private static final VariantCondition S_IS_AZ = VariantPredicate.eq("e", "$.s", Literal.of("az"));

  @TempDir Path dir;
  private Path written;
  private int forgeries;

  private static Variant row(long i) {
    long g = i / 10;
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    if (i % 10 != 9) {
      b.key("s")
          .appendString(
              g == 0
                  ? new String[] {"aé", "az", "b"}[(int) (i % 3)]
                  : g == 3 ? LONG + i % 3 : "k" + g);
    }
    b.key("n").appendLong(i);
    double d = i == 5 ? Double.NaN : g == 1 ? -0.0 : i;
    b.key("d").appendDouble(d);
    b.key("f").appendFloat((float) d);
    b.endObject();
    return b.build();
  }

  @BeforeEach
  void write() throws IOException {
    written =
        PrunedReads.write(
            dir.resolve("written.parquet"),
            ShreddingPlan.parse("{\"s\": string, \"n\": int64, \"d\": double, \"f\": float}"),
            ForgedStatisticsPruningTest::row);
  }

  private static String typed(String field) {
    return "e.typed_value." + field + ".typed_value";
  }

  private static List<Long> ids(long... ids) {
    return LongStream.of(ids).boxed().toList();
  }

  /**
   * Asserts that, in the file forged by {@code change}, {@code where} matches {@code matching} and
   * the pruned reader keeps each of them.
   */
  private void assertNoMatchSkipped(
      String why, Consumer<FileMetaData> change, VariantCondition where, List<Long> matching)
      throws IOException {
    Path f = ForgedStatistics.write(written, dir.resolve("f" + forgeries++ + ".parquet"), change);
    String at = why + ", " + where;
    assertEquals(matching, PrunedReads.matching(f, where), at + ": the rows that match");
    List<Long> kept = PrunedReads.kept(f, where);
    assertTrue(kept.containsAll(matching), at + ": kept " + kept);
  }

  /** Group 0's string bounds as Java's signed bytes order them: 0xC3 ('é') sorts before 'z'. */
  private static Consumer<FileMetaData> signedStringBounds(String createdBy) {
    return footer -> {
      footer.setCreated_by(createdBy);
      footer.unsetColumn_orders(); // as writers before min_value and max_value wrote
      ForgedStatistics.chunks(
          footer,
          typed("s"),
          (s, g) -> {
            if (g == 0) {
              s.unsetMin_value();
              s.unsetMax_value();
              s.setMin(utf8("aé")).setMax(utf8("b"));
            }
          });
    };
  }

  @Test
  void oldWritersStringBoundsAreNotUsed() throws IOException {
    assertNoMatchSkipped(
        "parquet-mr before 1.8.0, signed bounds",
        signedStringBounds(OLD_MR),
        S_IS_AZ,
        ids(1, 4, 7));
    assertNoMatchSkipped(
        "parquet-mr 1.9.0, signed bounds in the deprecated fields",
        signedStringBounds(
            "parquet-mr version 1.9.0 (build 38262e2c80015d0935dad20f8e18f2d6f9fbd03c)"),
        S_IS_AZ,
        ids(1, 4, 7));
    for (String createdBy : new String[] {OLD_MR, null}) {
      // PARQUET-251: those writers' binary bounds may be another row's bytes, even when equal
      assertNoMatchSkipped(
          "equal deprecated bounds written by " + createdBy,
          footer -> {
            footer.setCreated_by(createdBy);
            footer.unsetColumn_orders();
            ForgedStatistics.chunks(
                footer,
                typed("s"),
                (s, g) -> {
                  s.unsetMin_value();
                  s.unsetMax_value();
                  s.setMin(utf8("q")).setMax(utf8("q"));
                });
          },
          S_IS_AZ,
          ids(1, 4, 7));
    }
  }

  @Test
  void boundsThatContradictThemselvesAreNotUsed() throws IOException {
    assertNoMatchSkipped(
        "min above max",
        footer ->
            ForgedStatistics.chunks(
                footer,
                typed("n"),
                (s, g) -> {
                  if (g == 2) {
                    s.setMin_value(int64(29)).setMax_value(int64(20));
                  }
                }),
        VariantPredicate.eq("e", "$.n", Literal.of(25)),
        ids(25));
    for (String field : new String[] {"d", "f"}) {
      assertNoMatchSkipped(
          "a NaN min",
          footer ->
              ForgedStatistics.chunks(
                  footer,
                  typed(field),
                  (s, g) -> s.setMin_value(floating(field, Double.NaN)).setNan_count(0)),
          VariantPredicate.eq("e", "$." + field, Literal.of(7)),
          ids(7));
    }
  }

  /** Group 1 (all -0.0) bounded by +0.0 alone, as a writer that does not widen zero bounds does. */
  private static Consumer<FileMetaData> positiveZeroBounds(String field) {
    return footer ->
        ForgedStatistics.chunks(
            footer,
            typed(field),
            (s, g) -> {
              if (g == 1) {
                s.setMin_value(floating(field, 0.0)).setMax_value(floating(field, 0.0));
                s.setNan_count(0);
              }
            });
  }

  @Test
  void zeroBoundsCoverBothZeros() throws IOException {
    List<Long> zeros = ids(0, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19);
    for (String field : new String[] {"d", "f"}) {
      String path = "$." + field;
      Consumer<FileMetaData> totalOrder =
          positiveZeroBounds(field)
              .andThen(footer -> totalOrder(footer, typed(field))); // -0.0 below +0.0 there
      for (Consumer<FileMetaData> forge : List.of(positiveZeroBounds(field), totalOrder)) {
        assertNoMatchSkipped(
            "+0.0 bounds", forge, VariantPredicate.eq("e", path, Literal.of(0)), zeros);
        assertNoMatchSkipped(
            "+0.0 bounds", forge, VariantPredicate.le("e", path, Literal.of(0)), zeros);
        assertNoMatchSkipped(
            "+0.0 bounds",
            forge,
            VariantPredicate.between("e", path, Literal.of(-0.0), Literal.of(0.0)),
            zeros);
        assertNoMatchSkipped(
            "+0.0 bounds", forge, VariantPredicate.lt("e", path, Literal.of(0)), ids());
      }
    }
  }

  @Test
  void aMissingNullCountKeepsRowGroupsForIsNull() throws IOException {
    assertNoMatchSkipped(
        "no null count",
        footer -> ForgedStatistics.chunks(footer, typed("s"), (s, g) -> s.unsetNull_count()),
        VariantPredicate.isNull("e", "$.s"),
        ids(9, 19, 29, 39));
  }

  @Test
  void truncatedStringBoundsStillBoundLongerLiterals() throws IOException {
    // the writer keeps 64 bytes of a string's bounds: min a prefix, max a prefix rounded up
    assertNoMatchSkipped(
        "truncated",
        footer -> {},
        VariantPredicate.eq("e", "$.s", Literal.of(LONG + 1)),
        ids(31, 34, 37));
    assertNoMatchSkipped(
        "truncated",
        footer -> {},
        VariantPredicate.in("e", "$.s", List.of(Literal.of("zz"), Literal.of(LONG + 2))),
        ids(32, 35, 38));
    assertNoMatchSkipped(
        "truncated",
        footer -> {},
        VariantPredicate.gt("e", "$.s", Literal.of(LONG + 1)),
        ids(32, 35, 38));
  }

  /** Sets IEEE 754 total order for leaf {@code column}, whose chunks come in leaf order. */
  private static void totalOrder(FileMetaData footer, String column) {
    List<ColumnChunk> chunks = footer.getRow_groups().get(0).getColumns();
    for (int i = 0; i < chunks.size(); i++) {
      if (String.join(".", chunks.get(i).getMeta_data().getPath_in_schema()).equals(column)) {
        footer.getColumn_orders().set(i, ColumnOrder.IEEE_754_TOTAL_ORDER(new IEEE754TotalOrder()));
      }
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] int64(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  /** {@code v} plain-encoded as column {@code field}'s type: "d" double, "f" float. */
  private static byte[] floating(String field, double v) {
    return field.equals("d")
        ? ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array()
        : ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat((float) v).array();
  }
}
