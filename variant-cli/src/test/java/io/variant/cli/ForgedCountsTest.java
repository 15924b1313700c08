// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.testkit.ChangedPageFile;
import io.variant.parquet.testkit.ForgedFooterFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A footer whose row and value counts agree with each other but not with the pages is bad input
 * (exit code 1) for every command that reads values, naming the file and the column: claiming fewer
 * values than the pages hold had been an I/O error (exit code 3) naming no column, and claiming
 * more a "damaged page header". `count` and `meta` refuse a footer that contradicts itself, as
 * every reader does, instead of reporting its claims.
 */
class ForgedCountsTest {
  @TempDir Path dir;

  private Path claiming(long rows) throws Exception {
    Path good = ChangedPageFile.writeIntact(dir.resolve("good.parquet"));
    return ForgedFooterFile.write(
        good,
        dir.resolve("claims-" + rows + ".parquet"),
        footer -> {
          footer.setNum_rows(rows);
          footer.getRow_groups().get(0).setNum_rows(rows);
          footer
              .getRow_groups()
              .get(0)
              .getColumns()
              .forEach(c -> c.getMeta_data().setNum_values(rows));
        });
  }

  @Test
  void everyReadingCommandRefusesCountsThePagesContradict() throws Exception {
    for (long rows : new long[] {ChangedPageFile.ROWS - 10, ChangedPageFile.ROWS + 10}) {
      String file = claiming(rows).toString();
      for (List<String> args : ReadingCommands.of(file, dir, 5)) {
        CliRunner.Result r = CliRunner.run("", args.toArray(String[]::new));
        String at = args + ": " + r.err();
        assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), at);
        assertTrue(r.err().contains(file), at);
        assertTrue(r.err().contains("the footer claims " + rows + " values"), at);
        assertTrue(r.err().contains("(column " + ChangedPageFile.COLUMN + "."), at);
      }
    }
  }

  @Test
  void countAndMetaRefuseARowGroupItsColumnsContradict() throws Exception {
    Path good = ChangedPageFile.writeIntact(dir.resolve("good.parquet"));
    long claimed = ChangedPageFile.ROWS - 10;
    String file =
        ForgedFooterFile.write(
                good,
                dir.resolve("row-group.parquet"),
                footer -> footer.getRow_groups().get(0).setNum_rows(claimed))
            .toString();
    String why = "a row group claims " + claimed + " rows but its column chunk holds";

    CliRunner.Result count = CliRunner.run("", "count", file);
    assertEquals(ExitCodes.BAD_INPUT, count.exitCode(), count.err());
    assertEquals("", count.out()); // not the claimed count
    assertTrue(count.err().contains(file + ": is not a valid Parquet file: " + why), count.err());

    CliRunner.Result meta = CliRunner.run("", "meta", file);
    assertEquals(ExitCodes.BAD_INPUT, meta.exitCode(), meta.err());
    assertTrue(meta.out().contains("row group 1: " + claimed + " rows"), meta.out()); // shown
    assertTrue(meta.err().contains(why), meta.err());
  }
}
