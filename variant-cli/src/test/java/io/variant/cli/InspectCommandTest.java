// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.testkit.ChangedPageFile;
import io.variant.shredding.ShreddingPlan;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InspectCommandTest {
  @TempDir Path dir;

  @Test
  void aShreddedRowShowsTypesOffsetsSizesAndWhichColumnEachPartCameFrom() throws IOException {
    Path file =
        Fixtures.parquet(
            dir.resolve("s.parquet"),
            ShreddingPlan.parse("{\"id\": int64, \"user\": {\"age\": int64}, \"tags\": [string]}"),
            List.of("v"),
            "{\"id\": 1, \"user\": {\"age\": \"old\"}, \"tags\": [\"a\"], \"extra\": [1]}",
            null);
    assertEquals(
        file
            + " row 1, column v (spec layout, 3 typed columns)\n"
            + "metadata 33 bytes (5 keys), value 41 bytes\n"
            + "object  @0 +41  typed v.typed_value (other fields: residual v.value)\n"
            + "  \"extra\": array  @11 +6  residual v.value\n"
            + "    [0]: int8 1  @15 +2\n"
            + "  \"id\": int64 1  @17 +9  typed v.typed_value.id.typed_value\n"
            + "  \"tags\": array  @26 +6  typed v.typed_value.tags.typed_value\n"
            + "    [0]: string \"a\"  @30 +2  typed v.typed_value.tags.typed_value.list.element.typed_value\n"
            + "  \"user\": object  @32 +9  typed v.typed_value.user.typed_value\n"
            + "    \"age\": string \"old\"  @37 +4  residual v.typed_value.user.typed_value.age.value\n",
        ok("inspect", file.toString())
            .out()
            .replaceAll("metadata \\d+ bytes", "metadata 33 bytes"));
    assertEquals(
        file + " row 2, column v (spec layout, 3 typed columns)\nSQL NULL\n",
        ok("inspect", file.toString(), "--row", "2").out());
    CliRunner.Result past = run("", "inspect", file.toString(), "--row", "3");
    assertEquals(1, past.exitCode());
    assertEquals(file + ": has 2 rows; --row 3 is past the end", past.err().strip());
    assertEquals(2, run("", "inspect", file.toString(), "--row", "0").exitCode());
  }

  @Test
  void anUnshreddedRowShowsOffsetsAndSizes() throws IOException {
    Path file =
        Fixtures.parquet(
            dir.resolve("u.parquet"), ShreddingPlan.residual(), List.of("v"), "[1, \"x\"]");
    String out = ok("inspect", file.toString()).out();
    assertTrue(
        out.endsWith(
            "value 9 bytes\narray  @0 +9\n  [0]: int8 1  @5 +2\n  [1]: string \"x\"  @7 +2\n"),
        out);
  }

  @Test
  void aRowItsStoredColumnsCannotBeReadForIsBadInputNamingTheFile() throws Exception {
    // The dictionary of the metadata column claims one entry more than it holds: our readers read
    // the rows, parquet-java's group reader (which inspect uses for the stored columns) does not.
    Path file = ChangedPageFile.writeIntact(dir.resolve("good.parquet"));
    byte[] bytes = Files.readAllBytes(file);
    int footerLength =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    FileMetaData footer =
        Util.readFileMetaData(
            new ByteArrayInputStream(bytes, bytes.length - 8 - footerLength, footerLength));
    ColumnMetaData metadata = footer.getRow_groups().get(0).getColumns().get(0).getMeta_data();
    assertEquals(List.of("v", "metadata"), metadata.getPath_in_schema());
    int at = (int) metadata.getDictionary_page_offset();
    ByteArrayInputStream in = new ByteArrayInputStream(bytes, at, bytes.length - at);
    PageHeader dictionary = Util.readPageHeader(in);
    int headerLength = bytes.length - at - in.available();
    dictionary
        .getDictionary_page_header()
        .setNum_values(dictionary.getDictionary_page_header().getNum_values() + 1);
    ByteArrayOutputStream forged = new ByteArrayOutputStream();
    Util.writePageHeader(dictionary, forged);
    assertEquals(headerLength, forged.size(), "the forged header keeps its length");
    System.arraycopy(forged.toByteArray(), 0, bytes, at, headerLength);
    Path damaged = Files.write(dir.resolve("damaged.parquet"), bytes);

    CliRunner.Result r = run("", "inspect", damaged.toString(), "--row", "2");
    assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.err()); // it had been an internal error
    assertTrue(r.err().startsWith(damaged + ": Cannot read row"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }
}
