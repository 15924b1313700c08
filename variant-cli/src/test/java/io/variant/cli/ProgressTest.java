// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The progress line of {@code convert}, drawn against a clock the test moves. */
class ProgressTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long MIB = 1 << 20;

  private final StringWriter err = new StringWriter();
  private long now = 5 * SECOND; // any start

  private Progress progress(boolean enabled, long totalBytes) {
    return new Progress(new PrintWriter(err), enabled, totalBytes, () -> now);
  }

  @Test
  void drawsRowsBytesRateAndEtaWhenTheSizeIsKnown() {
    Progress p = progress(true, 100 * MIB);
    now += 2 * SECOND;
    p.update(20 * 1024, 25 * MIB);
    // 20,480 rows in 2 s; a quarter of the input in 2 s leaves 6 s
    assertEquals("\r20,480 rows, 25.0 MiB read, 10,240 rows/s, 25%, ETA 0:06", err.toString());
  }

  @Test
  void withoutTheSizeThereIsNoEta() {
    Progress p = progress(true, -1);
    now += 4 * SECOND;
    p.update(4096, 3 * MIB);
    assertEquals("\r4,096 rows, 3.0 MiB read, 1,024 rows/s", err.toString());
  }

  @Test
  void nothingInTheFirstSecondNorMoreThanTwiceASecondNorBetweenThousandsOfRows() {
    Progress p = progress(true, -1);
    now += SECOND / 2;
    p.update(1024, MIB);
    assertEquals("", err.toString(), "a run shorter than a second shows nothing");
    now += SECOND;
    p.update(1025, MIB);
    assertEquals("", err.toString(), "the clock is read every 1024 rows only");
    p.update(2048, MIB);
    String first = err.toString();
    assertTrue(first.startsWith("\r2,048 rows"), first);
    now += SECOND / 4;
    p.update(3072, MIB);
    assertEquals(first, err.toString(), "redrawn at most twice a second");
    now += SECOND / 4;
    p.update(4096, MIB);
    assertTrue(err.toString().startsWith(first + "\r4,096 rows"), err.toString());
  }

  @Test
  void finishClearsTheLineAndAShorterLineBlanksTheRestOfTheLongerOne() {
    Progress p = progress(true, 100 * MIB);
    now += 2 * SECOND;
    p.update(1024, 50 * MIB);
    String line = err.toString().substring(1);
    p.finish();
    assertTrue(err.toString().endsWith("\r" + " ".repeat(line.length()) + "\r"), err.toString());
    p.finish();
    assertTrue(err.toString().endsWith("\r" + " ".repeat(line.length()) + "\r"), "cleared once");
  }

  @Test
  void disabledDrawsNothing() {
    Progress p = progress(false, 100 * MIB);
    now += 10 * SECOND;
    p.update(1024, 50 * MIB);
    p.finish();
    assertEquals("", err.toString());
  }

  @Test
  void progressForcesItOnATerminalItIsShownAndQuietSilencesIt() {
    assertTrue(Progress.wanted(true, false, false));
    assertTrue(Progress.wanted(false, false, true));
    assertFalse(Progress.wanted(false, false, false));
    assertFalse(Progress.wanted(true, true, true));
    assertFalse(Progress.wanted(false, true, true));
  }

  /**
   * {@code convert --progress} draws on stderr that is not a terminal: a clock that moves one
   * second each time it is read makes it draw at 1,024 and 2,048 rows of the 3,000, then clear the
   * line before the summary. Without {@code --progress} (stderr is not a terminal here) it draws
   * nothing.
   */
  @Test
  void convertWithProgressDrawsOnStderrThenClearsTheLineBeforeTheSummary(@TempDir Path dir) {
    String out = dir.resolve("e.parquet").toString();
    String events = Fixtures.events().toString();
    // progress is drawn as chunks of rows are written: small chunks draw it several times
    String shown =
        convertTicking("convert", events, "-o", out, "--progress", "--chunk-size", "64K");
    Matcher draw =
        Pattern.compile(
                "\\r([\\d,]+) rows, [\\d.]+ KiB read, [\\d,]+ rows/s, (\\d+)%, ETA 0:(\\d\\d) *")
            .matcher(shown);
    List<long[]> draws = new ArrayList<>(); // rows, percent, ETA seconds
    while (draw.find()) {
      draws.add(
          new long[] {
            Long.parseLong(draw.group(1).replace(",", "")),
            Long.parseLong(draw.group(2)),
            Long.parseLong(draw.group(3))
          });
    }
    assertTrue(draws.size() >= 2, shown);
    for (int i = 1; i < draws.size(); i++) {
      assertTrue(draws.get(i - 1)[0] < draws.get(i)[0], shown); // rows written so far
    }
    long[] first = draws.get(0);
    long[] last = draws.get(draws.size() - 1);
    assertTrue(0 < first[1] && first[1] < last[1], shown); // the share of bytes read
    assertTrue(first[2] > last[2], shown); // ETA falls
    assertTrue(
        Pattern.compile(
                ".*\\r( +)\\r" + Pattern.quote(out) + ": 3,000 rows written .*", Pattern.DOTALL)
            .matcher(shown)
            .matches(),
        shown);

    String quiet = convertTicking("convert", events, "-o", out, "--overwrite");
    assertTrue(quiet.startsWith(out + ": 3,000 rows written"), quiet);
    assertFalse(quiet.contains("\r"), quiet);
  }

  /** Runs a command whose clock moves one second each time it is read; returns stderr. */
  private static String convertTicking(String... args) {
    StringWriter stderr = new StringWriter();
    CommandLine cmd =
        VariantCli.commandLine(
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintWriter(stderr, true),
            args);
    long[] ticks = {0};
    ((VariantCli) cmd.getCommand()).clock(() -> SECOND * ticks[0]++);
    assertEquals(0, VariantCli.execute(cmd, args), stderr.toString());
    return stderr.toString();
  }

  @Test
  void quietWinsOverProgressInTheCommand(@TempDir Path dir) throws IOException {
    CliRunner.Result r =
        run(
            "",
            "convert",
            Fixtures.events().toString(),
            "-o",
            dir.resolve("e.parquet").toString(),
            "--progress",
            "--quiet");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
  }
}
