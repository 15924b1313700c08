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
 * A damaged dictionary page read with its rows (no {@code --where} to read it first) is bad input
 * naming the file, the column and the first row of its row group, through every reading command:
 * one whose entry does not decode had named no column ("Cannot read row: ParquetDecodingException:
 * Cannot decode dictionary entry 0 ..."), and one whose header does not decode had named none
 * either, in {@code select} too. {@code count} without {@code --where} reads no page.
 */
class DictionaryPageDamageCommandsTest {
  private static final String OSES = "v.typed_value.d.typed_value.os.typed_value";

  @TempDir Path dir;

  @Test
  void everyReadingCommandNamesTheColumnAndRow() throws Exception {
    byte[] intact = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("intact.parquet")));
    // row group 2 (rows 41 to 80): its first dictionary entry claims 127 bytes, more than its page
    Path entry =
        Files.write(
            dir.resolve("entry.parquet"),
            FuzzDamage.withDictionaryPageByte(intact, OSES, 1, 0, 0x7f));
    // row group 2: its dictionary page's header does not decode
    Path header =
        Files.write(
            dir.resolve("header.parquet"),
            FuzzDamage.withDictionaryPageHeaderDamaged(intact, OSES, 1));
    for (Path damaged : List.of(entry, header)) {
      String file = damaged.toString();
      for (List<String> args :
          List.of(
              List.of("cat", file),
              List.of("head", file, "-n", "100"),
              List.of("get", file, "$.d.os"), // the typed column alone
              List.of("get", file, "$.d"),
              List.of("select", file, "$.d.os"),
              List.of("select", file, "$.d.os::string"),
              List.of("count", file, "--where", "$.n > -1"))) {
        CliRunner.Result r = CliRunner.run("", args.toArray(String[]::new));
        String at = args + ": " + r.err();
        assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), at);
        assertTrue(r.err().startsWith(file + ": "), at);
        assertTrue(r.err().strip().endsWith("(column " + OSES + ", row 41)"), at);
        assertTrue(
            r.err().contains(damaged == entry ? "dictionary entry 0" : "damaged page header"), at);
      }
    }
  }
}
