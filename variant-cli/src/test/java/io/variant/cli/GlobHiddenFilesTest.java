// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A glob skips hidden and {@code _} files as a directory does, for every command that takes globs
 * and on both engines (Hadoop's {@code FileInputFormat} filters a glob's matches so); a file named
 * without a glob is read whatever its name.
 */
class GlobHiddenFilesTest {
  @TempDir Path dir;

  /** JSON inputs as a job leaves them: a part file, a hidden file and a _SUCCESS marker. */
  private Path jsonDirectory() throws IOException {
    Path in = Files.createDirectory(dir.resolve("in"));
    Files.writeString(in.resolve("p1.ndjson"), "{\"a\":1}\n{\"a\":2}\n");
    Files.writeString(in.resolve(".hidden.ndjson"), "{\"a\":3}\n");
    Files.writeString(in.resolve("_SUCCESS"), "{\"a\":4}\n");
    return in;
  }

  /** A job's Parquet output: a part file, a hidden part file and an empty _SUCCESS marker. */
  private Path parquetDirectory() throws IOException {
    Path out = Files.createDirectory(dir.resolve("out"));
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    Fixtures.parquet(out.resolve("part-0.parquet"), plan, List.of("v"), "{\"a\":1}", "{\"a\":2}");
    Fixtures.parquet(out.resolve(".part-1.parquet"), plan, List.of("v"), "{\"a\":3}", "{\"a\":4}");
    Files.writeString(out.resolve("_SUCCESS"), "");
    return out;
  }

  @Test
  void convertOfAGlobSkipsHiddenAndUnderscoreFilesOnBothEngines() throws IOException {
    Path in = jsonDirectory();
    List<String> rows = List.of("{\"a\":1}", "{\"a\":2}");
    Path local = dir.resolve("local.parquet");
    ok("convert", in + "/*", "-o", local.toString(), "-q");
    assertEquals(rows, ok("cat", local.toString()).out().lines().toList());
    Path job = dir.resolve("job");
    ok("convert", "--engine", "mapreduce", in + "/*", "-o", job.toString(), "-q");
    assertEquals(rows, ok("cat", job.toString()).out().lines().toList());
  }

  @Test
  void planEncodeAndDecodeOfAGlobSkipThemToo() throws IOException {
    Path in = jsonDirectory();
    assertEquals(ok("encode", in.toString()).out(), ok("encode", in + "/*").out());
    assertEquals(2, ok("encode", in + "/*").out().lines().count());
    String plan = ok("plan", in + "/*", "--select", "presence").out();
    assertTrue(plan.contains("\n2 rows sampled;"), plan);
    Path hex = Files.createDirectory(dir.resolve("hex"));
    Files.writeString(hex.resolve("a.hex"), ok("encode", in.resolve("p1.ndjson").toString()).out());
    Files.writeString(hex.resolve("_b.hex"), "not hex\n");
    assertEquals(
        List.of("{\"a\":1}", "{\"a\":2}"), ok("decode", hex + "/*").out().lines().toList());
  }

  @Test
  void aFileNamedWithoutAGlobIsReadWhateverItsName() throws IOException {
    Path in = jsonDirectory();
    assertEquals(1, ok("encode", in.resolve("_SUCCESS").toString()).out().lines().count());
    assertEquals(1, ok("encode", in.resolve(".hidden.ndjson").toString()).out().lines().count());
    for (String name : List.of("_SUCCESS", ".hidden.ndjson")) { // on both engines of convert
      String file = in.resolve(name).toString();
      Path local = dir.resolve("local" + name + ".parquet");
      ok("convert", file, "-o", local.toString(), "-q");
      Path job = dir.resolve("job" + name);
      ok("convert", "--engine", "mapreduce", file, "-o", job.toString(), "-q");
      assertEquals(ok("cat", local.toString()).out(), ok("cat", job.toString()).out(), name);
      assertEquals(1, ok("cat", job.toString()).out().lines().count(), name);
    }
    Path out = parquetDirectory();
    assertEquals("2\n", ok("count", out.resolve(".part-1.parquet").toString()).out());
  }

  @Test
  void aGlobThatMatchesOnlyHiddenFilesSaysSo() throws IOException {
    Path in = jsonDirectory();
    CliRunner.Result r = run("", "encode", in + "/_*");
    assertEquals(3, r.exitCode(), r.err());
    assertEquals(
        in + "/_*: no file matches but hidden or _ files, which a glob skips (name one to read it)",
        r.err().strip());
  }

  /** Each reading command reads from {@code out/*} what it reads from the directory {@code out}. */
  @Test
  void parquetCommandsReadAGlobAsTheyReadTheDirectory() throws IOException {
    Path out = parquetDirectory();
    assertEquals("2\n", ok("count", out + "/*.parquet").out());
    String glob = out + "/*";
    for (List<String> command :
        List.of(
            List.of("count"),
            List.of("cat"),
            List.of("head", "-n", "5"),
            List.of("get", "$.a"),
            List.of("select", "$.a"),
            List.of("schema"),
            List.of("meta"))) {
      assertEquals(
          ok(arguments(command, out.toString())).out(),
          ok(arguments(command, glob)).out(),
          command.get(0));
    }
  }

  /** A name with a scheme is globbed on its store, by the same rule. */
  @Test
  void aGlobOnAStoreSkipsThemToo() throws IOException {
    Path out = parquetDirectory();
    Configuration conf = LocalStore.conf();
    String stored = "localstore://here" + out.toAbsolutePath();
    assertEquals("2\n", runOnStore(conf, "count", stored).out());
    assertEquals("2\n", runOnStore(conf, "count", stored + "/*").out());
    assertEquals("2\n", runOnStore(conf, "count", stored + "/*.parquet").out());
  }

  private static String[] arguments(List<String> command, String input) {
    List<String> args = new ArrayList<>(List.of(command.get(0), input));
    args.addAll(command.subList(1, command.size()));
    return args.toArray(String[]::new);
  }

  private static CliRunner.Result runOnStore(Configuration conf, String... args) {
    CliRunner.Result r = CliRunner.runOn(Stores.of(conf), args);
    assertEquals(0, r.exitCode(), r.err());
    return r;
  }

  /** The local file system under a scheme of its own, standing in for a store. */
  public static final class LocalStore extends RawLocalFileSystem {
    /** A configuration that names this file system's scheme {@code localstore}. */
    static Configuration conf() {
      Configuration conf = new Configuration(false);
      conf.setClass("fs.localstore.impl", LocalStore.class, org.apache.hadoop.fs.FileSystem.class);
      conf.setBoolean("fs.localstore.impl.disable.cache", true);
      return conf;
    }

    @Override
    public URI getUri() {
      return URI.create("localstore://here/");
    }

    @Override
    public String getScheme() {
      return "localstore";
    }
  }
}
