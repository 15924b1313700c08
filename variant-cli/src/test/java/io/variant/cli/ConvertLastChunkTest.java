// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each chunk of {@code convert}'s input makes row groups of its own; the rest of a local file that
 * is at most a quarter chunk joins the last full chunk instead of making a small row group. A chunk
 * ends by its rows' text, whether the plan's sample read them ahead or not.
 */
class ConvertLastChunkTest {
  private static final int CHUNK = 4096;
  private static final Pattern GROUP_ROWS = Pattern.compile("(?m)^row group \\d+: ([\\d,]+) rows");

  @TempDir Path dir;

  /** NDJSON lines of 100 bytes (chunks end by their bytes, not rows), for {@code chunks} chunks. */
  private static byte[] lines(double chunks) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; text.length() < chunks * CHUNK; i++) {
      String line =
          String.format("{\"seq\": %6d, \"name\": \"row %6d\", \"pad\": \"%47s\"}", i, i, "x");
      text.append(line).append('\n');
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  private int rowGroups(String input, byte[] stdin, String threads, String... more) {
    List<String> options =
        new ArrayList<>(List.of("--chunk-size", String.valueOf(CHUNK), "--threads", threads));
    options.addAll(List.of(more));
    return groupRows(input, stdin, options.toArray(String[]::new)).size();
  }

  /** The rows of each row group {@code convert} writes with {@code options}. */
  private List<Integer> groupRows(String input, byte[] stdin, String... options) {
    Path out = dir.resolve("out.parquet");
    List<String> args =
        new ArrayList<>(List.of("convert", input, "-o", out.toString(), "--overwrite", "-q"));
    args.addAll(List.of(options));
    CliRunner.Result r = run(stdin, args.toArray(String[]::new));
    assertEquals(0, r.exitCode(), r.err());
    Matcher m = GROUP_ROWS.matcher(ok("meta", out.toString()).out());
    List<Integer> rows = new ArrayList<>();
    while (m.find()) {
      rows.add(Integer.parseInt(m.group(1).replace(",", "")));
    }
    return rows;
  }

  @Test
  void aSmallRestOfAFileJoinsTheLastChunk() throws IOException {
    Path small = Files.write(dir.resolve("small.ndjson"), lines(3.1));
    assertEquals(3, rowGroups(small.toString(), new byte[0], "1"));
    assertEquals(3, rowGroups(small.toString(), new byte[0], "2"));
  }

  @Test
  void aLargerRestMakesRowGroupsOfItsOwn() throws IOException {
    Path large = Files.write(dir.resolve("large.ndjson"), lines(3.5));
    assertEquals(4, rowGroups(large.toString(), new byte[0], "1"));
  }

  @Test
  void whereTheRestIsNotKnownEveryChunkEndsAtItsSize() throws IOException {
    byte[] text = lines(3.1);
    // one row sampled: the rest of stdin, or of a gzip file's text, is not known
    assertEquals(4, rowGroups("-", text, "1", "--sample", "1"));
    Path gzip = Files.write(dir.resolve("small.ndjson.gz"), CliRunner.gzip(text));
    assertEquals(4, rowGroups(gzip.toString(), new byte[0], "2", "--sample", "1"));
  }

  /**
   * A sample that read all of stdin knows the rest: its rows, replayed, weigh as many bytes as
   * their lines, as the rows of a file do.
   */
  @Test
  void aSampleThatReadTheWholeInputKnowsTheRest() {
    String row = new String(lines(0.01), StandardCharsets.UTF_8).split("\\n")[0];
    int lineBytes = row.length(); // the same for every row, ASCII; a chunk counts no newline
    int perChunk = (CHUNK + lineBytes - 1) / lineBytes;
    int quarter = (CHUNK / 4) / lineBytes;
    assertEquals(2, rowGroups("-", rows(2 * perChunk + quarter), "2"));
    assertEquals(3, rowGroups("-", rows(2 * perChunk + quarter + 1), "2"));
  }

  /**
   * The rows a plan's sample read ahead from stdin or a gzip stream are chunked by their text, as
   * the rows after them and a file's rows are: the same row groups as from the file (their encoded
   * values, 0.6 times their text, had made chunks 1.6 times as many rows).
   */
  @Test
  void rowsSampledFromAStreamAreChunkedByTheirTextAsAFilesRowsAre() throws IOException {
    byte[] text = Files.readAllBytes(Fixtures.events());
    Path gzip = Files.write(dir.resolve("events.ndjson.gz"), CliRunner.gzip(text));
    String[] chunk = {"--chunk-size", "100K"};
    List<Integer> file = groupRows(Fixtures.events().toString(), new byte[0], chunk);
    assertTrue(file.size() > 5, file.toString());
    assertEquals(file, groupRows("-", text, chunk));
    assertEquals(file, groupRows(gzip.toString(), new byte[0], chunk));
    // rows sampled and rows read after the sample alike
    assertEquals(file, groupRows("-", text, "--chunk-size", "100K", "--sample", "500"));
  }

  /** The first {@code n} rows of {@link #lines}. */
  private static byte[] rows(int n) {
    String[] all = new String(lines(n * 100.0 / CHUNK + 1), StandardCharsets.UTF_8).split("\\n");
    return (String.join("\n", Arrays.copyOf(all, n)) + "\n").getBytes(StandardCharsets.UTF_8);
  }
}
