// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ConvertJob} publishes its output directory whole or not at all: tasks that committed
 * before another failed leave nothing in OUT, a failed {@code --overwrite} keeps the previous OUT,
 * and what a dead job left beside OUT is cleaned by the next run.
 */
class AtomicOutputTest {
  @TempDir Path dir;

  /** 400 good rows and a bad last line, in splits of about 40 rows: several tasks commit first. */
  private Path inputFailingInItsLastSplit() throws IOException {
    List<String> lines =
        new ArrayList<>(Events.write(dir.resolve("a.ndjson"), new Random(31), 0, 400));
    lines.add("{\"id\": oops");
    Files.write(dir.resolve("a.ndjson"), lines);
    return dir.resolve("a.ndjson");
  }

  private ConvertJob.Options options(Path in, Path out) throws IOException {
    return ConvertJob.Options.of(List.of(in.toString()), out.toString())
        .withMaxSplitBytes(Files.size(in) / 10)
        .withSampleRows(50);
  }

  @Test
  void aJobFailingAfterOtherTasksCommittedLeavesNoOutput() throws Exception {
    Path in = inputFailingInItsLastSplit();
    Path out = dir.resolve("out");

    ConvertJob.Result r = ConvertJob.run(Events.localConf(dir), options(in, out), false);

    assertFalse(r.succeeded());
    assertTrue(r.count(ConvertCounters.ROWS_WRITTEN) > 0, "other tasks wrote and committed first");
    assertFalse(Files.exists(out), "no OUT after a failed job");
    assertEquals(List.of("a.ndjson", "hadoop-tmp"), entries(dir), "no staging directory left");
  }

  @Test
  void aFailedOverwriteKeepsThePreviousOutput() throws Exception {
    Path out = dir.resolve("out");
    List<String> first = Events.write(dir.resolve("first.ndjson"), new Random(32), 0, 50);
    assertTrue(
        ConvertJob.run(Events.localConf(dir), options(dir.resolve("first.ndjson"), out), false)
            .succeeded());
    Path in = inputFailingInItsLastSplit();

    ConvertJob.Result r =
        ConvertJob.run(Events.localConf(dir), options(in, out).withOverwrite(true), false);

    assertFalse(r.succeeded());
    assertEquals(Events.canonical(first), Events.readAll(out, "variant"));
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
    assertFalse(Files.exists(out.resolve(IncompleteOutput.IN_PROGRESS)));
  }

  @Test
  void anOverwriteReplacesTheOutputWhole() throws Exception {
    Path out = dir.resolve("out");
    Events.write(dir.resolve("first.ndjson"), new Random(33), 0, 400);
    ConvertJob.Options first = options(dir.resolve("first.ndjson"), out);
    assertTrue(ConvertJob.run(Events.localConf(dir), first, false).succeeded());
    int firstParts = Events.partFiles(out).size();
    List<String> second = Events.write(dir.resolve("second.ndjson"), new Random(34), 1000, 20);

    ConvertJob.Result r =
        ConvertJob.run(
            Events.localConf(dir),
            ConvertJob.Options.of(List.of(dir.resolve("second.ndjson").toString()), out.toString())
                .withOverwrite(true),
            false);

    assertTrue(r.succeeded(), r.failure());
    assertTrue(firstParts > 1, "the first output had several part files: " + firstParts);
    assertEquals(1, Events.partFiles(out).size(), "no part file of the first output is left");
    assertEquals(Events.canonical(second), Events.readAll(out, "variant"));
    assertEquals(
        List.of("first.ndjson", "hadoop-tmp", "out", "second.ndjson"),
        entries(dir),
        "nothing left beside OUT");
  }

  @Test
  void theCurrentDirectoryIsNamedAsGivenInMessages() {
    // Hadoop's Path makes "." an empty name: "-o . --overwrite" was refused as ": holds the input"
    assertEquals(".", StagedOutput.shown(new org.apache.hadoop.fs.Path(".")));
    assertEquals("out", StagedOutput.shown(new org.apache.hadoop.fs.Path("out")));
  }

  @Test
  void anExistingOutputIsRefusedBeforeAnythingIsRead() throws Exception {
    Path out = Files.createDirectories(dir.resolve("out"));
    Events.write(dir.resolve("a.ndjson"), new Random(35), 0, 10);

    String refused = refusal(options(dir.resolve("a.ndjson"), out));

    assertTrue(refused.contains("add --overwrite"), refused);
  }

