// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --where} on times written as text: the event log converted as it is (times as strings) and
 * with {@code --infer-temporal} (times as timestamps) match the same rows for a quoted time in the
 * log's own format, and on the converted file the typed timestamps' statistics skip row groups.
 */
class WhereTemporalTest {
  @TempDir Path dir;

  private String convert(String name, String... options) {
    String out = dir.resolve(name).toString();
    String[] args = new String[6 + options.length];
    args[0] = "convert";
    args[1] = Path.of("..", "testdata", "events.ndjson").toString();
    args[2] = "-o";
    args[3] = out;
    args[4] = "-q";
    args[5] = "--row-group-size=64k";
    System.arraycopy(options, 0, args, 6, options.length);
    ok(args);
    return out;
  }

  /** {@code lines} converted as they are, or with {@code options}. */
  private Path convertLines(String name, List<String> lines, String... options) throws IOException {
    Path in = Files.write(dir.resolve(name + ".ndjson"), lines);
    Path out = dir.resolve(name + ".parquet");
    List<String> args = new ArrayList<>(List.of("convert", in.toString(), "-o", out.toString()));
    args.addAll(List.of("-q", "--row-group-size=1k"));
    args.addAll(List.of(options));
    ok(args.toArray(String[]::new));
    return out;
  }

  /**
   * The ids ({@code $.i}) of the rows that match, as {@code get} prints them; {@code select} (the
   * batch path) and {@code count} agree.
   */
  private static List<String> ids(Path file, String where) {
    List<String> get = ok("get", file.toString(), "$.i", "--where", where).out().lines().toList();
    List<String> select =
        ok("select", file.toString(), "$.i", "--where", where, "--format", "csv")
            .out()
            .lines()
            .skip(1) // the header
            .toList();
    assertEquals(get, select, "select --where " + where + " on " + file);
    String count = ok("count", file.toString(), "--where", where).out().strip();
    assertEquals(get.size(), Long.parseLong(count), "count --where " + where + " on " + file);
    return get;
  }

  @Test
  void aLiteralWithNanosecondsComparesWithTimestampsByEveryDigit() throws IOException {
    Path times =
        convertLines(
            "ns",
            List.of(
                "{\"i\":1,\"t\":\"2024-03-01T09:30:00.123456789Z\"}", // timestamp_nanos
                "{\"i\":2,\"t\":\"2024-03-01T09:30:00.5Z\"}", // stays a string
                "{\"i\":3,\"t\":\"2024-03-01T09:30:00.123456Z\"}"), // timestamp
            "--infer-temporal");
    assertEquals(List.of("1"), ids(times, "$.t = '2024-03-01T09:30:00.123456789Z'"));
    assertEquals(List.of("1"), ids(times, "$.t = '2024-03-01 11:30:00.123456789+02:00'"));
    assertEquals(List.of("1", "2"), ids(times, "$.t >= '2024-03-01T09:30:00.123456789Z'"));
    assertEquals(List.of("1", "3"), ids(times, "$.t < '2024-03-01T09:30:00.123456790Z'"));
    assertEquals(List.of("3"), ids(times, "$.t < '2024-03-01T09:30:00.123456789Z'"));
    assertEquals(List.of("3"), ids(times, "$.t = '2024-03-01T09:30:00.123456000Z'"));
    assertEquals(List.of(), ids(times, "$.t = '2024-03-01T09:30:00.123456001Z'"));
  }

  @Test
  void textAndTimestampFilesMatchTheSameRows() throws Exception {
    assertTrue(Files.exists(Path.of("..", "testdata", "events.ndjson")));
    String text = convert("text.parquet");
    String times = convert("times.parquet", "--infer-temporal");
    for (String where :
        List.of(
            "$.ts >= '2024-03-01T12:00:00.000Z'",
            "$.ts < '2024-03-01T01:00:00.000Z'",
            "$.ts = '2024-03-01T00:00:26.791Z'",
            "$.ts between '2024-03-01T06:00:00.000Z' and '2024-03-01T06:30:00.000Z'",
            "not $.ts > '2024-03-01T02:00:00.000Z'")) {
      String expected = ok("count", text, "--where", where).out();
      assertEquals(expected, ok("count", times, "--where", where).out(), where);
      assertTrue(Long.parseLong(expected.strip()) > 0, where);
    }
    String explain =
        ok("get", times, "$.event_id", "--where", "$.ts >= '2024-03-01T12:00:00Z'", "--explain")
            .out();
    assertTrue(explain.contains("skipped, no row can match"), explain);
  }
}
