// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert --widening}: what {@code cat} and {@code get} give back for numbers whose scale is
 * not their column's. Lossless widening stores them at the column's scale (174.2 comes back as
 * 174.20); same-scale and strict widening send them to the residual, so they come back as written.
 */
class ConvertWideningTest {
  /** Keys in order and compact, as {@code cat} prints them: the text must come back unchanged. */
  private static final String ROWS =
      "{\"p\":174.2,\"q\":60.08676,\"z\":0.0}\n"
          + "{\"p\":12.25,\"q\":1.500000,\"z\":0.000000000000001}\n"
          + "{\"p\":3,\"q\":2.123456,\"z\":0.000000000000000}\n";

  /** Columns of another scale than most of the values. */
  private static final String PLAN =
      "{\"p\": decimal(9,2), \"q\": decimal(18,6), \"z\": decimal(18,15)}";

  @TempDir Path dir;

  private Path convert(String widening, String... extra) throws IOException {
    Path in = Files.writeString(dir.resolve("in.ndjson"), ROWS);
    Path out = dir.resolve(widening + ".parquet");
    List<String> args =
        new ArrayList<>(
            List.of("convert", in.toString(), "-o", out.toString(), "-q", "--widening", widening));
    args.addAll(List.of(extra));
    ok(args.toArray(new String[0]));
    return out;
  }

  @Test
  void losslessStoresNumbersAtTheColumnsScale() throws IOException {
    Path out = convert("lossless", "--plan", PLAN);
    assertEquals(
        "{\"p\":174.20,\"q\":60.086760,\"z\":0.000000000000000}\n"
            + "{\"p\":12.25,\"q\":1.500000,\"z\":0.000000000000001}\n"
            + "{\"p\":3.00,\"q\":2.123456,\"z\":0.000000000000000}\n",
        ok("cat", out.toString()).out());
    assertEquals("60.086760\n1.500000\n2.123456\n", ok("get", out.toString(), "$.q").out());
  }

  @Test
  void sameScaleAndStrictGiveEveryNumberBackAsWritten() throws IOException {
    for (String widening : List.of("same-scale", "strict")) {
      Path out = convert(widening, "--plan", PLAN);
      assertEquals(ROWS, ok("cat", out.toString()).out(), widening);
      assertEquals("60.08676\n1.500000\n2.123456\n", ok("get", out.toString(), "$.q").out());
      assertEquals("174.2\n12.25\n3\n", ok("get", out.toString(), "$.p").out(), widening);
      assertEquals(
          "0.0\n0.000000000000001\n0.000000000000000\n",
          ok("get", out.toString(), "$.z").out(),
          widening);
    }
  }

  @Test
  void sameScaleKeepsTheTextOfAnInferredPlanToo() throws IOException {
    Random rnd = new Random(12);
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      int cents = rnd.nextInt(100_000);
      // as JSON writers print doubles: trailing zeros dropped, so the scale varies by value
      String price =
          new java.math.BigDecimal(cents).movePointLeft(2).stripTrailingZeros().toPlainString();
      rows.append("{\"id\":").append(i).append(",\"price\":").append(price).append("}\n");
    }
    Path in = Files.writeString(dir.resolve("prices.ndjson"), rows.toString());
    for (String widening : List.of("lossless", "same-scale")) {
      Path out = dir.resolve("prices-" + widening + ".parquet");
      ok(
          "convert",
          in.toString(),
          "-o",
          out.toString(),
          "-q",
          "--widening",
          widening,
          "--select",
          "presence");
      assertTrue(ok("schema", out.toString()).out().contains("\"price\": decimal("), widening);
      String back = ok("cat", out.toString()).out();
      if (widening.equals("lossless")) {
        assertNotEquals(rows.toString(), back, "lossless gives every price two decimals");
      } else {
        assertEquals(rows.toString(), back);
      }
    }
  }

  @Test
  void anUnknownWideningIsAUsageError() {
    CliRunner.Result r = run("", "convert", "-", "-o", "-", "--widening", "exact");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("expected lossless, same-scale or strict, was 'exact'"), r.err());
  }
}
