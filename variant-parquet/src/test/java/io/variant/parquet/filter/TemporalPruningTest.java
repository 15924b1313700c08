// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row groups skipped for a time written as text, on a typed timestamp column: by its statistics,
 * also where a few times sit in the residual as text (as {@code convert --infer-temporal} leaves
 * those that would not print back alike, e.g. {@code 12:00:00.000Z}), as long as the residual's
 * statistics show strings of one length; strings of several lengths keep their row group.
 */
class TemporalPruningTest {
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"ts\": timestamp}");
  private static final long HOUR = 3_600_000_000L;
  private static final long BASE = 1_709_251_200_000_000L; // 2024-03-01T00:00:00Z

  @TempDir Path dir;

  /** Row i of group i / 10: a timestamp in hour (i / 10) of 2024-03-01. */
  private static Variant time(long i) {
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("ts").appendTimestampMicros(BASE + (i / 10) * HOUR + i * 1_000_000L);
    return b.endObject().build();
  }

  private static Variant text(String ts) {
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("ts").appendString(ts);
    return b.endObject().build();
  }

  private Path file(LongFunction<Variant> rows) throws IOException {
    return file(PLAN, rows);
  }

  private Path file(ShreddingPlan plan, LongFunction<Variant> rows) throws IOException {
    Path out = dir.resolve("t" + System.nanoTime() + ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out).variantColumn("e", plan).rowGroupRowLimit(10).build()) {
      for (long i = 0; i < 40; i++) {
        w.write(VariantRecord.builder().set("e", rows.apply(i)).build());
      }
    }
    return out;
  }

  private static List<Integer> kept(Path file, String op, String literal) throws IOException {
    VariantPredicate p =
        switch (op) {
          case ">=" -> VariantPredicate.ge("e", "$.ts", Literal.of(literal));
          case "<" -> VariantPredicate.lt("e", "$.ts", Literal.of(literal));
          default -> VariantPredicate.eq("e", "$.ts", Literal.of(literal));
        };
    return KeptRowGroups.of(file, p).ordinals();
  }

  @Test
  void typedTimestampsPrune() throws IOException {
    Path f = file(TemporalPruningTest::time);
    assertEquals(List.of(3), kept(f, ">=", "2024-03-01T03:00:00Z"));
    assertEquals(List.of(0), kept(f, "<", "2024-03-01 01:00:00+00:00"));
    assertEquals(List.of(2), kept(f, "=", "2024-03-01T02:00:20Z"));
  }

  /** The rows the reader returns with the predicate as its filter that the predicate matches. */
  private static long matches(Path file, VariantPredicate p) throws IOException {
    long n = 0;
    try (VariantParquetReader r = VariantParquetReader.builder(file).filter(p).build()) {
      for (VariantRecord row : r) {
        n += p.test(row) ? 1 : 0;
      }
    }
    return n;
  }

  @Test
  void typedNanosecondsPruneAndMatchByEveryDigit() throws IOException {
    // row i: i seconds and i nanoseconds into hour i / 10, its row group
    Path f =
        file(
            ShreddingPlan.parse("{\"ts\": timestamp_nanos}"),
            i -> {
              VariantBuilder b = new VariantBuilder();
              long nanos = (BASE + (i / 10) * HOUR + i * 1_000_000L) * 1000 + i;
              b.startObject().key("ts").appendTimestampNanos(nanos);
              return b.endObject().build();
            });
    VariantPredicate row25 =
        VariantPredicate.eq("e", "$.ts", Literal.of("2024-03-01T02:00:25.000000025Z"));
    assertEquals(List.of(2), KeptRowGroups.of(f, row25).ordinals());
    assertEquals(1, matches(f, row25));
    assertEquals(
        0,
        matches(f, VariantPredicate.eq("e", "$.ts", Literal.of("2024-03-01T02:00:25.000000026Z"))));
    VariantPredicate from35 =
        VariantPredicate.ge("e", "$.ts", Literal.of("2024-03-01 05:00:35.000000035+02:00"));
    assertEquals(List.of(3), KeptRowGroups.of(f, from35).ordinals());
    assertEquals(5, matches(f, from35));
  }

  @Test
  void timesLeftAsTextOfOneLengthStillPrune() throws IOException {
    // one row per group keeps its time as text of 24 characters, in its group's hour
    Path f = file(i -> i % 10 == 5 ? text("2024-03-01T0" + i / 10 + ":00:05.000Z") : time(i));
    assertEquals(List.of(3), kept(f, ">=", "2024-03-01T03:00:00Z"));
    assertEquals(List.of(0), kept(f, "<", "2024-03-01T01:00:00Z"));
  }

  @Test
  void textOfSeveralLengthsKeepsItsRowGroup() throws IOException {
    // group 1 holds texts of two lengths: their bytes do not sort as their text
    Path f =
        file(
            i ->
                i == 15
                    ? text("2024-03-01T01:00:05Z")
                    : i == 16 ? text("2024-03-01T01:00:06.000Z") : time(i));
    assertEquals(List.of(1, 3), kept(f, ">=", "2024-03-01T03:00:00Z"));
  }
}
