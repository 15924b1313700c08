// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code get --where} compares numbers by value whatever their notation in the JSON that was
 * converted and in the clause, and reads a row group whose footer statistics contradict themselves.
 */
class GetWhereNumbersTest {
  @TempDir Path dir;

  /**
   * {"i": row, "x": number} rows in several notations; JSON numbers with an exponent become
   * doubles, others integers or decimals.
   */
  private static final String[] XS = {
    "1",
    "1.5e0",
    "1e+20",
    "-2",
    "0.5",
    "\"3\"",
    "0",
    "-0.0",
    "2.5E-3",
    "123456789012345678901234567890"
  };

  private Path numbers(int n, ShreddingPlan plan) throws IOException {
    String[] rows = new String[XS.length];
    for (int i = 0; i < XS.length; i++) {
      rows[i] = "{\"i\": " + i + ", \"x\": " + XS[i] + "}";
    }
    return Fixtures.parquet(dir.resolve("numbers" + n + ".parquet"), plan, List.of("v"), rows);
  }

  private static List<String> ids(Path file, String where) {
    return ok("get", file.toString(), "$.i", "--where", where).out().lines().toList();
  }

  @Test
  void comparesNumbersByValueWhateverTheirNotation() throws IOException {
    List<ShreddingPlan> plans =
        List.of(
            ShreddingPlan.residual(),
            ShreddingPlan.parse("{\"x\": double}"),
            ShreddingPlan.parse("{\"x\": decimal(38,2)}"));
    for (int n = 0; n < plans.size(); n++) {
      ShreddingPlan plan = plans.get(n);
      Path f = numbers(n, plan);
      assertEquals(List.of("0", "1", "2", "4", "8", "9"), ids(f, "$.x > 0"), plan.toString());
      assertEquals(
          List.of("0", "1", "2", "4", "6", "7", "8", "9"),
          ids(f, "$.x between 0.0 and 1e30"),
          plan.toString());
      assertEquals(List.of("6", "7"), ids(f, "$.x = 0e-7"), plan.toString());
      // 2.5E-3 is stored as the double nearest 0.0025, which equals the literal 0.0025
      assertEquals(List.of("3", "6", "7"), ids(f, "$.x < 0.0025"), plan.toString());
      assertEquals(List.of("8"), ids(f, "$.x = 0.0025"), plan.toString());
      assertEquals(List.of("8"), ids(f, "$.x between 0.0025 and 0.0025000000000000001"));
      assertEquals(List.of("9"), ids(f, "$.x = 123456789012345678901234567890"));
      assertEquals(List.of("2", "9"), ids(f, "$.x > 999999999999999e5"));
      // a literal of more than 15 digits compares with a double to double precision (as in SQL)
      assertEquals(List.of("9"), ids(f, "$.x > 99999999999999999999"));
      assertEquals(List.of("3"), ids(f, "$.x < -1.999999999999999999999999"));
    }
  }

  /**
   * Python's json writes a float with an exponent below 1e-4 ("5e-05") and without one above
   * ("0.0005"): the converter makes the first a double, the second a decimal.
   */
  private static String pythonRepr(double d) {
    BigDecimal x = new BigDecimal(Double.toString(d)).stripTrailingZeros();
    int pointAt = x.precision() - x.scale(); // value = 0.<digits> x 10^pointAt
    if (pointAt > -4 && pointAt <= 16) {
      String plain = x.toPlainString();
      return plain.contains(".") ? plain : plain + ".0";
    }
    String digits = x.unscaledValue().abs().toString();
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    int exponent = pointAt - 1;
    return (x.signum() < 0 ? "-" : "")
        + mantissa
        + (exponent < 0 ? "e-" : "e+")
        + String.format("%02d", Math.abs(exponent));
  }

  @Test
  void pricesWrittenByPythonMatchWhetherTheyHaveAnExponentOrNot() throws IOException {
    Random rnd = new Random(7);
    List<String> lines = new ArrayList<>();
    BigDecimal limit = new BigDecimal("0.001");
    int expected = 0;
    for (int i = 0; i < 2000; i++) {
      double price =
          new BigDecimal(Math.pow(10, -6 + 6 * rnd.nextDouble()))
              .round(new MathContext(1 + rnd.nextInt(6)))
              .doubleValue();
      String text = pythonRepr(price);
      lines.add("{\"p\": " + text + "}");
      if (new BigDecimal(text).compareTo(limit) < 0) { // the text's own value
        expected++;
      }
    }
    lines.add("{\"p\": 5e-05}");
    lines.add("{\"p\": 0.00005}");
    expected += 2;
    assertTrue(lines.stream().anyMatch(l -> l.contains("e-")), "some prices have an exponent");
    Path json = dir.resolve("prices.ndjson");
    Files.write(json, lines, StandardCharsets.UTF_8);
    Path parquet = dir.resolve("prices.parquet");
    ok("convert", json.toString(), "-o", parquet.toString(), "--quiet");
    for (String where : new String[] {"$.p < 0.001", "$.p < 1e-3", "$.p < 1.0E-3"}) {
      long rows = ok("get", parquet.toString(), "$.p", "--where", where).out().lines().count();
      assertEquals(expected, rows, where);
    }
    for (String where :
        new String[] {"$.p = 0.00005", "$.p = 5e-5", "$.p between 5E-05 and 0.00005"}) {
      String out = ok("get", parquet.toString(), "$.p", "--where", where).out();
      assertTrue(out.lines().count() >= 2, where + ": " + out);
    }
  }

  @Test
  void footerStatisticsWithMinAboveMaxAreIgnored() throws IOException {
    Path f =
        Fixtures.parquet(
            dir.resolve("bad-stats.parquet"),
            ShreddingPlan.parse("{\"n\": int64}"),
            List.of("v"),
            "{\"i\": 0, \"n\": 260}",
            "{\"i\": 1, \"n\": 300}",
            "{\"i\": 2, \"n\": 400}");
    FooterStatistics.patch(
        f, "v.typed_value.n.typed_value", FooterStatistics.int64(400), FooterStatistics.int64(300));
    assertEquals(List.of("0"), ids(f, "$.n = 260"));
    assertEquals(List.of("1", "2"), ids(f, "$.n > 260"));
    String explain = ok("get", f.toString(), "$.i", "--where", "$.n = 260", "--explain").out();
    assertTrue(
        explain.contains(
            "row group 1 (3 rows): read, rows tested (statistics ignored: min 400 > max 300); "),
        explain);
    assertTrue(explain.contains("v.typed_value.n.typed_value min 400, max 300"), explain);
  }
}
