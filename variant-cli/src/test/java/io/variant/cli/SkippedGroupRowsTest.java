// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message names the row a user finds in the file, even where {@code --where} skipped row groups
 * before it: row numbers count the rows of skipped groups too, whichever reader reads the file (by
 * columns, or row by row in the draft layout).
 */
class SkippedGroupRowsTest {
  private static final int ROWS = 3_000;
  private static final int BAD = 2_900; // 1-based, as messages count rows

  @TempDir Path dir;

  @Test
  void aCastFailureNamesTheFilesRowWhenGroupsBeforeItAreSkipped() throws Exception {
    StringBuilder json = new StringBuilder();
    for (int i = 1; i <= ROWS; i++) {
      json.append("{\"seq\": ").append(i).append(", \"s\": ");
      json.append(i == BAD ? "\"bad\"" : String.valueOf(i)).append("}\n");
    }
    Path in = Files.writeString(dir.resolve("rows.ndjson"), json);
    for (String layout : new String[] {"spec", "draft"}) {
      Path file = dir.resolve(layout + ".parquet");
      ok(
          "convert",
          in.toString(),
          "-o",
          file.toString(),
          "--row-group-size",
          "4K",
          "--layout",
          layout);
      String groups =
          ok("get", file.toString(), "$.seq", "--where", "$.seq >= 2000", "--explain").out();
      assertTrue(groups.contains("skipped"), layout + ": no row group skipped\n" + groups);
      for (String where : new String[] {"$.seq > 0", "$.seq >= 2000", "$.seq >= " + BAD}) {
        CliRunner.Result r =
            CliRunner.run("", "select", file.toString(), "$.s::int", "--where", where);
        assertEquals(1, r.exitCode(), layout + ", " + where + ": " + r.err());
        assertTrue(
            r.err().strip().endsWith("(column variant, row " + BAD + ")"),
            layout + ", " + where + ": " + r.err());
      }
    }
  }
}
