// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One validation rule for cat, get and decode: what one rejects, the others reject too. */
class ValidationRuleTest {
  private static final byte[] EMPTY_METADATA = {0x01, 0x00, 0x00};

  @TempDir Path dir;

  /** A file whose one row holds {@code metadata} and {@code value} bytes exactly as given. */
  private Path raw(byte[] metadata, byte[] value) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { optional group v (VARIANT(1)) { required binary metadata; required binary value; } }");
    Path file = dir.resolve("raw.parquet");
    Files.deleteIfExists(file);
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withType(schema)
            .withConf(new PlainParquetConfiguration())
            .build()) {
      Group row = new SimpleGroupFactory(schema).newGroup();
      Group v = row.addGroup("v");
      v.add("metadata", Binary.fromConstantByteArray(metadata));
      v.add("value", Binary.fromConstantByteArray(value));
      w.write(row);
    }
    return file;
  }

  private static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      s.append(String.format("%02x", x));
    }
    return s.toString();
  }

  @Test
  void bytesAfterTheValueOrTheDictionaryAreRejectedByEveryCommand() throws IOException {
    byte[][][] cases = {
      {EMPTY_METADATA, {0x0C, 0x01, (byte) 0xFF}}, // int8 1, then a stray byte
      {{0x01, 0x00, 0x00, 0x07}, {0x0C, 0x01}}, // a stray byte after the dictionary
    };
    for (byte[][] c : cases) {
      Path file = raw(c[0], c[1]);
      String hexLine = hex(c[0]) + " " + hex(c[1]) + "\n";
      CliRunner.Result decode = run(hexLine, "decode");
      assertEquals(1, decode.exitCode(), decode.err());
      for (String[] args :
          new String[][] {
            {"cat", file.toString()}, {"get", file.toString(), "$"}, {"inspect", file.toString()}
          }) {
        CliRunner.Result r = run("", args);
        assertEquals(1, r.exitCode(), String.join(" ", args) + ": " + r.err() + r.out());
        assertTrue(r.err().startsWith(file + ": Invalid Variant: "), r.err());
        assertTrue(r.err().contains("row 1"), r.err());
      }
    }
  }
}
