// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert --max-file-size}: numbered files of about the size, which appear all together or
 * not at all (see {@link ConvertWriter}).
 */
class ConvertMaxFileSizeTest {
  /** Small enough that the event fixture (about 96 KB converted) rolls into three files or more. */
  private static final long SIZE = 40 * 1024;

  @TempDir Path dir;

  private List<String> listing() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private CliRunner.Result convert(Path in, String size, String... extra) {
    List<String> args = new ArrayList<>(List.of("convert", in.toString()));
    args.addAll(List.of("-o", dir.resolve("out.parquet").toString(), "--max-file-size", size));
    args.addAll(List.of(extra));
    return run("", args.toArray(String[]::new));
  }

  /** Bytes from the start of {@code file} to the end of its last column chunk. */
  private static long pageBytes(Path file) throws IOException {
    long end = 0;
    try (ParquetFileReader r =
        ParquetFileReader.open(new LocalInputFile(file), ParquetReadOptions.builder().build())) {
      for (BlockMetaData block : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : block.getColumns()) {
          end = Math.max(end, c.getStartingPos() + c.getTotalSize());
        }
      }
    }
    return end;
  }

  /** The files of the set and their bytes, by name. */
  private Map<String, byte[]> set() throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    for (String name : listing()) {
      if (name.startsWith("out-")) {
        files.put(name, Files.readAllBytes(dir.resolve(name)));
      }
    }
    return files;
  }

  @Test
  void aFileOfOneRowGroupLeavesRoomForItsFooter() throws IOException {
    // 100K of the event log is one row group a file: its footer and page indexes (about 200
    // pages of 1.6K) once took the first file 13% over; the group is now cut with room for them
    CliRunner.Result r = convert(Fixtures.events(), "100K");
    assertEquals(0, r.exitCode(), r.err());
    for (String name : listing()) {
      long bytes = Files.size(dir.resolve(name));
      assertTrue(bytes <= 100 * 1024, name + ": " + bytes);
    }
  }

  @Test
  void rollsIntoNumberedFilesOfAboutTheSizeThatReadBackAsTheInput() throws IOException {
    CliRunner.Result r = convert(Fixtures.events(), "40K");
    assertEquals(0, r.exitCode(), r.err());
    List<String> names = listing();
    assertTrue(names.size() >= 3, names.toString());
    for (int i = 0; i < names.size(); i++) {
      assertEquals(String.format("out-%05d.parquet", i + 1), names.get(i));
      long bytes = Files.size(dir.resolve(names.get(i)));
      long pages = pageBytes(dir.resolve(names.get(i)));
      // a file stays about the size: its pages, footer and page indexes (estimated, and room left
      // for them when a group is cut), at this small size (1K pages) a page or a row over at most;
      // row groups come whole, and here each takes up to half a file, so one may close at a third
      assertTrue(pages <= SIZE + 2 * 1024, names.get(i) + ": pages " + pages);
      assertTrue(bytes <= SIZE * 11 / 10, names.get(i) + ": " + bytes);
      assertTrue(i == names.size() - 1 || bytes >= SIZE / 3, names.get(i) + ": " + bytes);
    }
    assertEquals(
        Fixtures.canonicalJson(Fixtures.eventLines()),
        ok("cat", dir.resolve("out-*.parquet").toString()).out().lines().toList());

    String first = dir.resolve(names.get(0)).toString();
    String last = dir.resolve(names.get(names.size() - 1)).toString();
    assertTrue(
        r.err().startsWith(first + " to " + last + ": 3,000 rows written (3,000 read"), r.err());
    assertTrue(r.err().contains(" out in " + names.size() + " files"), r.err());
    long listedRows = 0;
    for (String name : names) {
      String line =
          r.err()
              .lines()
              .filter(l -> l.startsWith("  " + dir.resolve(name) + ": "))
              .findFirst()
              .orElseThrow(() -> new AssertionError(name + " not listed: " + r.err()));
      listedRows +=
          Long.parseLong(line.replaceAll(".*: ([0-9,]+) rows, .*", "$1").replace(",", ""));
      assertTrue(line.endsWith(ByteSize.format(Files.size(dir.resolve(name)))), line);
    }
    assertEquals(3000, listedRows);
  }

  @Test
  void oneFileIsNumberedToo() throws IOException {
    assertEquals(0, convert(Fixtures.events(), "1G", "-q").exitCode());
    assertEquals(List.of("out-00001.parquet"), listing());
    Path empty = Files.writeString(dir.resolve("empty.ndjson"), "");
    Path out = dir.resolve("day");
    ok("convert", empty.toString(), "-o", out.toString(), "--max-file-size", "1M", "-q");
    assertEquals(List.of("day-00001.parquet", "empty.ndjson", "out-00001.parquet"), listing());
    assertEquals("", ok("cat", dir.resolve("day-00001.parquet").toString()).out());
  }

  @Test
  void anEarlierSetIsKeptWithoutOverwriteAndReplacedWholeWithIt() throws IOException {
    ok(
        "convert",
        Fixtures.events().toString(),
        "-o",
        dir.resolve("out.parquet").toString(),
        "--max-file-size",
        "64K",
        "-q");
    Map<String, byte[]> earlier = set();
    CliRunner.Result refused = convert(Fixtures.events(), "64K");
    assertEquals(2, refused.exitCode(), refused.err());
    assertEquals(
        "variant: "
            + dir.resolve("out-00001.parquet")
            + " and "
            + (earlier.size() - 1)
            + " more files of "
            + dir.resolve("out-NNNNN.parquet")
            + " already exist; add --overwrite to replace them",
        refused.err().strip());
    assertSetEquals(earlier, set());

    // a stray file of an older, longer set goes too; files not named like the set stay
    Files.writeString(dir.resolve("out-00042.parquet"), "older");
    Files.writeString(dir.resolve("out-1.parquet"), "not of the set");
    Files.writeString(dir.resolve("out.parquet"), "not of the set");
    assertEquals(0, convert(Fixtures.events(), "1G", "--overwrite", "-q").exitCode());
    assertEquals(List.of("out-00001.parquet", "out-1.parquet", "out.parquet"), listing());
    assertEquals(
        Fixtures.canonicalJson(Fixtures.eventLines()),
        ok("cat", dir.resolve("out-00001.parquet").toString()).out().lines().toList());
  }

  @Test
  void aFailureAfterSomeFilesWereRolledLeavesNoFileAndKeepsTheEarlierSet() throws IOException {
    List<String> lines = new ArrayList<>(Fixtures.eventLines());
    lines.add("{\"broken\": }");
    Path bad = Files.write(dir.resolve("bad.ndjson"), lines);
    CliRunner.Result r = convert(bad, "16K", "--plan", "variant");
    assertEquals(1, r.exitCode(), r.err());
    assertTrue(r.err().startsWith(bad + ":3001:"), r.err());
    assertEquals(List.of("bad.ndjson"), listing());

    Files.write(dir.resolve("good.ndjson"), Fixtures.eventLines().subList(0, 500));
    ok(
        "convert",
        dir.resolve("good.ndjson").toString(),
        "-o",
        dir.resolve("out.parquet").toString(),
        "--max-file-size",
        "16K",
        "-q");
    Map<String, byte[]> earlier = set();
    assertEquals(1, convert(bad, "16K", "--plan", "variant", "--overwrite").exitCode());
    assertSetEquals(earlier, set());
    assertEquals(earlier.size() + 2, listing().size()); // and no temporary file
  }

  @Test
  void stdoutDirectoriesTheMapReduceEngineAndTinySizesAreRefused() throws IOException {
    Path in = Files.writeString(dir.resolve("docs.ndjson"), "{\"a\": 1}\n");
    Path sub = Files.createDirectory(dir.resolve("sub"));
    for (String out : List.of("-", sub.toString())) {
      CliRunner.Result r = run("", "convert", in.toString(), "-o", out, "--max-file-size", "1M");
      assertEquals(2, r.exitCode(), r.err());
      assertTrue(r.err().contains("--max-file-size writes numbered files beside OUT"), r.err());
    }
    CliRunner.Result mr =
        run(
            "",
            "convert",
            in.toString(),
            "-o",
            dir.resolve("mr").toString(),
            "--engine",
            "mapreduce",
            "--max-file-size",
            "1M");
    assertEquals(2, mr.exitCode(), mr.err());
    assertTrue(mr.err().contains("--max-file-size is for the local engine"), mr.err());
    CliRunner.Result tiny = convert(in, "100");
    assertEquals(2, tiny.exitCode());
    assertTrue(
        tiny.err().contains("--max-file-size must be between 1K and 8E, was 100"), tiny.err());
    assertEquals(List.of("docs.ndjson", "sub"), listing());
  }

  private static void assertSetEquals(Map<String, byte[]> expected, Map<String, byte[]> actual) {
    assertEquals(expected.keySet(), actual.keySet());
    expected.forEach((name, bytes) -> assertArrayEquals(bytes, actual.get(name), name));
  }
}
