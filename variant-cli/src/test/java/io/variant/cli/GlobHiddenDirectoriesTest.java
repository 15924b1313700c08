// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A glob skips the files under a directory whose name starts with {@code .} or {@code _} that it
 * reaches through a wildcard ({@code _temporary/} of a running job, a hidden staging directory),
 * and refuses, unless {@code --allow-incomplete}, the unfinished job's output it reaches into,
 * however deep below it the part files lie; locally and on stores, for every reading command and
 * {@code convert}.
 */
class GlobHiddenDirectoriesTest {
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"a\": int64}");

  /** Each reading command, with the arguments that follow its inputs. */
  private static final List<List<String>> READERS =
      List.of(
          List.of("cat"),
          List.of("head", "-n", "10"),
          List.of("get", "$.a"),
          List.of("select", "$.a"),
          List.of("count"),
          List.of("schema"),
          List.of("meta"));

  @TempDir Path dir;

  /**
   * A partitioned output as a running job leaves it: two committed partitions, a task attempt's
   * part file in progress under {@code _temporary/}, and a hidden staging directory.
   */
  private Path runningOutput() throws IOException {
    Path out = dir.resolve("out");
    part(out.resolve("date=2024-01-01/part-0.parquet"), "{\"a\":1}", "{\"a\":2}");
    part(out.resolve("date=2024-01-02/part-0.parquet"), "{\"a\":3}");
    part(out.resolve(ATTEMPT), "{\"a\":100}");
    part(out.resolve(".staging/date=2024-01-04/part-0.parquet"), "{\"a\":200}");
    return out;
  }

  private static final String ATTEMPT =
      "_temporary/0/_temporary/attempt_x/date=2024-01-03/part-0.parquet";

  /** The committed part files of {@link #runningOutput}, in name order. */
  private static List<String> committed(Path out) {
    return List.of(
        out.resolve("date=2024-01-01/part-0.parquet").toString(),
        out.resolve("date=2024-01-02/part-0.parquet").toString());
  }

  private static void part(Path file, String... rows) throws IOException {
    Files.createDirectories(file.getParent());
    Fixtures.parquet(file, PLAN, List.of("v"), rows);
  }

  @Test
  void readersRefuseTheRunningOutputADeepGlobReachesInto() throws IOException {
    Path out = runningOutput();
    for (List<String> command : READERS) {
      CliRunner.Result whole = CliRunner.run("", arguments(command, List.of(out.toString())));
      assertEquals(ExitCodes.BAD_INPUT, whole.exitCode(), whole.err());
      for (String glob : List.of(out + "/**/*.parquet", out + "/date=*/*.parquet")) {
        CliRunner.Result r = CliRunner.run("", arguments(command, List.of(glob)));

        String what = command.get(0) + " " + glob;
        assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), what + ": " + r.err());
        assertEquals("", r.out(), what);
        assertEquals(whole.err(), r.err(), what); // names out, as the directory's refusal does
        assertFalse(r.hasStackTrace(), r.err());
      }
    }
  }

  @Test
  void aGlobRefusesAnOutputMarkedInProgressBelowItsFirstWildcard() throws IOException {
    Path out = dir.resolve("table/marked");
    part(out.resolve("date=2024-01-01/part-0.parquet"), "{\"a\":1}");
    Files.writeString(out.resolve("_IN_PROGRESS"), "job_1\n");
    part(dir.resolve("table/done/date=2024-01-01/part-0.parquet"), "{\"a\":2}");

    CliRunner.Result r = CliRunner.run("", "count", dir + "/table/*/date=*/*.parquet");

    assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.err());
    assertTrue(
        r.err().startsWith(dir + "/table/marked: it is the output of a job that has not finished"),
        r.err());
    assertTrue(r.err().contains("_IN_PROGRESS"), r.err());
  }

  @Test
  void withAllowIncompleteADeepGlobReadsTheCommittedPartitionsAlone() throws IOException {
    Path out = runningOutput();
    assertEquals(
        "3\n", ok("count", "--allow-incomplete", out + "/**/*.parquet").out(), "count of 5 rows");
    for (List<String> command : READERS) {
      List<String> allowed = new ArrayList<>(command);
      allowed.add(1, "--allow-incomplete");
      for (String glob : List.of(out + "/**/*.parquet", out + "/*/*.parquet")) {
        assertEquals(
            ok(arguments(allowed, committed(out))).out(),
            ok(arguments(allowed, List.of(glob))).out(),
            command.get(0) + " " + glob);
      }
    }
  }

  @Test
  void aFinishedOutputsHiddenDirectoriesAreSkippedWithoutAllowIncomplete() throws IOException {
    Path out = runningOutput();
    Files.move(out.resolve("_temporary"), out.resolve("_logs")); // no job runs: only leftovers
    Files.writeString(out.resolve("_SUCCESS"), "");
    for (List<String> command : READERS) {
      assertEquals(
          ok(arguments(command, committed(out))).out(),
          ok(arguments(command, List.of(out + "/**/*.parquet"))).out(),
          command.get(0));
    }
  }

  @Test
  void aHiddenDirectoryThatThePatternSpellsOutIsRead() throws IOException {
    Path out = runningOutput();
    // named whole, or reached through directories the pattern names (their '.' or '_' typed)
    assertEquals("1\n", ok("count", out.resolve(ATTEMPT).toString()).out());
    assertEquals("1\n", ok("count", out + "/_temporary/0/_temporary/*/*/*.parquet").out());
    assertEquals("1\n", ok("count", out + "/_temporary/0/_temporary/**/*.parquet").out());
    assertEquals("1\n", ok("count", out + "/.staging/*/*.parquet").out());
    String allow = "--allow-incomplete"; // these reach into out, which holds _temporary/
    assertEquals("1\n", ok("count", allow, out + "/.*/*/*.parquet").out());
    assertEquals("1\n", ok("count", allow, out + "/_*/*/_temporary/*/*/*.parquet").out());
    // a wildcard reaching the inner _temporary/ skips it
    CliRunner.Result r = CliRunner.run("", "count", out + "/_temporary/**/*.parquet");
    assertEquals(ExitCodes.IO, r.exitCode(), r.err());
    assertEquals(
        out
            + "/_temporary/**/*.parquet: no file matches but files in directories whose names start"
            + " with . or _, which a glob enters only where it spells their . or _ out",
        r.err().strip());
  }

  /** JSON inputs in subdirectories, with a job's leftovers and a hidden directory among them. */
  private Path jsonTree() throws IOException {
    Path in = dir.resolve("in");
    write(in.resolve("a/x.ndjson"), "{\"a\":1}\n");
    write(in.resolve("b/c/y.ndjson"), "{\"a\":2}\n");
    write(in.resolve("_temporary/0/z.ndjson"), "{\"a\":100}\n");
    write(in.resolve(".hidden/w.ndjson"), "{\"a\":200}\n");
    write(in.resolve("a/_logs/v.ndjson"), "{\"a\":300}\n");
    return in;
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  @Test
  void convertOfADeepGlobSkipsHiddenAndUnderscoreDirectories() throws IOException {
    Path in = jsonTree();
    Path converted = dir.resolve("converted.parquet");
    ok("convert", in + "/**/*.ndjson", "-o", converted.toString(), "-q");
    assertEquals(
        List.of("{\"a\":1}", "{\"a\":2}"), ok("cat", converted.toString()).out().lines().toList());
    assertEquals(2, ok("encode", in + "/**/*.ndjson").out().lines().count());
    assertEquals(1, ok("encode", in + "/*/*.ndjson").out().lines().count());
    assertEquals(1, ok("encode", in + "/*/_logs/*.ndjson").out().lines().count());
  }

  @Test
  void convertOnTheMapReduceEngineSkipsThemToo() throws IOException {
    Path in = jsonTree();
    Path job = dir.resolve("job");
    ok("convert", "--engine", "mapreduce", in + "/*/*.ndjson", "-o", job.toString(), "-q");
    assertEquals(List.of("{\"a\":1}"), ok("cat", job.toString()).out().lines().toList());
  }

  /** A name with a scheme is globbed on its store, by the same rules. */
  @Test
  void aGlobOnAStoreSkipsThemAndRefusesTheRunningOutputItReachesInto() throws IOException {
    Path out = runningOutput();
    Configuration conf = GlobHiddenFilesTest.LocalStore.conf();
    String stored = "localstore://here" + out.toAbsolutePath();

    CliRunner.Result refused = onStore(conf, "count", stored + "/*/*.parquet");
    assertEquals(ExitCodes.BAD_INPUT, refused.exitCode(), refused.err());
    assertTrue(
        refused.err().startsWith(stored + ": it is the output of a job that has not finished"),
        refused.err());
    assertEquals(
        "3\n", onStore(conf, "count", "--allow-incomplete", stored + "/*/*.parquet").out());
    for (String deep : List.of("/*/*/*.parquet", "/*/*/*/*/*/*.parquet")) {
      CliRunner.Result r = onStore(conf, "count", "--allow-incomplete", stored + deep);
      assertEquals(ExitCodes.IO, r.exitCode(), deep + ": " + r.out() + r.err());
      assertTrue(r.err().contains("no file matches but files in directories"), r.err());
    }
    assertEquals(
        "1\n",
        onStore(conf, "count", "--allow-incomplete", stored + "/.staging/*/*.parquet").out());
  }

  private static String[] arguments(List<String> command, List<String> inputs) {
    List<String> args = new ArrayList<>();
    args.add(command.get(0));
    int options = command.size() > 1 && command.get(1).startsWith("--") ? 2 : 1;
    args.addAll(command.subList(1, options));
    args.addAll(inputs);
    args.addAll(command.subList(options, command.size()));
    return args.toArray(String[]::new);
  }

  private static CliRunner.Result onStore(Configuration conf, String... args) {
    return CliRunner.runOn(Stores.of(conf), args);
  }
}
