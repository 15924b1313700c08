// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.VariantParquetException;
import io.variant.shredding.ShreddingException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Typed strings from a dictionary page are checked as UTF-8 once per entry, not per row: an entry
 * that is not UTF-8 must still fail every row that uses it (with the rows between them read), and
 * the valid entries must still read as their strings.
 */
class DictionaryStringTest {
  private static final byte[] METADATA = {0x11, 0x00, 0x00}; // v1 sorted, no keys
  private static final byte[] BAD = {'o', (byte) 0xC3, 'k'}; // 0xC3 starts a 2-byte sequence
  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id; optional group v (VARIANT(1)) {"
              + " required binary metadata; optional binary value;"
              + " optional binary typed_value (STRING); } }");

  @TempDir Path tmp;

  @Test
  void invalidUtf8InADictionaryPageFailsEveryRowThatUsesIt() throws IOException {
    byte[][] values = {utf8("ok"), BAD, utf8("é"), BAD, utf8("ok"), utf8("é")};
    Path file = write(values);
    assertTrue(dictionaryEncoded(file), "the typed strings must come from a dictionary page");

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (int row = 0; row < values.length; row++) {
        if (values[row] == BAD) {
          VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
          assertEquals(row, e.row());
          assertInstanceOf(ShreddingException.class, e.getCause()); // names the typed slot
          assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
        } else {
          String expected = new String(values[row], StandardCharsets.UTF_8);
          assertEquals(expected, r.read().variant("v").stringValue(), "row " + row);
        }
      }
      assertNull(r.read());
    }
  }

  private Path write(byte[][] values) throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int id = 0; id < values.length; id++) {
      Group row = f.newGroup().append("id", (long) id);
      row.addGroup("v")
          .append("metadata", Binary.fromConstantByteArray(METADATA))
          .append("typed_value", Binary.fromConstantByteArray(values[id]));
      rows.add(row);
    }
    Path file = tmp.resolve("strings.parquet");
    TestFileWriter.writeRaw(file, SCHEMA, rows);
    return file;
  }

  private static boolean dictionaryEncoded(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getBlocks().get(0).getColumns().stream()
          .filter(c -> c.getPath().toDotString().equals("v.typed_value"))
          .allMatch(c -> c.getEncodings().stream().anyMatch(Encoding::usesDictionary));
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
