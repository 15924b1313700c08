// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code variant select}: columns, types, text formats, limits, several files and errors. */
class SelectCommandTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"id\": int64, \"name\": string, \"tags\": [string]}");

  @TempDir Path dir;

  /** Rows: typed, residual types, SQL NULL, Variant null, a missing field. */
  private Path events() throws IOException {
    return Fixtures.parquet(
        dir.resolve("e.parquet"),
        PLAN,
        List.of("v"),
        "{\"id\": 1, \"name\": \"ann\", \"tags\": [\"a\"], \"at\": {\"x\": 1.5}}",
        "{\"id\": \"two\", \"name\": null}",
        null,
        "null",
        "{\"name\": \"bo, \\\"the\\\"\\nsecond\", \"id\": 5}");
  }

  @Test
  void jsonHasOneObjectPerRowKeyedByTheColumnsAsWritten() throws IOException {
    assertEquals(
        "{\"$.id\":1,\"$.name\":\"ann\",\"$.at.x\":1.5}\n"
            + "{\"$.id\":\"two\",\"$.name\":null,\"$.at.x\":null}\n"
            + "{\"$.id\":null,\"$.name\":null,\"$.at.x\":null}\n"
            + "{\"$.id\":null,\"$.name\":null,\"$.at.x\":null}\n"
            + "{\"$.id\":5,\"$.name\":\"bo, \\\"the\\\"\\nsecond\",\"$.at.x\":null}\n",
        ok("select", events().toString(), "$.id", "$.name", "$.at.x").out());
  }

  @Test
  void typedColumnsCastAsVariantGetAndFailOnAValueThatDoesNotCast() throws IOException {
    Path file = events();
    CliRunner.Result strict = run("", "select", file.toString(), "$.id::bigint");
    assertEquals(1, strict.exitCode(), strict.err());
    assertEquals(
        file
            + ": Cannot cast $.id::bigint: the value is STRING \"two\"; --lenient gives null where"
            + " a value does not cast (column v, row 2)",
        strict.err().strip());
    assertEquals(
        "{\"$.id::BIGINT\":1,\"$.name::varchar\":\"ann\"}\n"
            + "{\"$.id::BIGINT\":null,\"$.name::varchar\":null}\n"
            + "{\"$.id::BIGINT\":null,\"$.name::varchar\":null}\n"
            + "{\"$.id::BIGINT\":null,\"$.name::varchar\":null}\n"
            + "{\"$.id::BIGINT\":5,\"$.name::varchar\":\"bo, \\\"the\\\"\\nsecond\"}\n",
        ok("select", file.toString(), "$.id::BIGINT", "$.name::varchar", "--lenient").out());
  }

  @Test
  void aCastFailsOnlyOnRowsTheOutputHolds() throws IOException {
    Path file = events();
    assertEquals(
        "{\"$.id::int\":1}\n", ok("select", file.toString(), "$.id::int", "--limit", "1").out());
    assertEquals(
        "{\"$.id::int\":5}\n",
        ok("select", file.toString(), "$.id::int", "--where", "$.name != 'ann'").out());
  }

  @Test
  void whereReadsRowsOfEveryTypedColumnType() throws IOException {
    // Arrow Java's row copy of a list has no case for timestamps with a zone in nanoseconds
    Path file =
        Fixtures.parquet(
            dir.resolve("nanos.parquet"),
            ShreddingPlan.parse("{\"id\": int64, \"d\": [timestamp_nanos]}"),
            List.of("v"),
            "{\"id\": 1, \"d\": [\"x\"]}",
            "{\"id\": 2, \"d\": 5}");
    assertEquals(
        "{\"$.d\":[\"x\"]}\n", ok("select", file.toString(), "$.d", "--where", "$.id = 1").out());
    assertEquals("{\"$.d\":[\"x\"]}\n", ok("select", file.toString(), "$.d", "--limit", "1").out());
  }

  @Test
  void csvQuotesCommasQuotesAndNewlinesAndTellsNullFromEmpty() throws IOException {
    Path file =
        Fixtures.parquet(
            dir.resolve("text.parquet"),
            PLAN,
            List.of("v"),
            "{\"id\": 1, \"name\": \"a,b\"}",
            "{\"id\": 2, \"name\": \"say \\\"hi\\\"\"}",
            "{\"id\": 3, \"name\": \"two\\nlines\"}",
            "{\"id\": 4, \"name\": \"\"}",
            "{\"id\": 5}",
            "{\"id\": 6, \"name\": {\"k\": [1, 2]}}");
    assertEquals(
        "$.id::bigint,$.name,$.name::string\n"
            + "1,\"a,b\",\"a,b\"\n"
            + "2,\"say \"\"hi\"\"\",\"say \"\"hi\"\"\"\n"
            + "3,\"two\nlines\",\"two\nlines\"\n"
            + "4,\"\",\"\"\n"
            + "5,,\n"
            + "6,\"{\"\"k\"\":[1,2]}\",\"{\"\"k\"\":[1,2]}\"\n",
        ok("select", file.toString(), "$.id::bigint", "$.name", "$.name::string", "--format", "csv")
            .out());
    assertEquals(
        "$.id::bigint\t$.name\n"
            + "1\ta,b\n"
            + "2\tsay \"hi\"\n"
            + "3\ttwo\\nlines\n"
            + "4\t\n"
            + "5\t\n"
            + "6\t{\"k\":[1,2]}\n",
        ok("select", file.toString(), "$.id::bigint", "$.name", "--format", "tsv").out());
  }

  @Test
  void aVariantNullIsNullAndSqlNullAnEmptyField() throws IOException {
    List<String> lines =
        ok("select", events().toString(), "$", "--format", "csv").out().lines().toList();
    assertEquals("", lines.get(3)); // row 3: SQL NULL
    assertEquals("null", lines.get(4)); // row 4: the Variant null
  }

  @Test
  void tsvEscapesTabsAndBackslashes() throws IOException {
    Path file =
        Fixtures.parquet(
            dir.resolve("tabs.parquet"), PLAN, List.of("v"), "{\"name\": \"a\\tb\\\\c\\r\"}");
    assertEquals(
        "$.name::string\na\\tb\\\\c\\r\n",
        ok("select", file.toString(), "$.name::string", "--format", "tsv").out());
  }

  @Test
  void limitCountsRowsAcrossFilesAndGlobs() throws IOException {
    events();
    Fixtures.parquet(dir.resolve("f.parquet"), PLAN, List.of("v"), "{\"id\": 7}", "{\"id\": 8}");
    String glob = dir.resolve("*.parquet").toString();
    assertEquals(
        List.of("1", "two", "", "", "5", "7", "8"),
        ok("select", glob, "$.id", "--format", "csv").out().lines().skip(1).toList());
    assertEquals(
        "$.id\n1\ntwo\n", ok("select", glob, "$.id", "--format", "csv", "--limit", "2").out());
    assertEquals(
        "{\"$.id\":7}\n", ok("select", glob, "$.id", "--where", "$.id >= 6", "--limit", "1").out());
    assertEquals("$.id\n", ok("select", glob, "$.id", "--format", "csv", "--limit", "0").out());
  }

  @Test
  void aPathMissingEverywhereGivesNull() throws IOException {
    assertEquals(
        "{\"$.nowhere[3]\":null,\"$.nowhere::int\":null}\n".repeat(5),
        ok("select", events().toString(), "$.nowhere[3]", "$.nowhere::int").out());
  }

  @Test
  void severalVariantColumnsAreNamedBeforeThePath() throws IOException {
    Path file =
        Fixtures.parquet(dir.resolve("two.parquet"), PLAN, List.of("left", "right"), "{\"id\": 1}");
    assertEquals(
        "{\"left:$.id\":1,\"right:$.id::double\":1.0}\n",
        ok("select", file.toString(), "left:$.id", "right:$.id::double").out());
    assertEquals(
        "{\"$.id\":1}\n", ok("select", file.toString(), "$.id", "--column", "right").out());
    CliRunner.Result unnamed = run("", "select", file.toString(), "$.id");
    assertEquals(1, unnamed.exitCode());
    assertEquals(
        file
            + ": several VARIANT columns (left, right): choose one with --column, or name it"
            + " before the path (NAME:$.path)",
        unnamed.err().strip());
    CliRunner.Result missing = run("", "select", file.toString(), "middle:$.id");
    assertEquals(1, missing.exitCode());
    assertEquals(
        file + ": no VARIANT column \"middle\" (it has left, right)", missing.err().strip());
  }

  @Test
  void aFileWithoutVariantColumnsIsBadInputNamingIt() throws IOException {
    Path file = dir.resolve("plain.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).longColumn("id").stringColumn("name").build()) {
      w.write(VariantRecord.builder().set("id", 1L).set("name", "x").build());
    }
    CliRunner.Result r = run("", "select", file.toString(), "$.id");
    assertEquals(1, r.exitCode());
    assertEquals(file + ": no VARIANT column (columns: id, name)", r.err().strip());
  }

  @Test
  void draftLayoutFilesAreReadRowByRow() throws IOException {
    Path file = dir.resolve("draft.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", PLAN)
            .layout(ShreddingLayout.DRAFT)
            .build()) {
      w.write(
          VariantRecord.builder()
              .set("v", VariantJson.parse("{\"id\": 3, \"name\": \"c\"}"))
              .build());
      w.write(VariantRecord.builder().set("v", null).build());
    }
    assertEquals(
        "{\"$.id::bigint\":3,\"$.name\":\"c\"}\n{\"$.id::bigint\":null,\"$.name\":null}\n",
        ok("select", file.toString(), "$.id::bigint", "$.name").out());
  }

  @Test
  void outputFileIsWrittenWholeAndNotReplacedWithoutOverwrite() throws IOException {
    Path file = events();
    Path out = dir.resolve("out.csv");
    ok("select", file.toString(), "$.id", "--format", "csv", "-o", out.toString());
    assertEquals("$.id\n1\ntwo\n\n\n5\n", Files.readString(out));
    CliRunner.Result again = run("", "select", file.toString(), "$.id", "-o", out.toString());
    assertEquals(2, again.exitCode(), again.err());
    assertTrue(again.err().contains("--overwrite"), again.err());
    ok("select", file.toString(), "$.name", "-o", out.toString(), "--overwrite", "--limit", "1");
    assertEquals("{\"$.name\":\"ann\"}\n", Files.readString(out));

    CliRunner.Result failed =
        run("", "select", file.toString(), "$.id::int", "-o", out.toString(), "--overwrite");
    assertEquals(1, failed.exitCode());
    assertEquals("{\"$.name\":\"ann\"}\n", Files.readString(out)); // untouched
    try (var listing = Files.list(dir)) {
      assertFalse(listing.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")));
    }
  }

  @Test
  void usageErrorsExitWithTwo() throws IOException {
    String file = events().toString();
    for (List<String> args :
        List.of(
            List.of("select", "$.id", file),
            List.of("select", file, "data.parquet"),
            List.of("select", file, "$.id", "$.id"),
            List.of("select", file, "$.id::timestamp"),
            List.of("select", file, "$.id::decimal"),
            List.of("select", file, "$.id::decimal(40,2)"),
            List.of("select", file, "$.id::uint"),
            List.of("select", file, "$.[", "--format", "csv"),
            List.of("select", file, "$.id", "--format", "xml"),
            List.of("select", file, "$.id", "--where", "$.id >"))) {
      CliRunner.Result r = run("", args.toArray(String[]::new));
      assertEquals(2, r.exitCode(), args + ": " + r.err());
      assertFalse(r.hasStackTrace(), r.err());
    }
    CliRunner.Result order = run("", "select", "$.id", file);
    assertTrue(order.err().contains("FILE... comes first"), order.err());
    CliRunner.Result ambiguous = run("", "select", file, "$.id::timestamp");
    assertTrue(ambiguous.err().contains("timestamptz"), ambiguous.err());
    // 8 bits in Arrow and Parquet, 8 bytes (BIGINT) in DuckDB: refused rather than read either way
    CliRunner.Result int8 = run("", "select", file, "$.id::int8", "--lenient");
    assertEquals(2, int8.exitCode(), int8.err());
    assertTrue(int8.err().contains("write tinyint (8 bits) or bigint (8 bytes)"), int8.err());
  }
}
