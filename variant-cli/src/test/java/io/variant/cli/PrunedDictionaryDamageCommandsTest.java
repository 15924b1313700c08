// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.read.EncodedPagesFile;
import io.variant.parquet.read.FuzzDamage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --where} reads the dictionary pages of its typed column to skip row groups, before any
 * row: one that does not decode is bad input naming the file, the column and the first row of its
 * row group, through every reader ({@code cat}, {@code get}, {@code select}, {@code count}), as a
 * damaged page read with its rows is; it had named row 1 and no column, and {@code select} had
 * failed as an internal error.
 */
class PrunedDictionaryDamageCommandsTest {
  private static final String OSES = "v.typed_value.d.typed_value.os.typed_value";

  @TempDir Path dir;

  @Test
  void everyReadingCommandNamesTheColumnAndTheRowGroupsFirstRow() throws Exception {
    byte[] intact = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("intact.parquet")));
    // row group 2 (rows 41 to 80)'s first dictionary entry claims 127 bytes: more than its page
    String file =
        Files.write(
                dir.resolve("forged.parquet"),
                FuzzDamage.withDictionaryPageByte(intact, OSES, 1, 0, 0x7f))
            .toString();
    String where = "$.d.os = 'bsd'";
    for (List<String> args :
        List.of(
            List.of("cat", file, "--where", where),
            List.of("get", file, "$.n", "--where", where),
            List.of("select", file, "$.n", "--where", where),
            List.of("count", file, "--where", where))) {
      CliRunner.Result r = CliRunner.run("", args.toArray(String[]::new));
      String at = args + ": " + r.err();
      assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), at);
      assertTrue(r.err().contains(file), at);
      assertTrue(r.err().contains("row group 2"), at);
      assertTrue(r.err().contains("(column " + OSES + ", row 41)"), at);
    }
  }
}
