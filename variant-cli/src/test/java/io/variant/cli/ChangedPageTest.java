// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.testkit.ChangedPageFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads a file's values refuses a page changed after its CRC was computed
 * ({@link ChangedPageFile}) as bad input (exit code 1, naming the file and the CRC), whichever
 * reader it goes through (rows, projected paths, Arrow batches, raw groups), and never prints the
 * changed value.
 */
class ChangedPageTest {
  @TempDir Path dir;

  @Test
  void everyReadingCommandRefusesTheChangedPage() throws Exception {
    String file = ChangedPageFile.write(dir.resolve("names.parquet")).toString();
    String row = String.valueOf(ChangedPageFile.ROW + 1);
    List<List<String>> commands =
        new ArrayList<>(ReadingCommands.of(file, dir, ChangedPageFile.ROW + 1));
    commands.add(List.of("inspect", file, "--row", row));
    for (List<String> args : commands) {
      CliRunner.Result r = CliRunner.run("", args.toArray(String[]::new));
      String at = args + ": " + r.err();
      assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), at);
      assertTrue(r.err().contains(file), at);
      assertTrue(r.err().contains("CRC"), at);
      assertFalse(r.out().contains(ChangedPageFile.CHANGED), at);
    }
  }
}
