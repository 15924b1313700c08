// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.ParquetTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatCommandTest {
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"a\": int8}");

  @TempDir Path dir;

  /** Rows: typed, SQL NULL, Variant null, residual. */
  private Path withNulls() throws IOException {
    return Fixtures.parquet(
        dir.resolve("nulls.parquet"),
        PLAN,
        List.of("v"),
        "{\"a\": 1}",
        null,
        "null",
        "{\"a\": \"x\"}");
  }

  @Test
  void jsonPrintsSqlNullAndVariantNullAsNull() throws IOException {
    assertEquals("{\"a\":1}\nnull\nnull\n{\"a\":\"x\"}\n", ok("cat", withNulls().toString()).out());
  }

  @Test
  void hexPrintsRebuiltBytesAndNullForSqlNull() throws IOException {
    String metadata =
        "11" + "01" + "0001"
            + "61"; // v1 sorted, 1 key, offsets 0..1, "a": the file's shared dictionary
    List<String> lines =
        ok("cat", withNulls().toString(), "--format", "hex").out().lines().toList();
    assertEquals(
        List.of(
            metadata + " 02" + "01" + "00" + "0002"
                + "0c01", // object, 1 field, id 0, offsets 0..2, int8 1
            "NULL", // SQL NULL
            metadata + " 00", // Variant null
            metadata + " 02" + "01" + "00" + "0002" + "0578"), // "a": short string "x"
        lines);
    CliRunner.Result decoded = run(String.join("\n", lines), "decode");
    assertEquals("{\"a\":1}\nnull\nnull\n{\"a\":\"x\"}\n", decoded.out(), decoded.err());
  }

  @Test
  void severalVariantColumnsNeedColumnAndOnlyThatOneIsPrinted() throws IOException {
    Path file =
        Fixtures.parquet(dir.resolve("two.parquet"), PLAN, List.of("left", "right"), "{\"a\": 1}");
    CliRunner.Result r = run("", "cat", file.toString());
    assertEquals(1, r.exitCode());
    assertEquals(
        file + ": several VARIANT columns (left, right): choose one with --column",
        r.err().strip());
    assertEquals("{\"a\":1}\n", ok("cat", file.toString(), "--column", "right").out());

    CliRunner.Result missing = run("", "cat", file.toString(), "--column", "middle");
    assertEquals(1, missing.exitCode());
    assertEquals(
        file + ": no VARIANT column \"middle\" (it has left, right)", missing.err().strip());
  }

  @Test
  void fileWithoutVariantColumnIsAnErrorListingItsColumns() throws IOException {
    Path file = dir.resolve("plain.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).longColumn("id").stringColumn("name").build()) {
      w.write(VariantRecord.builder().set("id", 1L).set("name", "x").build());
    }
    CliRunner.Result r = run("", "cat", file.toString());
    assertEquals(1, r.exitCode());
    assertEquals(file + ": no VARIANT column (columns: id, name)", r.err().strip());
  }

  @Test
  void notAParquetFileIsBadInputNamingTheFile() throws IOException {
    Path file = Files.writeString(dir.resolve("x.ndjson"), "{\"a\": 1}\n");
    CliRunner.Result r = run("", "cat", file.toString());
    assertEquals(1, r.exitCode());
    assertEquals(
        file
            + ": is not a Parquet file: it looks like JSON ('variant convert' turns JSON into"
            + " Parquet)",
        r.err().strip());
    Path text = Files.writeString(dir.resolve("x.txt"), "hello\n");
    assertEquals(
        text + ": is not a Parquet file: it does not start with PAR1",
        run("", "schema", text.toString()).err().strip());
    Path empty = Files.createFile(dir.resolve("empty.parquet"));
    assertEquals(
        empty + ": is not a Parquet file: it is empty",
        run("", "get", empty.toString(), "$").err().strip());
    assertFalse(r.hasStackTrace(), r.err());
    assertFalse(r.err().contains("LocalInputFile@"), r.err());
  }

  /**
   * A footer cut after 10 bytes (and its length saying so): malformed input in one line, not an I/O
   * error quoting thrift ("can not read class org.apache.parquet.format.FileMetaData: Socket is
   * closed by peer.").
   */
  @Test
  void aFooterThatDoesNotDecodeIsNotAValidParquetFile() throws IOException {
    Path good = dir.resolve("good.parquet");
    Fixtures.ok("convert", Fixtures.events().toString(), "-o", good.toString(), "-q");
    Path bad =
        Files.write(dir.resolve("bad.parquet"), Fixtures.footerCut(Files.readAllBytes(good), 10));
    everyReaderSays(
        bad,
        ": is not a valid Parquet file: the footer ends inside a field (its length, or a length in"
            + " it, is wrong)");
  }

  /** A file cut short (a copy in progress): said so, not "footer is too large: 2997790576". */
  @Test
  void aTruncatedParquetFileIsSaidToBeIncomplete() throws IOException {
    Path good = dir.resolve("good.parquet");
    Fixtures.ok("convert", Fixtures.events().toString(), "-o", good.toString(), "-q");
    byte[] bytes = Files.readAllBytes(good);
    Path cut = Files.write(dir.resolve("cut.parquet"), java.util.Arrays.copyOf(bytes, 5000));
    everyReaderSays(
        cut,
        ": is not a complete Parquet file: it does not end with PAR1 after 5,000 bytes"
            + " (truncated, or still being written?)");
  }

  /** cat, schema and inspect of {@code file} fail with exit code 1 and the line FILE + detail. */
  private static void everyReaderSays(Path file, String detail) {
    for (String command : List.of("cat", "schema", "inspect")) {
      CliRunner.Result r = run("", command, file.toString());
      assertEquals(1, r.exitCode(), command + ": " + r.err());
      assertEquals(file + detail, r.err().strip(), command);
    }
  }

  @Test
  void missingFileIsAnIoError() {
    Path missing = dir.resolve("missing.parquet");
    CliRunner.Result r = run("", "cat", missing.toString());
    assertEquals(3, r.exitCode());
    assertEquals(missing + ": no such file", r.err().strip());
  }

  @Test
  void readsParquetFromStdinAndGzipWithoutLeavingCopies() throws IOException {
    Path file = withNulls();
    byte[] bytes = Files.readAllBytes(file);
    String expected = ok("cat", file.toString()).out();
    CliRunner.Result stdin = CliRunner.run(bytes, "cat", "-");
    assertEquals(expected, stdin.out(), stdin.err());
    Path gz = Files.write(dir.resolve("nulls.parquet.gz"), CliRunner.gzip(bytes));
    assertEquals(expected, ok("cat", gz.toString()).out());
    CliRunner.Result gzStdin = CliRunner.run(CliRunner.gzip(bytes), "cat", "-", "--format", "hex");
    assertEquals(0, gzStdin.exitCode(), gzStdin.err());
    assertEquals(4, gzStdin.out().lines().count());
  }

  @Test
  void invalidShreddingNamesTheColumnAndRow() {
    // parquet-testing case 042: row 0 has both value and typed_value at the top level.
    Path file = ParquetTesting.dir("shredded_variant").resolve("case-042.parquet");
    CliRunner.Result r = run("", "cat", file.toString());
    assertEquals(1, r.exitCode());
    assertTrue(
        r.err()
            .startsWith(
                file
                    + ": Cannot rebuild the Variant: Invalid shredded variant at $: conflicting value "
                    + "and typed_value"),
        r.err());
    assertTrue(r.err().strip().endsWith("(column var, row 1)"), r.err());
    assertFalse(r.hasStackTrace(), r.err());
  }

  @Test
  void unsupportedShreddedTypeIsReportedForCatAndSchema() {
    // parquet-testing case 127: typed_value is an unsigned INT32, which Variant cannot hold.
    Path file = ParquetTesting.dir("shredded_variant").resolve("case-127.parquet");
    for (String command : List.of("cat", "schema")) {
      CliRunner.Result r = run("", command, file.toString());
      assertEquals(1, r.exitCode(), command);
      assertTrue(
          r.err()
              .startsWith(
                  file
                      + ": Invalid VARIANT schema at var.typed_value: Unsupported shredded value "
                      + "type: INTEGER(32,false)"),
          r.err());
    }
  }

  @Test
  void negativeLimitAndUnknownFormatAreUsageErrors() throws IOException {
    Path file = withNulls();
    CliRunner.Result limit = run("", "cat", file.toString(), "--limit", "-1");
    assertEquals(2, limit.exitCode());
    assertTrue(limit.err().contains("--limit must be at least 0, was -1"), limit.err());
    assertEquals(2, run("", "cat", file.toString(), "--format", "xml").exitCode());
  }
}
