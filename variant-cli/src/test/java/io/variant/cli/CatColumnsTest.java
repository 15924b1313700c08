// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
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

/**
 * {@code cat} of a file with top-level columns beside its VARIANT column: one JSON object per row,
 * each column by name in the file's order, ordinary values rendered by their logical type; {@code
 * --format hex} prints the Variant alone; {@code --where} keeps what {@code get --where} keeps.
 */
class CatColumnsTest {
  @TempDir Path dir;

  /** Written by parquet-java's example writer, as another tool would: id, v, then typed columns. */
  private Path typed() throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m {\n"
                + "  required int32 id;\n"
                + "  optional group v (VARIANT(1)) {\n"
                + "    required binary metadata;\n"
                + "    required binary value;\n"
                + "  }\n"
                + "  optional int32 day (DATE);\n"
                + "  optional int64 price (DECIMAL(10,2));\n"
                + "  optional fixed_len_byte_array(9) big (DECIMAL(20,3));\n"
                + "  optional int64 at (TIMESTAMP(MICROS,true));\n"
                + "  optional int64 local (TIMESTAMP(MILLIS,false));\n"
                + "  optional int64 t (TIME(MICROS,false));\n"
                + "  optional fixed_len_byte_array(16) u (UUID);\n"
                + "  optional binary b;\n"
                + "  optional binary s (STRING);\n"
                + "  optional int32 small (INTEGER(8,false));\n"
                + "  optional int64 huge (INTEGER(64,false));\n"
                + "  optional float f;\n"
                + "  optional double d;\n"
                + "  optional boolean ok;\n"
                + "  optional int96 legacy;\n"
                + "}");
    Path file = dir.resolve("typed.parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema).build()) {
      Group g = groups.newGroup().append("id", 1);
      Variant v = VariantJson.parse("{\"a\": [1, \"x\"]}");
      g.addGroup("v")
          .append("metadata", Binary.fromConstantByteArray(v.metadataBytes()))
          .append("value", Binary.fromConstantByteArray(v.valueBytes()));
      UUID u = UUID.fromString("f24f9b64-81fa-49d1-b74e-8c09a6e31c56");
      ByteBuffer uuid = ByteBuffer.allocate(16).putLong(u.getMostSignificantBits());
      uuid.putLong(u.getLeastSignificantBits());
      byte[] big = new byte[9];
      byte[] unscaled = BigInteger.valueOf(-1234567).toByteArray();
      Arrays.fill(big, (byte) 0xFF);
      System.arraycopy(unscaled, 0, big, big.length - unscaled.length, unscaled.length);
      ByteBuffer legacy = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
      legacy.putLong(3_600_000_000_123L).putInt(2_440_589); // 01:00:00.000000123 on 1970-01-02
      g.append("day", 19_723) // 2024-01-01
          .append("price", 12_345L)
          .append("big", Binary.fromConstantByteArray(big))
          .append("at", 1_700_000_000_000_001L)
          .append("local", 1_700_000_000_123L)
          .append("t", 3_723_000_004L)
          .append("u", Binary.fromConstantByteArray(uuid.array()))
          .append("b", Binary.fromConstantByteArray(new byte[] {0, 1, 2}))
          .append("s", "a \"q\"\n")
          .append("small", 200)
          .append("huge", -1L)
          .append("f", 0.1f)
          .append("d", Double.NaN)
          .append("ok", true)
          .append("legacy", Binary.fromConstantByteArray(legacy.array()));
      w.write(g);
      w.write(groups.newGroup().append("id", 2)); // every optional column null, v SQL NULL
    }
    return file;
  }

  @Test
  void otherColumnsAreShownByNameInTheFilesOrderAsTheirLogicalTypes() throws IOException {
    assertEquals(
        "{\"id\":1,\"v\":{\"a\":[1,\"x\"]},\"day\":\"2024-01-01\",\"price\":123.45,"
            + "\"big\":-1234.567,\"at\":\"2023-11-14T22:13:20.000001+00:00\","
            + "\"local\":\"2023-11-14T22:13:20.123\",\"t\":\"01:02:03.000004\","
            + "\"u\":\"f24f9b64-81fa-49d1-b74e-8c09a6e31c56\",\"b\":\"AAEC\",\"s\":\"a \\\"q\\\"\\n\","
            + "\"small\":200,\"huge\":18446744073709551615,\"f\":0.1,\"d\":\"NaN\",\"ok\":true,"
            + "\"legacy\":\"1970-01-02T01:00:00.000000123\"}\n"
            + "{\"id\":2,\"v\":null,\"day\":null,\"price\":null,\"big\":null,\"at\":null,"
            + "\"local\":null,\"t\":null,\"u\":null,\"b\":null,\"s\":null,\"small\":null,"
            + "\"huge\":null,\"f\":null,\"d\":null,\"ok\":null,\"legacy\":null}\n",
        ok("cat", typed().toString()).out());
  }

  @Test
  void hexPrintsTheVariantAloneAndHeadTheObjects() throws IOException {
    Path file = typed();
    assertEquals(
        List.of("NULL"),
        ok("cat", file.toString(), "--format", "hex").out().lines().skip(1).toList());
    assertEquals(
        ok("cat", file.toString(), "--limit", "1").out(),
        ok("head", file.toString(), "-n", "1").out());
  }

  /**
   * id, a VARIANT column, a name, a second VARIANT column: --column picks one, the other is left
   * out.
   */
  @Test
  void theChosenVariantColumnStandsAmongTheOrdinaryOnes() throws IOException {
    Path file = dir.resolve("mixed.parquet");
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("left", plan)
            .stringColumn("name")
            .variantColumn("right", ShreddingPlan.residual())
            .build()) {
      w.write(
          VariantRecord.builder()
              .set("id", 7L)
              .set("left", VariantJson.parse("{\"a\": 1}"))
              .set("name", "x")
              .set("right", VariantJson.parse("[2]"))
              .build());
    }
    assertEquals(
        "{\"id\":7,\"name\":\"x\",\"right\":[2]}\n",
        ok("cat", file.toString(), "--column", "right").out());
    assertEquals(
        "{\"id\":7,\"left\":{\"a\":1},\"name\":\"x\"}\n",
        ok("cat", file.toString(), "--column", "left", "--where", "$.a = 1").out());
    assertEquals("", ok("cat", file.toString(), "--column", "left", "--where", "$.a = 2").out());
  }

  @Test
  void whereKeepsTheRowsGetKeeps() throws IOException {
    Path file = dir.resolve("e.parquet");
    ok("convert", Fixtures.events().toString(), "-o", file.toString(), "-q");
    for (String clause :
        List.of(
            "$.event_id between 100 and 120 and $.type = 'view'",
            "$.user.name in ('Zoë', 'Yuki') or not $.device.version is not null",
            "$.duration_ms >= 30000 and $.geo.country != 'JP'")) {
      String cat = ok("cat", file.toString(), "--where", clause).out();
      assertEquals(ok("get", file.toString(), "$", "--where", clause).out(), cat, clause);
      assertEquals(
          cat.lines().limit(2).map(l -> l + "\n").reduce("", String::concat),
          ok("cat", file.toString(), "--where", clause, "--limit", "2").out(),
          clause);
    }
  }
}
