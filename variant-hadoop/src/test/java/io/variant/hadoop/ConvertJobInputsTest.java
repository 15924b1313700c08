// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import io.variant.core.DuplicateKeys;
import io.variant.core.json.JsonOptions;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link ConvertJob} reads: zstd input, file systems it has no connector for, JSON options.
 */
class ConvertJobInputsTest {
  @TempDir Path dir;

  @Test
  void zstdInputIsReadWithoutHadoopsNativeLibrary() throws Exception {
    List<String> lines = new ArrayList<>();
    Random rnd = new Random(41);
    try (OutputStream out =
        new ZstdOutputStream(Files.newOutputStream(dir.resolve("a.ndjson.zst")))) {
      for (int frame = 0; frame < 2; frame++) { // two frames, one after the other
        for (int i = 0; i < 40; i++) {
          String line = Events.line(rnd, frame * 100 + i);
          lines.add(line);
          out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        out.flush();
      }
    }

    ConvertJob.Result r =
        ConvertJob.run(
            Events.localConf(dir),
            ConvertJob.Options.of(
                List.of(dir.resolve("a.ndjson.zst").toString()), dir.resolve("out").toString()),
            false);

    assertTrue(r.succeeded(), r.failure());
    assertEquals(Events.canonical(lines), Events.readAll(dir.resolve("out"), "variant"));
  }

  @Test
  void aFileSystemWithoutItsConnectorIsNamedInOneLine() throws Exception {
    Events.write(dir.resolve("a.ndjson"), new Random(42), 0, 5);
    String in = dir.resolve("a.ndjson").toString();
    for (String out : new String[] {"s3a://bucket/out", "hdfs://localhost:1/out"}) {
      ConvertRefusedException e =
          assertThrows(
              ConvertRefusedException.class,
              () ->
                  ConvertJob.run(
                      Events.localConf(dir), ConvertJob.Options.of(List.of(in), out), false));
      String scheme = out.substring(0, out.indexOf(':'));
      assertTrue(
          e.getMessage().startsWith(out + ": this jar cannot use " + scheme + "://"),
          e.getMessage());
      assertTrue(e.getMessage().contains(".jar"), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void aSubdirectoryOfAnInputDirectoryIsSkippedAsTheLocalEngineSkipsIt() throws Exception {
    Path in = Files.createDirectories(dir.resolve("in/sub"));
    Files.writeString(dir.resolve("in/a.ndjson"), "{\"f\": \"a\"}\n");
    Files.writeString(in.resolve("d.ndjson"), "{\"f\": \"d\"}\n");

    ConvertJob.Result r =
        ConvertJob.run(
            Events.localConf(dir),
            ConvertJob.Options.of(
                List.of(dir.resolve("in").toString()), dir.resolve("out").toString()),
            false);

    assertTrue(r.succeeded(), r.failure());
    assertEquals(List.of("{\"f\":\"a\"}"), Events.readAll(dir.resolve("out"), "variant"));
  }

  @Test
  void aFileNamedWithoutAGlobIsReadWhateverItsName() throws Exception {
    Path in = Files.createDirectories(dir.resolve("in"));
    Files.writeString(in.resolve("_a.ndjson"), "{\"f\": \"a\"}\n");
    Files.writeString(in.resolve(".b.ndjson"), "{\"f\": \"b\"}\n");
    Files.writeString(in.resolve("c.ndjson"), "{\"f\": \"c\"}\n");
    String[][] cases = {
      {in.resolve("_a.ndjson").toString(), "[{\"f\":\"a\"}]"},
      {in.resolve(".b.ndjson").toString(), "[{\"f\":\"b\"}]"},
      // a directory and a glob still skip them
      {in.toString(), "[{\"f\":\"c\"}]"},
      {in + "/*.ndjson", "[{\"f\":\"c\"}]"},
    };
    for (int i = 0; i < cases.length; i++) {
      Path out = dir.resolve("out" + i);
      ConvertJob.Result r =
          ConvertJob.run(
              Events.localConf(dir),
              ConvertJob.Options.of(List.of(cases[i][0]), out.toString()),
              false);

      assertTrue(r.succeeded(), cases[i][0] + ": " + r.failure());
      assertEquals(cases[i][1], Events.readAll(out, "variant").toString(), cases[i][0]);
    }
  }

  @Test
  void theToolTakesTheJsonLimitsAsPropertiesAndItsReasonsNameThem() throws Exception {
    Path in =
        Files.writeString(
            dir.resolve("a.ndjson"),
            "{\"a\": 1}\n{\"a\": 2}"
                + " ".repeat(1_200_000)
                + "\n"
                + "[".repeat(5)
                + "]".repeat(5));
    String out = dir.resolve("out").toString();

    int code =
        ToolRunner.run(
            Events.localConf(dir),
            new ConvertJob(),
            new String[] {
              "-D",
              ConvertMapper.MAX_VALUE_BYTES + "=64", // a line limit of 1 MiB
              "-D",
              ConvertMapper.MAX_DEPTH + "=3",
              "--on-error",
              "skip",
              "-o",
              out,
              in.toString()
            });

    assertEquals(0, code);
    List<String> reasons = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("out/_rejects/rejects-m-00000.ndjson"))) {
      reasons.add(RejectedLine.parse(line).reason());
    }
    assertEquals(
        List.of(
            "the line is longer than 1.0 MiB (twice -D variant.convert.max-value-bytes)",
            "nesting deeper than 3 levels (raise -D variant.convert.max-depth)"),
        reasons);
  }

  @Test
  void duplicateKeysFollowTheJsonOptions() throws Exception {
    Files.writeString(dir.resolve("a.ndjson"), "{\"a\": 1, \"a\": 2}\n");
    ConvertJob.Options options =
        ConvertJob.Options.of(
            List.of(dir.resolve("a.ndjson").toString()), dir.resolve("out").toString());

    ConvertJob.Result rejected = ConvertJob.run(Events.localConf(dir), options, false);
    ConvertJob.Result kept =
        ConvertJob.run(
            Events.localConf(dir),
            options
                .withJson(JsonOptions.defaults().withDuplicateKeys(DuplicateKeys.LAST_WINS))
                .withOverwrite(true),
            false);

    assertFalse(rejected.succeeded());
    assertTrue(kept.succeeded(), kept.failure());
    assertEquals(List.of("{\"a\":2}"), Events.readAll(dir.resolve("out"), "variant"));
  }
}
