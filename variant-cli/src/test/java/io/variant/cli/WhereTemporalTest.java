// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
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
    return WhereIds.convert(dir, name, lines, options);
  }

  private static List<String> ids(Path file, String where) {
    return WhereIds.of(file, where);
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

  /** 2024-03-01T22:00:00Z: the log's times run past midnight. */
  private static final long LOG_START = 1_709_330_400L;

  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss", Locale.ROOT);

  /**
   * Row i of a log: {@code {"i": i, "t": ...}}, a minute apart, with 0, 3, 6 or 9 fraction digits,
   * most as {@code --infer-temporal} converts them (with {@code Z}, without a zone, a date) and
   * some not ({@code +02:00}, one fraction digit).
   */
  private static String logLine(int i) {
    long nanos = (LOG_START + i * 61L) * 1_000_000_000L + fraction(i);
    String t;
    if (i % 13 == 0) {
      t = wall(nanos, ZoneOffset.UTC, 0).substring(0, 10); // a date
    } else if (i % 7 == 5) {
      t = wall(nanos, ZoneOffset.ofHours(2), digits(i)) + "+02:00";
    } else if (i % 11 == 7) {
      t = wall(nanos, ZoneOffset.UTC, 0) + "." + i % 10 + "Z";
    } else {
      t = wall(nanos, ZoneOffset.UTC, digits(i)) + (i % 5 == 3 ? "" : "Z");
    }
    return "{\"i\":" + i + ",\"t\":\"" + t + "\"}";
  }

  /** 0, 3, 6 or 9 fraction digits that {@code cat} prints alike (none zero at the end). */
  private static int digits(int i) {
    return 3 * (i % 4);
  }

  private static long fraction(int i) {
    long n = i * 7_919_123L % 1_000_000_000L; // some nanoseconds
    return switch (digits(i)) {
      case 0 -> 0;
      case 3 -> (n / 1_000_000 | 1) * 1_000_000; // whole milliseconds, not zero
      case 6 -> (n / 1000 | 1) * 1000; // whole microseconds, not whole milliseconds
      default -> n | 1; // not whole microseconds
    };
  }

  /** The wall time of {@code nanos} at {@code zone}, with {@code digits} fraction digits. */
  private static String wall(long nanos, ZoneOffset zone, int digits) {
    LocalDateTime t =
        LocalDateTime.ofEpochSecond(
            Math.floorDiv(nanos, 1_000_000_000L), (int) Math.floorMod(nanos, 1_000_000_000L), zone);
    String text = SECONDS.format(t);
    String fraction = String.format(Locale.ROOT, "%09d", t.getNano()).substring(0, digits);
    return digits == 0 ? text : text + "." + fraction;
  }

  @Test
  void textAndInferTemporalFilesMatchTheSameRowsForEveryTimeLiteral() throws IOException {
    List<String> log = IntStream.range(0, 600).mapToObj(WhereTemporalTest::logLine).toList();
    Path text = convertLines("log-text", log);
    Path times = convertLines("log-times", log, "--infer-temporal");
    // several row groups, which the strings' statistics still skip where no time can match
    String late = "$.t >= '" + wall((LOG_START + 540 * 61L) * 1_000_000_000L, ZoneOffset.UTC, 3);
    String explain = ok("get", text.toString(), "$.i", "--where", late + "Z'", "--explain").out();
    assertTrue(explain.contains("in 6 row groups"), explain);
    assertTrue(explain.contains("skipped, no row can match"), explain);
    int nonEmpty = 0;
    int partial = 0;
    for (String zone : List.of("Z", "+02:00")) {
      for (int digits : new int[] {0, 3, 6, 9}) {
        // a row whose time the literal names, to its digits
        int k = (17 + 59 * digits + (zone.equals("Z") ? 0 : 23)) % 540;
        long nanos = (LOG_START + k * 61L) * 1_000_000_000L + fraction(k);
        String a = "'" + wall(nanos, ZoneOffset.of(zone), digits) + zone + "'";
        String b = "'" + wall(nanos + 3_600_000_000_000L, ZoneOffset.of(zone), digits) + zone + "'";
        for (String where :
            List.of(
                "$.t = " + a,
                "$.t < " + a,
                "$.t > " + a,
                "$.t <= " + a,
                "$.t >= " + a,
                "$.t between " + a + " and " + b,
                "$.t in (" + a + ", " + b + ")")) {
          List<String> rows = ids(text, where);
          assertEquals(rows, ids(times, where), where);
          nonEmpty += rows.isEmpty() ? 0 : 1;
          partial += !rows.isEmpty() && rows.size() < log.size() ? 1 : 0;
        }
      }
    }
    assertTrue(partial >= 40, "only " + partial + " conditions matched some rows but not all");
    assertTrue(nonEmpty >= 48, nonEmpty + " conditions matched a row");
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
