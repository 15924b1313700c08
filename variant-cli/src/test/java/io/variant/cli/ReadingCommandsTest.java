// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several inputs, directories of part files and globs for every reading command (convert, plan,
 * encode, decode, cat, schema, get); get --type, --where, --explain.
 */
class ReadingCommandsTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"age\": int64, \"name\": string}");

  @TempDir Path dir;

  /** A directory as Spark or Hadoop writes it: part files, a _SUCCESS marker and .crc files. */
  private Path partDirectory() throws IOException {
    Path parts = Files.createDirectory(dir.resolve("table"));
    Fixtures.parquet(
        parts.resolve("part-00000.parquet"),
        PLAN,
        List.of("v"),
        "{\"age\": 10, \"name\": \"a\"}",
        "{\"age\": 20, \"name\": \"b\"}");
    Fixtures.parquet(
        parts.resolve("part-00001.parquet"),
        PLAN,
        List.of("v"),
        "{\"age\": 30, \"name\": \"c\"}",
        "{\"age\": 40, \"name\": \"d\"}");
    Files.writeString(parts.resolve("_SUCCESS"), "");
    Files.writeString(parts.resolve(".part-00000.parquet.crc"), "junk");
    return parts;
  }

  @Test
  void catSchemaAndGetReadADirectoryOfPartFilesGlobsAndSeveralFiles() throws IOException {
    Path parts = partDirectory();
    List<String> all =
        List.of(
            "{\"age\":10,\"name\":\"a\"}",
            "{\"age\":20,\"name\":\"b\"}",
            "{\"age\":30,\"name\":\"c\"}",
            "{\"age\":40,\"name\":\"d\"}");
    assertEquals(all, ok("cat", parts.toString()).out().lines().toList());
    assertEquals(all, ok("cat", parts + "/part-*.parquet").out().lines().toList());
    assertEquals(
        all.subList(0, 3),
        ok(
                "cat",
                parts.resolve("part-00000.parquet").toString(),
                parts.resolve("part-00001.parquet").toString(),
                "--limit",
                "3")
            .out()
            .lines()
            .toList());
    assertEquals(
        List.of("\"a\"", "\"b\"", "\"c\"", "\"d\""),
        ok("get", parts.toString(), "$.name").out().lines().toList());
    String schema = ok("schema", parts.toString()).out();
    assertTrue(
        schema.startsWith(
            "# 2 files: "
                + parts.resolve("part-00000.parquet")
                + ", "
                + parts.resolve("part-00001.parquet")
                + "\n"),
        schema);
    assertEquals(1, schema.split("message ").length - 1, schema); // one schema, printed once

    CliRunner.Result none = run("", "cat", dir + "/nothing-*.parquet");
    assertEquals(3, none.exitCode());
    assertTrue(none.err().contains("no file matches"), none.err());
  }

  /**
   * plan, encode and decode took one FILE: a second one was a usage error, a glob "no such file".
   */
  @Test
  void planEncodeAndDecodeReadSeveralInputsDirectoriesAndGlobsInOrder() throws IOException {
    Path logs = Files.createDirectory(dir.resolve("logs"));
    Files.writeString(logs.resolve("a.ndjson"), "{\"n\": 1}\n{\"n\": 2}\n");
    Files.write(
        logs.resolve("b.ndjson.gz"),
        CliRunner.gzip("{\"n\": 3, \"s\": \"x\"}\n".getBytes(StandardCharsets.UTF_8)));
    Files.writeString(logs.resolve("_SUCCESS"), "");
    List<String> docs = List.of("{\"n\":1}", "{\"n\":2}", "{\"n\":3,\"s\":\"x\"}");

    String hex = ok("encode", logs.toString()).out();
    assertEquals(hex, ok("encode", logs + "/*.ndjson*").out());
    assertEquals(
        hex,
        ok("encode", logs.resolve("a.ndjson").toString(), logs.resolve("b.ndjson.gz").toString())
            .out());
    Path first = Files.writeString(dir.resolve("1.hex"), hex.lines().findFirst().get() + "\n");
    Path rest =
        Files.writeString(dir.resolve("2.hex"), String.join("\n", hex.lines().skip(1).toList()));
    assertEquals(docs, ok("decode", dir + "/?.hex").out().lines().toList());
    assertEquals(docs, ok("decode", first.toString(), rest.toString()).out().lines().toList());

    CliRunner.Result plan = ok("plan", logs.toString(), "--select", "presence");
    assertTrue(plan.out().startsWith("{\"n\": int32, \"s\": string}\n"), plan.out());
    assertTrue(plan.out().contains("\n3 rows sampled;"), plan.out());
    assertEquals(plan.out(), ok("plan", logs + "/*", "--select", "presence").out());

    CliRunner.Result none = run("", "plan", dir + "/nothing-*.ndjson");
    assertEquals(3, none.exitCode(), none.err());
    assertEquals(dir + "/nothing-*.ndjson: no file matches", none.err().strip());
  }

  /**
   * A directory of JSON part files as a job writes them converts in name order, skipping the
   * _SUCCESS marker and hidden files; with a glob and a plain file after it, in the order given.
   */
  @Test
  void convertReadsADirectoryOfPartFilesAndGlobsInOrder() throws IOException {
    Path job = Files.createDirectory(dir.resolve("job"));
    Files.writeString(job.resolve("part-00001.json"), "{\"n\": 3}\n{\"n\": 4}\n");
    Files.writeString(job.resolve("part-00000.json"), "[\n{\"n\": 1},\n{\"n\": 2}\n]\n");
    Files.writeString(job.resolve("_SUCCESS"), "");
    Files.writeString(job.resolve(".part-00000.json.crc"), "not json");
    Path last = Files.writeString(dir.resolve("last.ndjson"), "{\"n\": 5}\n");
    Path out = dir.resolve("job.parquet");
    CliRunner.Result r = ok("convert", job.toString(), last.toString(), "-o", out.toString());
    assertTrue(r.err().startsWith(out + ": 5 rows written (5 read, 0 rejected)"), r.err());
    List<String> rows = ok("cat", out.toString()).out().lines().toList();
    assertEquals(IntStream.rangeClosed(1, 5).mapToObj(n -> "{\"n\":" + n + "}").toList(), rows);
    Path globbed = dir.resolve("glob.parquet");
    ok("convert", job + "/part-*", last.toString(), "-o", globbed.toString(), "-q");
    assertEquals(rows, ok("cat", globbed.toString()).out().lines().toList());
  }

  /** An empty directory was exit 1 (bad input), a glob that matches nothing exit 3. */
  @Test
  void anEmptyDirectoryIsAnIoErrorLikeAGlobThatMatchesNothing() throws IOException {
    Path empty = Files.createDirectory(dir.resolve("empty"));
    for (String command : List.of("cat", "encode", "convert")) {
      CliRunner.Result r =
          command.equals("convert")
              ? run("", command, empty.toString(), "-o", dir.resolve("x.parquet").toString())
              : run("", command, empty.toString());
      assertEquals(3, r.exitCode(), command + ": " + r.err());
      assertEquals(empty + ": the directory holds no data file", r.err().strip(), command);
    }
  }

  @Test
  void whereCombinesComparisonsWithAndOrNotAndParentheses() throws IOException {
    Path parts = partDirectory(); // ages 10 a, 20 b, 30 c, 40 d
    for (String[] clause :
        new String[][] {
          {"$.age >= 20", "b c d"},
          {"$.age<=20", "a b"},
          {"$.age != 20", "a c d"},
          {"$.age <> 20", "a c d"},
          {"$.name in ('a', 'd', 'zz')", "a d"},
          {"$.name not in ('a', 'd')", "b c"},
          {"$.nope not in (1)", ""}, // as SQL's NOT IN and as !=: a missing value is not unequal
          {"not $.nope in (1)", "a b c d"},
          {"$.name is not null", "a b c d"},
          {"$.nope is not null", ""},
          {"not $.age > 20", "a b"},
          {"$.age = 10 or $.age = 30 and $.name = 'x'", "a"}, // and binds tighter than or
          {"($.age = 10 or $.age = 30) and $.name = 'c'", "c"},
          {"not $.age = 10 and not $.age = 40", "b c"}, // not binds tighter than and
          {"NOT ($.age = 10 OR $.age = 40)", "b c"},
          {"$.age between 15 and 35 and $.name != 'b'", "c"},
          {"$.nope != 1", ""}, // a missing value compares with nothing
          {"not $.nope = 1", "a b c d"},
        }) {
      List<String> expected =
          clause[1].isEmpty()
              ? List.of()
              : List.of(clause[1].split(" ")).stream().map(n -> "\"" + n + "\"").toList();
      assertEquals(
          expected,
          ok("get", parts.toString(), "$.name", "--where", clause[0]).out().lines().toList(),
          clause[0]);
    }
  }

  @Test
  void whereNamesWhatItDoesNotOffer() throws IOException {
    Path parts = partDirectory();
    for (String[] clause :
        new String[][] {
          {"$.name like 'a%'", "like is not supported after '$.name'"},
          {"$.name not like 'a%'", "not like is not supported after '$.name'"},
          {"$.age > 1 and", "it ends where a condition should follow"},
          {"($.age > 1", "')' is missing at the end"},
          {"$.age > 1)", "')' is not expected there"},
          {"$.name in ()", "')' is not a value"},
          {"$.name = 'open", "the quote ' at 10 is not closed"},
          {"", "it is empty"},
        }) {
      CliRunner.Result r = run("", "get", parts.toString(), "$.name", "--where", clause[0]);
      assertEquals(2, r.exitCode(), clause[0]);
      assertTrue(
          r.err().startsWith("variant get: --where '" + clause[0] + "': " + clause[1]), r.err());
      assertTrue(
          r.err().contains("; a condition is PATH OP VALUE (OP: =, !=, <>, <, <=, >, >=)"),
          r.err());
    }
    // words and operators inside a quoted value are the value's
    assertEquals(
        "", ok("get", parts.toString(), "$.name", "--where", "$.name = 'x in >= y'").out());
    assertEquals(
        List.of("\"a\""),
        ok("get", parts.toString(), "$.name", "--where", "$.age < 15").out().lines().toList());
  }

  @Test
  void getTypeConvertsExactlyOrPrintsNull() throws IOException {
    Path file =
        Fixtures.parquet(
            dir.resolve("t.parquet"),
            ShreddingPlan.residual(),
            List.of("v"),
            "{\"x\": 2}",
            "{\"x\": 2.0}",
            "{\"x\": 2.5}",
            "{\"x\": \"2\"}",
            "{\"x\": true}",
            null);
    assertEquals(
        List.of("2", "2", "null", "null", "null", "null"),
        ok("get", file.toString(), "$.x", "--type", "long").out().lines().toList());
    assertEquals(
        List.of("2.0", "2.0", "2.5", "null", "null", "null"),
        ok("get", file.toString(), "$.x", "--type", "double").out().lines().toList());
    assertEquals(
        List.of("null", "null", "null", "\"2\"", "null", "null"),
        ok("get", file.toString(), "$.x", "--type", "string").out().lines().toList());
    assertEquals(
        List.of("null", "null", "null", "null", "true", "null"),
        ok("get", file.toString(), "$.x", "--type", "boolean").out().lines().toList());
    assertEquals(2, run("", "get", file.toString(), "$.x", "--type", "int").exitCode());
  }

  @Test
  void getTypeDecimalGivesADoubleAsItsJsonTextAndNullBeyondADecimal() throws IOException {
    // JSON numbers with an exponent are doubles: as decimals they are the number written, not
    // the binary fraction nearest to it; beyond the 38 digits of a decimal, null
    Path file =
        Fixtures.parquet(
            dir.resolve("d.parquet"),
            ShreddingPlan.residual(),
            List.of("v"),
            "{\"x\": 1e-1}",
            "{\"x\": 1.5e-5}",
            "{\"x\": 1.005e0}",
            "{\"x\": 0.1}",
            "{\"x\": 1e300}",
            "{\"x\": 1e-50}",
            "{\"x\": 2e3}");
    assertEquals(
        List.of("0.1", "0.000015", "1.005", "0.1", "null", "null", "2000.0"),
        ok("get", file.toString(), "$.x", "--type", "decimal").out().lines().toList());
    assertEquals(
        List.of("null", "null", "null", "null", "null", "null", "2000"),
        ok("get", file.toString(), "$.x", "--type", "long").out().lines().toList());
    assertEquals(
        List.of("0.10", "0.00", "1.01", "0.10", "", "0.00", "2000.00"),
        ok("select", file.toString(), "$.x::decimal(10,2)", "--lenient", "--format", "csv")
            .out()
            .lines()
            .skip(1)
            .toList());
  }

  /**
   * 3 row groups of 100 rows: ages 0-99, 100-199, 200-299; the typed column's statistics skip row
   * groups.
   */
  private Path threeRowGroups() throws IOException {
    Path file = dir.resolve("groups.parquet");
    try (var w =
        io.variant.parquet.write.VariantParquetWriter.builder(file)
            .variantColumn("v", PLAN)
            .rowGroupRowLimit(100)
            .build()) {
      for (int i = 0; i < 300; i++) {
        w.write(
            io.variant.parquet.VariantRecord.builder()
                .set(
                    "v",
                    io.variant.core.json.VariantJson.parse(
                        "{\"age\": " + i + ", \"name\": \"n" + i + "\"}"))
                .build());
      }
    }
    return file;
  }

  @Test
  void getWhereReturnsTheMatchingRowsAndExplainSaysWhichRowGroupsAreSkipped() throws IOException {
    Path file = threeRowGroups();
    assertEquals(
        List.of("\"n250\"", "\"n251\""),
        ok("get", file.toString(), "$.name", "--where", "$.age between 250 and 251")
            .out()
            .lines()
            .toList());
    assertEquals(
        IntStream.range(0, 5).mapToObj(i -> "\"n" + i + "\"").toList(),
        ok("get", file.toString(), "$.name", "--where", "$.age < 5").out().lines().toList());
    assertEquals(
        List.of("\"n7\""),
        ok("get", file.toString(), "$.name", "--where", "$.name = 'n7'").out().lines().toList());

    String explain =
        ok("get", file.toString(), "$.name", "--where", "$.age > 250", "--explain").out();
    assertTrue(
        explain.startsWith(file + ": 300 rows in 3 row groups; VARIANT column v\n"), explain);
    assertTrue(
        explain.contains(
            // every name is typed, by the chunks' null counts: its typed column answers, its
            // all-null residual's levels checked
            "  $.name reads 2 of the file's 6 columns:\n"
                + "    v.typed_value.name.value\n"
                + "    v.typed_value.name.typed_value  (typed)\n"),
        explain);
    assertTrue(
        explain.contains(
            "row group 1 (100 rows): skipped, no row can match; "
                + "v.typed_value.age.value all null; v.typed_value.age.typed_value min 0, max 99\n"),
        explain);
    assertTrue(explain.contains("row group 2 (100 rows): skipped"), explain);
    assertTrue(
        explain.contains(
            "row group 3 (100 rows): read, rows tested (the typed range allows a match); "),
        explain);
    assertTrue(explain.contains("v.typed_value.age.typed_value min 200, max 299\n"), explain);

    String unshredded =
        ok(
                "get",
                Fixtures.parquet(
                        dir.resolve("r.parquet"),
                        ShreddingPlan.residual(),
                        List.of("v"),
                        "{\"age\": 1}")
                    .toString(),
                "$.age",
                "--where",
                "$.age > 0",
                "--explain")
            .out();
    assertTrue(
        unshredded.contains("every row group is read: the path is not shredded"), unshredded);

    CliRunner.Result bad = run("", "get", file.toString(), "$.name", "--where", "$.age >> 3");
    assertEquals(2, bad.exitCode());
    assertTrue(bad.err().contains("'>' is not a value"), bad.err());
    assertTrue(
        run("", "get", file.toString(), "$.name", "--where", "age > 3")
            .err()
            .contains("'age' is not a path (a path starts with $)"));
  }

  /**
   * A named pipe (or {@code <(zcat x.gz)}, which the shell passes as {@code /dev/fd/N}) is read as
   * a stream: asking how much it holds must not seek it.
   */
  @Test
  void readsANamedPipe() throws IOException, InterruptedException {
    Path fifo = dir.resolve("rows.fifo");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertEquals(0, mkfifo.waitFor());
    Thread writer =
        new Thread(
            () -> {
              try {
                Files.writeString(fifo, "{\"age\": 1}\n{\"age\": 2}\n");
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    writer.start();
    Path out = dir.resolve("out.parquet");
    ok("convert", fifo.toString(), "-o", out.toString(), "--plan", "{\"age\": int64}");
    writer.join();
    assertEquals(
        List.of("{\"age\":1}", "{\"age\":2}"), ok("cat", out.toString()).out().lines().toList());
  }
}
