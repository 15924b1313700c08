// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What definition levels are estimated to cost ({@link CostModel#levelBytes}) against the bytes
 * parquet-java and ZSTD wrote for all-null {@code value} columns of 20,000 rows whose pattern is
 * random, and what that changes for fields of rows mixed with rows that are not objects.
 */
class LevelBytesTest {
  /** Within 15% of {@code measured} bytes. */
  private static void assertNear(double measured, LevelChain levels) {
    double estimate = CostModel.levelBytes(levels);
    assertTrue(
        Math.abs(estimate - measured) <= 0.15 * measured,
        String.format(Locale.ROOT, "estimated %.0f B, measured %.0f B", estimate, measured));
  }

  /**
   * {@code $.m.a}: 15% of rows not objects, {@code m} in 30% of the others (three depths): 3,686 B.
   */
  @Test
  void threeDepthsCostAboutTheirEntropyPlusAQuarterBit() {
    LevelChain chain =
        LevelChain.root(20_000).then(20_000).then(17_000).then(5_100).then(5_100).then(5_100);
    assertNear(3686, chain.withLast(0));
  }

  /**
   * Two depths keep the estimate proportional to their entropy, beside which the gains per value
   * were fitted, although a random pattern of them costs less: {@code $.m.a} with {@code m} in 40%
   * of 20,000 rows took 2,735 B (the estimate: 4,272 B).
   */
  @Test
  void twoDepthsKeepTheProportionalEstimate() {
    LevelChain chain =
        LevelChain.root(20_000).then(20_000).then(20_000).then(8_000).then(8_000).then(8_000);
    LevelChain levels = chain.withLast(0);
    assertEquals(
        20_000 * levels.entropyBits() * CostModel.LEVEL_BYTES_PER_BIT,
        CostModel.levelBytes(levels),
        1e-6);
  }

  /** {@code $.m.n.a}: packed 3 bits wide, the same 15% and 30%: 5,141-5,212 B. */
  @Test
  void levelsPackedThreeBitsWideCostMore() {
    LevelChain chain =
        LevelChain.root(20_000)
            .then(20_000)
            .then(17_000)
            .then(5_100)
            .then(5_100)
            .then(5_100)
            .then(5_100)
            .then(5_100);
    assertEquals(3, chain.bitWidth());
    assertNear(5167, chain.withLast(0));
  }

  /**
   * Log-like rows, 15% of them not objects, a third of the others with a {@code meta} object of
   * nine fields: the id-like strings of {@code meta} pay for their columns (measured on such rows:
   * typing four of them made the file 3.2% smaller), and are typed.
   */
  @Test
  void nestedFieldsOfRowsMixedWithNonObjectsAreTyped() {
    Random r = new Random(21);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      double p = r.nextDouble();
      if (p < 0.15) {
        rows.add(r.nextBoolean() ? arr(integer(r.nextInt(1_000_000))) : integer(r.nextInt(1000)));
      } else if (p < 0.43) {
        rows.add(
            obj(
                "type",
                str(new String[] {"edit", "new", "log"}[r.nextInt(3)]),
                "meta",
                obj(
                    "domain",
                    str(new String[] {"en.wikipedia.org", "commons.wikimedia.org"}[r.nextInt(2)]),
                    "dt",
                    str(
                        String.format(
                            Locale.ROOT,
                            "2023-11-14T%02d:%02d:%02dZ",
                            i / 3600 % 24,
                            i / 60 % 60,
                            i % 60)),
                    "id",
                    str(
                        String.format(
                            Locale.ROOT,
                            "%08x-%04x-4%03x",
                            r.nextInt(),
                            r.nextInt(65536),
                            r.nextInt(4096))),
                    "offset",
                    integer(4_000_000_000L + i * 7L + r.nextInt(7)),
                    "partition",
                    integer(r.nextInt(4)),
                    "request_id",
                    str(String.format(Locale.ROOT, "%08x%08x", r.nextInt(), r.nextInt())),
                    "stream",
                    str("mediawiki.recentchange"),
                    "topic",
                    str(new String[] {"eqiad.mediawiki", "codfw.mediawiki"}[r.nextInt(2)]),
                    "uri",
                    str("https://en.wikipedia.org/wiki/Page_" + r.nextInt(1_000_000)))));
      } else {
        rows.add(
            obj(
                "status",
                str(Integer.toString(200 + 100 * r.nextInt(4))),
                "request_time",
                str(String.format(Locale.ROOT, "0.%03d", r.nextInt(1000))),
                "remote_addr",
                str(r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256) + ".1")));
      }
    }
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    Values.variants(rows).forEach(inference::add);
    InferenceResult result = inference.result();

    String why = result.explanation().format();
    for (String field : new String[] {"id", "request_id", "dt"}) {
      assertTrue(result.explanation().decision("$.meta." + field).typed(), field + "\n" + why);
    }
  }
}
