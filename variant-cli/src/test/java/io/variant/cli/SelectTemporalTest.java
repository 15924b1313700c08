// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code variant select} of dates and times, as Spark's {@code variant_get} gives them: text in
 * ISO-8601 forms casts to {@code date}, {@code timestamptz} and {@code timestamp_ntz} (JSON keeps
 * times as text, so this is how a converted log's times are read), and a date or timestamp as a
 * string, or in CSV and TSV, is its text rather than its quoted JSON.
 */
class SelectTemporalTest {
  @TempDir Path dir;

  private String convert(String json, String... options) throws Exception {
    Path in = Files.writeString(dir.resolve("in.ndjson"), json);
    Path out = dir.resolve("out-" + options.length + ".parquet");
    String[] args = new String[4 + options.length];
    args[0] = "convert";
    args[1] = in.toString();
    args[2] = "-o";
    args[3] = out.toString();
    System.arraycopy(options, 0, args, 4, options.length);
    ok(args);
    return out.toString();
  }

  @Test
  void textCastsToDatesAndTimestamps() throws Exception {
    String file =
        convert(
            "{\"ts\": \"2024-03-01T12:00:00.123Z\", \"d\": \"2024-03-01\"}\n"
                + "{\"ts\": \"2024-03-01 13:00:00+01:00\", \"d\": \"2024-02-30\"}\n");
    assertEquals(
        "$.ts::timestamptz,$.ts::timestamp_ntz,$.ts::date,$.d::date,$.d::timestamptz\n"
            + "2024-03-01T12:00:00.123000+00:00,2024-03-01T12:00:00.123000,2024-03-01,2024-03-01,"
            + "2024-03-01T00:00:00.000000+00:00\n"
            + "2024-03-01T12:00:00.000000+00:00,2024-03-01T13:00:00.000000,2024-03-01,,\n",
        ok(
                "select",
                file,
                "$.ts::timestamptz",
                "$.ts::timestamp_ntz",
                "$.ts::date",
                "$.d::date",
                "$.d::timestamptz",
                "--format",
                "csv",
                "--lenient")
            .out());
  }

  @Test
  void aDateOrTimestampIsItsTextAsAStringAndInCsvAndTsv() throws Exception {
    String file =
        convert(
            "{\"t\": \"2024-03-01T12:00:00Z\", \"d\": \"2024-03-01\", \"n\": 1.50}\n",
            "--infer-temporal");
    assertEquals(
        "{\"$.t::string\":\"2024-03-01T12:00:00Z\",\"$.d::string\":\"2024-03-01\","
            + "\"$.t\":\"2024-03-01T12:00:00Z\",\"$.n::string\":\"1.50\"}\n",
        ok("select", file, "$.t::string", "$.d::string", "$.t", "$.n::string").out());
    assertEquals(
        "$.t,$.d,$.n\n2024-03-01T12:00:00Z,2024-03-01,1.50\n",
        ok("select", file, "$.t", "$.d", "$.n", "--format", "csv").out());
    assertEquals(
        "$.t\t$.d\n2024-03-01T12:00:00Z\t2024-03-01\n",
        ok("select", file, "$.t", "$.d", "--format", "tsv").out());
  }
}
