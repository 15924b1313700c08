// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.testkit.ForgedStatistics;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Statistics;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code count}, {@code get} and {@code select} with {@code --where} find every matching row of a
 * file whose footer holds min and max that other writers got wrong, which the readers ignore, and
 * {@code get --explain} says so: they had skipped the row group and counted 0. One row group of 5
 * rows: {"s": "aé", "az", "b", "k", "k"; "q": 0.00, 9.00, 2.00, 8.00, 1.00 (decimal(38,2), 16
 * bytes)}.
 */
class UntrustedStatisticsCommandsTest {
  private static final String S = "v.typed_value.s.typed_value";
  private static final String Q = "v.typed_value.q.typed_value";

  @TempDir Path dir;
  private Path written;

  @BeforeEach
  void write() throws IOException {
    written =
        Fixtures.parquet(
            dir.resolve("written.parquet"),
            ShreddingPlan.parse("{\"s\": string, \"q\": decimal(38,2)}"),
            List.of("v"),
            "{\"s\": \"aé\", \"q\": 0.00}",
            "{\"s\": \"az\", \"q\": 9.00}",
            "{\"s\": \"b\", \"q\": 2.00}",
            "{\"s\": \"k\", \"q\": 8.00}",
            "{\"s\": \"k\", \"q\": 1.00}");
  }

  /** Asserts that every command finds the one row where {@code where} holds: row 1. */
  private void assertFindsRowOne(String name, Consumer<FileMetaData> forge, String where)
      throws IOException {
    String f = ForgedStatistics.write(written, dir.resolve(name + ".parquet"), forge).toString();
    assertEquals("1\n", ok("count", f, "--where", where).out(), name);
    String explain = ok("get", f, "$.s", "--where", where, "--explain").out();
    assertTrue(
        explain.contains(
            "row group 1 (5 rows): read, rows tested (statistics ignored: no min or max for its 5"
                + " values)"),
        name + ": " + explain);
    assertEquals("\"az\"\n", ok("get", f, "$.s", "--where", where).out(), name);
    assertEquals(
        "$.s\naz\n", ok("select", f, "$.s", "--where", where, "--format", "csv").out(), name);
  }

  private static Consumer<FileMetaData> bounds(String column, Consumer<Statistics> change) {
    return footer -> ForgedStatistics.chunks(footer, column, (s, g) -> change.accept(s));
  }

  @Test
  void minAndMaxValueWithoutColumnOrdersAreIgnored() throws IOException {
    // bounds in Java's signed byte order ("aé" first: 0xC3 is negative) in a footer without
    // column_orders, where parquet.thrift leaves their order undefined
    Consumer<FileMetaData> signed =
        bounds(S, s -> s.setMin_value(utf8("aé")).setMax_value(utf8("b")));
    assertFindsRowOne("unordered", signed.andThen(FileMetaData::unsetColumn_orders), "$.s = 'az'");
  }

  @Test
  void decimalBoundsThatAreNoValuesAreIgnored() throws IOException {
    // cut to 8 of their 16 bytes, as a writer truncating binary statistics cuts them: 0 and 1
    Consumer<FileMetaData> cut =
        bounds(
            Q,
            s -> {
              byte[] max = Arrays.copyOf(s.getMax_value(), 8);
              max[7]++;
              s.setMin_value(Arrays.copyOf(s.getMin_value(), 8)).setMax_value(max);
            });
    assertFindsRowOne("cut", cut, "$.q = 9");
  }

  @Test
  void decimalBoundsOfArrowsWriterBefore4AreIgnored() throws IOException {
    // its order compared every byte as signed: 2.00 (0x00C8) first, 8.00 (0x0320) last
    Consumer<FileMetaData> arrow =
        bounds(Q, s -> s.setMin_value(decimal16(200)).setMax_value(decimal16(800)));
    assertFindsRowOne(
        "arrow",
        arrow.andThen(footer -> footer.setCreated_by("parquet-cpp-arrow version 3.0.0")),
        "$.q = 9");
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** An unscaled decimal in 16 bytes, big-endian two's complement (non-negative here). */
  private static byte[] decimal16(long unscaled) {
    byte[] minimal = BigInteger.valueOf(unscaled).toByteArray();
    byte[] out = new byte[16];
    System.arraycopy(minimal, 0, out, 16 - minimal.length, minimal.length);
    return out;
  }
}
