// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code --rejects} file is written like OUT: under a temporary name, and moved into place only
 * when the convert succeeds. A failed convert leaves the rejects it had under {@code
 * REJECTS.failed}, so the same command can run again.
 */
class ConvertRejectsFileTest {
  @TempDir Path dir;

  private static final String THREE_BAD = "{\"a\": 1}\n{\"a\": }\n[1, 2\n{\"a\": 4}\n{\n";

  private CliRunner.Result convert(Path in, String maxErrors, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "convert",
                in.toString(),
                "-o",
                dir.resolve("out.parquet").toString(),
                "--rejects",
                dir.resolve("rejects.ndjson").toString(),
                "--max-errors",
                maxErrors));
    args.addAll(List.of(more));
    return run("", args.toArray(String[]::new));
  }

  @Test
  void aFailedConvertKeepsItsRejectsApartAndTheSameCommandRunsAgain() throws IOException {
    Path in = Files.writeString(dir.resolve("in.ndjson"), THREE_BAD);
    Path rejects = dir.resolve("rejects.ndjson");
    Path kept = dir.resolve("rejects.ndjson.failed");

    CliRunner.Result failed = convert(in, "1");
    assertEquals(1, failed.exitCode(), failed.err());
    assertTrue(failed.err().contains("more than 1 rows rejected (--max-errors)"), failed.err());
    assertTrue(failed.err().contains(kept.toString()), failed.err());
    assertFalse(Files.exists(rejects));
    assertFalse(Files.exists(dir.resolve("out.parquet")));
    assertEquals(2, Files.readAllLines(kept).size());
    assertEquals(List.of("in.ndjson", "rejects.ndjson.failed"), names());

    CliRunner.Result again = convert(in, "5");
    assertEquals(0, again.exitCode(), again.err());
    assertEquals(3, Files.readAllLines(rejects).size());
    assertEquals(2, ok("cat", dir.resolve("out.parquet").toString()).out().lines().count());

    // a later failure replaces the rejects kept from the earlier one; the rejects file stays
    CliRunner.Result overwriting = convert(in, "0", "--overwrite");
    assertEquals(1, overwriting.exitCode(), overwriting.err());
    assertEquals(1, Files.readAllLines(kept).size());
    assertEquals(3, Files.readAllLines(rejects).size());
    assertEquals(
        List.of("in.ndjson", "out.parquet", "rejects.ndjson", "rejects.ndjson.failed"), names());
  }

  @Test
  void aFailedConvertWithoutRejectedRowsLeavesNoRejectsFile() throws IOException {
    Path in = Files.writeString(dir.resolve("in.ndjson"), "{\"a\": 1}\n");
    CliRunner.Result r =
        run(
            "",
            "convert",
            in.toString(),
            dir.resolve("missing.ndjson").toString(), // fails once the first input is read
            "-o",
            dir.resolve("out.parquet").toString(),
            "--rejects",
            dir.resolve("rejects.ndjson").toString(),
            "--plan",
            "{\"a\": int64}");
    assertEquals(3, r.exitCode(), r.err());
    assertEquals(List.of("in.ndjson"), names(), r.err());
  }

  /** Names in the directory, hidden ones too, sorted. */
  private List<String> names() throws IOException {
    try (Stream<Path> listed = Files.list(dir)) {
      return listed.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aLoneCarriageReturnInARowEndsNoLine() throws IOException {
    // NDJSON rows end at '\n': a lone '\r' inside one is whitespace, so errors after it are on
    // the row's own line, counted in columns from its start (JSON's parser counts it as a line end)
    Path in =
        Files.writeString(
            dir.resolve("cr.ndjson"),
            "{\"a\": 1,\r\"b\": 2}\n{\"a\": x}\n{\"a\":\r\r3, \"b\":bad}\n");
    CliRunner.Result r = convert(in, "5");
    assertEquals(0, r.exitCode(), r.err());
    List<String> rejects = Files.readAllLines(dir.resolve("rejects.ndjson"));
    assertEquals(2, rejects.size(), rejects.toString());
    assertTrue(
        rejects.get(0).contains("\"column\":7,\"file\":\"" + in + "\",\"line\":2"), rejects.get(0));
    assertTrue(
        rejects.get(1).contains("\"column\":15,\"file\":\"" + in + "\",\"line\":3"),
        rejects.get(1));
    Path one =
        Files.writeString(dir.resolve("one.ndjson"), "{\"a\": 1}\n{\"a\":\r\r3, \"b\":bad}\n");
    CliRunner.Result failed =
        run("", "convert", one.toString(), "-o", dir.resolve("one.parquet").toString());
    assertEquals(1, failed.exitCode(), failed.err());
    assertTrue(failed.err().startsWith(one + ":2:15: "), failed.err());
  }
}
