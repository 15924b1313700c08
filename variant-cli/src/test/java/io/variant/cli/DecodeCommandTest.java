// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecodeCommandTest {
  private static final String SMALL_LINE = HexLineTest.METADATA + " " + HexLineTest.VALUE + "\n";

  // {"a": null, "b": true, "c": [], "d": {}, "e": 1.5, "f": date 1970-01-01}
  private static final String TYPES_LINE =
      "11"
          + "06"
          + "00010203040506"
          + "616263646566" // sorted a..f
          + " 02"
          + "06"
          + "000102030405" // object, 6 fields, ids 0..5
          + "00010205080e13" // offsets 0, 1, 2, 5, 8, 14, 19
          + "00" // a: null
          + "04" // b: true
          + "030000" // c: empty array
          + "020000" // d: empty object
          + "20010f000000" // e: decimal4, scale 1, unscaled 15
          + "2c00000000\n"; // f: date, day 0

  @TempDir Path dir;

  @Test
  void writesOneJsonDocumentPerLine() {
    CliRunner.Result r = run(SMALL_LINE + "\n  \n" + SMALL_LINE, "decode");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("{\"id\":42,\"tags\":[\"a\"]}\n".repeat(2), r.out());
  }

  @Test
  void prettyShowsEveryValueWithItsType() {
    CliRunner.Result r = run(SMALL_LINE, "decode", "--pretty");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(
        "object\n" + "  \"id\": int8 42\n" + "  \"tags\": array\n" + "    [0]: string \"a\"\n",
        r.out());
  }

  @Test
  void prettyShowsScalarTypesAndEmptyContainers() {
    CliRunner.Result r = run(TYPES_LINE, "decode", "--pretty");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(
        "object\n"
            + "  \"a\": null\n"
            + "  \"b\": boolean true\n"
            + "  \"c\": array\n"
            + "  \"d\": object\n"
            + "  \"e\": decimal4 1.5\n"
            + "  \"f\": date \"1970-01-01\"\n",
        r.out());
  }

  @Test
  void sqlNullLinePrintsNullAndPrettyShowsItApartFromVariantNull() {
    String variantNull = "010000 00\n"; // empty dictionary; Variant null
    CliRunner.Result r = run("NULL\n" + variantNull, "decode");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("null\nnull\n", r.out());
    CliRunner.Result pretty = run("NULL\n" + variantNull, "decode", "--pretty");
    assertEquals(0, pretty.exitCode(), pretty.err());
    assertEquals("NULL\nnull\n", pretty.out());
  }

  @Test
  void readsGzipFromFileAndStdin() throws IOException {
    byte[] gz = CliRunner.gzip(SMALL_LINE.getBytes(StandardCharsets.UTF_8));
    Path file = Files.write(dir.resolve("small.hex.gz"), gz);
    assertEquals("{\"id\":42,\"tags\":[\"a\"]}\n", run("", "decode", file.toString()).out());
    assertEquals("{\"id\":42,\"tags\":[\"a\"]}\n", run(gz, "decode", "-").out());
  }

  @Test
  void badHexNamesFileLineAndColumn() throws IOException {
    Path file = Files.writeString(dir.resolve("in.hex"), SMALL_LINE + "010000 0z\n" + SMALL_LINE);
    CliRunner.Result r = run("", "decode", file.toString());
    assertEquals(1, r.exitCode());
    assertEquals(file + ":2:9: value: 'z' is not a hex digit", r.err().strip());
    assertEquals("{\"id\":42,\"tags\":[\"a\"]}\n", r.out(), "lines before the error are written");
  }

  @Test
  void malformedVariantNamesLineAndColumnWithoutStackTrace() {
    String metadata = "0101000161"; // v1 unsorted, 1 key, offsets 0..1, "a"
    String value = "0201050002" + "0c2a"; // object, 1 field, id 5 (!), offsets 0..2, int8 42
    CliRunner.Result r = run(metadata + " " + value + "\n", "decode");
    assertEquals(1, r.exitCode());
    assertTrue(r.err().startsWith("<stdin>:1:16: value: Invalid variant at byte 2:"), r.err());
    assertFalse(r.hasStackTrace(), r.err());
    assertEquals("", r.out());
  }

  @Test
  void verbosePrintsStackTrace() {
    CliRunner.Result r = run("010000 0z\n", "decode", "--verbose");
    assertEquals(1, r.exitCode());
    assertTrue(r.err().startsWith("<stdin>:1:9: "), r.err());
    assertTrue(r.hasStackTrace(), r.err());
  }

  @Test
  void timeOutsideOneDayIsReportedAtTheValue() {
    // time_ntz (17 << 2 = 0x44) of 86 400 000 000 us = 24:00: validation accepts the bytes,
    // rendering cannot.
    CliRunner.Result r = run("010000 44" + "0060d71d14000000\n", "decode");
    assertEquals(1, r.exitCode());
    assertTrue(
        r.err().startsWith("<stdin>:1:10: value: Invalid variant at byte 1:"),
        r.err()); // the payload
    assertTrue(r.err().contains("outside one day"), r.err());
  }
}
