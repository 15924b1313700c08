package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several inputs, directories of part files and globs for cat, schema and get; get --type, --where,
 * --explain.
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
            "  $.name reads 3 of the file's 6 columns:\n    v.metadata\n"
                + "    v.typed_value.name.value\n    v.typed_value.name.typed_value  (typed)\n"),
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
    assertTrue(bad.err().contains("'> 3' is not a value"), bad.err());
    assertTrue(
        run("", "get", file.toString(), "$.name", "--where", "age > 3")
            .err()
            .contains("is not 'PATH OP VALUE'"));
  }
}
