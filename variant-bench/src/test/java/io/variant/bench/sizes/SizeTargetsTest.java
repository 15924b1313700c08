// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.sizes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The closing lines of the size table: every target checked, none claimed unchecked. */
class SizeTargetsTest {
  private static final DuckDbFile NO_DRIVER = new DuckDbFile(-1, null);

  private static DuckDbFile duck(long bytes) {
    return new DuckDbFile(bytes, null);
  }

  /** An object corpus of 10,000 rows: JSON 1,000,000 B, unshredded 1,100,000 B. */
  private static SizeTargets.Corpus corpus(String name, long ours, DuckDbFile duckdb) {
    return new SizeTargets.Corpus(name, 10_000, 1_000_000, 1_100_000, ours, duckdb, false, -1);
  }

  private static String line(String verdict, String start) {
    return verdict
        .lines()
        .filter(l -> l.startsWith("- " + start))
        .findFirst()
        .orElseThrow(() -> new AssertionError(verdict));
  }

  @Test
  void everyTargetMetSaysSo() {
    String v =
        SizeTargets.verdict(
            List.of(
                corpus("events-20k", 440_000, duck(900_000)),
                corpus("mixed-20k", 800_000, duck(1_090_000))));
    assertTrue(v.startsWith("Every target is met on every corpus it applies to.\n"), v);
    assertEquals(
        "- never larger than DuckDB's file (1000+ rows): met on events-20k, mixed-20k",
        line(v, "never larger than DuckDB"));
    assertEquals(
        "- event logs at most 0.45: met on events-20k (0.440)", line(v, "event logs at most 0.45"));
    assertEquals(
        "- rows that are arrays of scalars at most 1.00 of the JSON column: no corpus it applies to",
        line(v, "rows that are arrays"));
  }

  @Test
  void aDuckDbThatFailedOrIsMissingIsNotCheckedAndTheVerdictSaysSo() {
    String v =
        SizeTargets.verdict(
            List.of(
                corpus("g-npm", 950_000, new DuckDbFile(-1, "Out of Memory Error: ...")),
                corpus("mixed-20k", 800_000, NO_DRIVER),
                corpus("gsoc", 700_000, duck(720_000))));
    assertTrue(
        v.startsWith(
            "No target missed where checked, but not every corpus was checked: never larger than"
                + " DuckDB's file (1000+ rows).\n"),
        v);
    assertEquals(
        "- never larger than DuckDB's file (1000+ rows): met on gsoc; not checked on g-npm (DuckDB"
            + " failed), mixed-20k (no DuckDB)",
        line(v, "never larger than DuckDB"));
  }

  @Test
  void missesNameTheCorpusAndItsNumbers() {
    SizeTargets.Corpus products =
        new SizeTargets.Corpus(
            "g-products-arr", 10_000, 271_997, 310_237, 299_920, duck(309_341), true, -1);
    SizeTargets.Corpus bigger = corpus("g-products-ragged", 1_150_000, duck(1_140_000));
    String v = SizeTargets.verdict(List.of(products, bigger));
    assertTrue(
        v.startsWith(
            "Targets missed: never larger than unshredded (1000+ rows); never larger than DuckDB's"
                + " file (1000+ rows); rows that are arrays of scalars at most 1.00 of the JSON"
                + " column.\n"),
        v);
    assertEquals(
        "- never larger than unshredded (1000+ rows): **missed** on g-products-ragged (1,150,000 vs"
            + " 1,100,000 B); met on g-products-arr",
        line(v, "never larger than unshredded"));
    assertEquals(
        "- rows that are arrays of scalars at most 1.00 of the JSON column: **missed** on"
            + " g-products-arr (1.103)",
        line(v, "rows that are arrays"));
  }

  @Test
  void aNonObjectMixIsHeldToItsBasePerJsonByte() {
    // the mix: 0.839 of its JSON column; its base: 0.721, so 16.4% more per JSON byte
    SizeTargets.Corpus mix =
        new SizeTargets.Corpus(
            "g-inter3-nonobj15", 20_000, 1_000_000, 1_100_000, 839_000, duck(900_000), false, -1);
    SizeTargets.Corpus base =
        new SizeTargets.Corpus(
            "g-inter3-nonobj15-base",
            17_000,
            1_000_000,
            1_100_000,
            721_000,
            duck(800_000),
            false,
            -1);
    String v = SizeTargets.verdict(List.of(mix, base));
    assertEquals(
        "- non-object rows within 5% of the same rows without them, per JSON byte: **missed** on"
            + " g-inter3-nonobj15 (+16.4% over g-inter3-nonobj15-base)",
        line(v, "non-object rows"));
    assertTrue(v.startsWith("Targets missed: non-object rows within 5%"), v);
  }

  @Test
  void underAThousandRowsOnlyTheShapeTargetsApply() {
    SizeTargets.Corpus twitter =
        new SizeTargets.Corpus("twitter", 120, 50_000, 61_000, 62_000, duck(210_000), false, -1);
    String v = SizeTargets.verdict(List.of(twitter));
    assertTrue(v.startsWith("Every target is met"), v);
    assertEquals(
        "- never larger than unshredded (1000+ rows): no corpus it applies to",
        line(v, "never larger than unshredded"));
  }

  @Test
  void eventLogsWithInferTemporalAreHeldToTheirOwnBound() {
    SizeTargets.Corpus events =
        new SizeTargets.Corpus(
            "events-20k", 20_000, 1_063_342, 1_263_542, 476_101, duck(898_990), false, 463_466);
    String v = SizeTargets.verdict(List.of(events));
    assertEquals(
        "- event logs at most 0.35 with --infer-temporal: **missed** on events-20k (0.436)",
        line(v, "event logs at most 0.35"));
    assertEquals(
        "- event logs at most 0.45: met on events-20k (0.448)", line(v, "event logs at most 0.45"));
  }

  @Test
  void duckDbsReasonIsItsFirstLine() {
    assertEquals(
        "Out of Memory Error: failed to allocate data of size 16.0 MiB (18.8 GiB/18.8 GiB used)",
        DuckDbFile.reason(
            "Out of Memory Error: failed to allocate data of size 16.0 MiB (18.8 GiB/18.8 GiB"
                + " used)\n\nPossible solutions:\n* Reducing the number of threads"));
    assertEquals("no message", DuckDbFile.reason(null));
    assertTrue(DuckDbFile.reason("x".repeat(1000)).endsWith("..."));
  }
}
