// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --where} with an unquoted date ({@code $.t >= 2024-03-04}) on times written as text: the
 * log converted as it is (times as strings) and with {@code --infer-temporal} (dates and
 * timestamps) match the same rows, as they do for the quoted date; the unquoted date had matched
 * the dates of the second file alone. The strings' statistics still skip row groups where no time
 * can match.
 */
class WhereDateLiteralTest {
  /** 2024-03-01T22:00:00Z. */
  private static final long LOG_START = 1_709_330_400L;

  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss", Locale.ROOT);

  @TempDir Path dir;

  private Path convert(String name, List<String> lines, String... options) throws IOException {
    return WhereIds.convert(dir, name, lines, options);
  }

  /**
   * Row i of a log, 20 minutes apart over 8 days: {@code {"i": i, "t": ...}}, a date, a timestamp
   * with {@code Z} (0, 3 or 6 fraction digits) or without a zone, as {@code --infer-temporal}
   * converts them, or one it keeps as text ({@code +02:00}, {@code .000Z}); and a word in two rows.
   */
  private static String logLine(int i) {
    long seconds = LOG_START + i * 1200L;
    LocalDateTime utc = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
    String wall = SECONDS.format(utc);
    String t;
    if (i == 4 || i == 300) {
      t = "n/a";
    } else if (i % 13 == 0) {
      t = wall.substring(0, 10);
    } else if (i % 7 == 5) {
      t = SECONDS.format(LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.ofHours(2))) + "+02:00";
    } else if (i % 11 == 7) {
      t = wall + ".000Z";
    } else {
      String fraction = i % 3 == 0 ? "" : i % 3 == 1 ? ".250" : ".000125";
      t = wall + fraction + (i % 5 == 3 ? "" : "Z");
    }
    return "{\"i\":" + i + ",\"t\":\"" + t + "\"}";
  }

  private static List<String> ids(Path file, String where) {
    return WhereIds.of(file, where);
  }

  @Test
  void textAndInferTemporalFilesMatchTheSameRowsForAnUnquotedDate() throws IOException {
    List<String> log = IntStream.range(0, 576).mapToObj(WhereDateLiteralTest::logLine).toList();
    Path text = convert("log-text", log);
    Path times = convert("log-times", log, "--infer-temporal");
    int partial = 0;
    for (String day : List.of("2024-03-02", "2024-03-04", "2024-03-09")) {
      String next = LocalDate.parse(day).plusDays(2).toString();
      for (String where :
          List.of(
              "$.t = " + day,
              "$.t < " + day,
              "$.t > " + day,
              "$.t <= " + day,
              "$.t >= " + day,
              "$.t != " + day,
              "$.t between " + day + " and " + next,
              "$.t in (" + day + ", " + next + ")")) {
        List<String> rows = ids(text, where);
        assertEquals(rows, ids(times, where), where);
        partial += !rows.isEmpty() && rows.size() < log.size() - 2 ? 1 : 0;
      }
    }
    assertTrue(partial >= 15, "only " + partial + " conditions matched some rows but not all");
    // = matches the day's dates and its midnight (row 6, with Z), as the quoted date does
    List<String> day = List.of("6", "13", "26", "39", "52", "65");
    assertEquals(day, ids(text, "$.t = 2024-03-02"));
    assertEquals(day, ids(text, "$.t = '2024-03-02'"));
    // the midnight of 2024-03-04 (row 150) is text, .000Z: matched by neither
    assertEquals(List.of("156", "169", "182", "195", "208", "221"), ids(times, "$.t = 2024-03-04"));
  }

  @Test
  void stringStatisticsSkipRowGroupsForAnUnquotedDate() throws IOException {
    List<String> log = IntStream.range(0, 576).mapToObj(WhereDateLiteralTest::logLine).toList();
    Path text = convert("skip", log);
    for (String where : List.of("$.t >= 2024-03-09", "$.t < 2024-03-02", "$.t = 2024-03-05")) {
      String explain = ok("get", text.toString(), "$.i", "--where", where, "--explain").out();
      assertTrue(explain.contains("skipped, no row can match"), where + ": " + explain);
      assertTrue(explain.contains("read, rows tested"), where + ": " + explain);
    }
  }
}
