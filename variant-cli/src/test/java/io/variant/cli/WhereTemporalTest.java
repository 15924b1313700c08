// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