  @Test
  void anOverwriteOfADirectoryHoldingAnInputIsRefused() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Events.write(data.resolve("a.ndjson"), new Random(36), 0, 10);

    String refused = refusal(options(data.resolve("a.ndjson"), data).withOverwrite(true));

    assertTrue(refused.contains("holds the input"), refused);
    assertTrue(Files.exists(data.resolve("a.ndjson")));
  }

  @Test
  void anOverwriteOfADirectoryHoldingAnInputReachedThroughALinkIsRefused() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Events.write(data.resolve("a.ndjson"), new Random(40), 0, 10);
    Path fileLink =
        Files.createSymbolicLink(dir.resolve("latest.ndjson"), data.resolve("a.ndjson"));
    Path dirLink = Files.createSymbolicLink(dir.resolve("datalink"), data);
    Path outLink = Files.createSymbolicLink(dir.resolve("outlink"), data);

    for (ConvertJob.Options o :
        List.of(
            options(fileLink, data),
            options(dirLink.resolve("a.ndjson"), data),
            options(dirLink, data),
            options(data.resolve("a.ndjson"), outLink),
            ConvertJob.Options.of(List.of(dirLink + "/*.ndjson"), data.toString()))) {
      String refused = refusal(o.withOverwrite(true));

      assertTrue(refused.contains("holds the input"), refused);
      assertTrue(Files.exists(data.resolve("a.ndjson")));
    }
  }

  @Test
  void anOverwriteOfADirectoryHoldingALinkedFileOfAnInputDirectoryIsRefused() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Events.write(data.resolve("a.ndjson"), new Random(43), 0, 10);
    Path in = Files.createDirectories(dir.resolve("in"));
    Files.createSymbolicLink(in.resolve("a.ndjson"), data.resolve("a.ndjson"));

    String refused = refusal(options(in.resolve("a.ndjson"), data).withOverwrite(true));
    String refusedDir =
        refusal(ConvertJob.Options.of(List.of(in.toString()), data.toString()).withOverwrite(true));

    assertTrue(refused.contains("holds the input"), refused);
    assertTrue(refusedDir.contains("holds the input"), refusedDir);
    assertTrue(Files.exists(data.resolve("a.ndjson")));
  }

  /** Why the job refuses to start with {@code options}. */
  private String refusal(ConvertJob.Options options) {
    return assertThrows(
            ConvertRefusedException.class,
            () -> ConvertJob.run(Events.localConf(dir), options, false))
        .getMessage();
  }

  @Test
  void whatADeadJobLeftBesideTheOutputIsCleanedByTheNextRun() throws Exception {
    long deadPid = deadPid();
    Path staging =
        Files.createDirectories(dir.resolve(StagedOutput.stagingName("out", deadPid, "x1")));
    Files.createDirectories(staging.resolve("_temporary/0"));
    Files.writeString(staging.resolve("part-m-00000.zstd.parquet"), "half");
    Events.write(dir.resolve("a.ndjson"), new Random(37), 0, 10);

    ConvertJob.Result r =
        ConvertJob.run(
            Events.localConf(dir), options(dir.resolve("a.ndjson"), dir.resolve("out")), false);

    assertTrue(r.succeeded(), r.failure());
    assertEquals(List.of("a.ndjson", "hadoop-tmp", "out"), entries(dir));
  }

  @Test
  void aLiveJobsStagingDirectoryIsLeftAlone() throws Exception {
    Path staging =
        Files.createDirectories(
            dir.resolve(StagedOutput.stagingName("out", ProcessHandle.current().pid(), "x2")));
    Events.write(dir.resolve("a.ndjson"), new Random(38), 0, 10);

    ConvertJob.Result r =
        ConvertJob.run(
            Events.localConf(dir), options(dir.resolve("a.ndjson"), dir.resolve("out")), false);

    assertTrue(r.succeeded(), r.failure());
    assertTrue(Files.isDirectory(staging));
  }

  @Test
  void anOutputWhoseParentIsMissingIsWrittenWithItsParent() throws Exception {
    Events.write(dir.resolve("a.ndjson"), new Random(39), 0, 10);
    Path out = dir.resolve("new/sub/out");

    ConvertJob.Result r =
        ConvertJob.run(Events.localConf(dir), options(dir.resolve("a.ndjson"), out), false);

    assertTrue(r.succeeded(), r.failure());
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
    assertEquals(List.of("out"), entries(dir.resolve("new/sub")));
  }

  /** The pid of a process that has ended. */
  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return p.pid();
  }

  /** The names in {@code d}, hidden ones too, sorted. */
  private static List<String> entries(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
