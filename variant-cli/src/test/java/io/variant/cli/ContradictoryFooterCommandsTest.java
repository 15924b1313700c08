// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.testkit.ForgedFooterFile;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A footer whose parts contradict each other is bad input (exit code 1) for every command, with one
 * line naming the file and what disagrees: the commands had answered from it with exit code 0 (a
 * condition counting fewer rows, numbers or dates read from other types) or printed parquet-java's
 * own words.
 */
class ContradictoryFooterCommandsTest {
  private static final String ID = "v.typed_value.id.typed_value";

  @TempDir Path dir;

  private Path good;

  /** 20 rows of {"id": i, "name": "name-i", "price": i.25} in two row groups of 10. */
  @BeforeEach
  void writeGoodFile() throws IOException {
    good = dir.resolve("good.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(good)
            .variantColumn(
                "v",
                ShreddingPlan.parse("{\"id\": int64, \"name\": string, \"price\": decimal(9,2)}"))
            .codec(CompressionCodecName.UNCOMPRESSED)
            .rowGroupRowLimit(10)
            .build()) {
      for (int i = 0; i < 20; i++) {
        String json = "{\"id\": " + i + ", \"name\": \"name-" + i + "\", \"price\": " + i + ".25}";
        w.write(VariantRecord.builder().set("v", VariantJson.parse(json)).build());
      }
    }
  }

  private String forged(String name, Consumer<FileMetaData> forge) throws IOException {
    return ForgedFooterFile.write(good, dir.resolve(name), forge).toString();
  }

  /** Every command on {@code file} exits 1 with one line naming it and saying {@code why}. */
  private void everyCommandRefuses(String file, String why) {
    List<List<String>> commands = new ArrayList<>(ReadingCommands.of(file, dir, 5));
    commands.add(List.of("count", file));
    commands.add(List.of("meta", file));
    commands.add(List.of("schema", file));
    commands.add(List.of("inspect", file, "--row", "15"));
    for (List<String> args : commands) {
      CliRunner.Result r = CliRunner.run("", args.toArray(String[]::new));
      String at = args + ": " + r.err();
      assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), at);
      assertTrue(r.err().startsWith(file + ": "), at);
      assertTrue(r.err().contains(why), at);
      assertEquals(1, r.err().strip().lines().count(), at);
      assertFalse(r.hasStackTrace(), at);
    }
  }

  @Test
  void aRowGroupWithoutTheChunkOfALeafIsRefusedWithAndWithoutACondition() throws IOException {
    String file =
        forged(
            "missing-chunk.parquet",
            f -> {
              List<ColumnChunk> second = f.getRow_groups().get(1).getColumns();
              second.removeIf(
                  c -> String.join(".", c.getMeta_data().getPath_in_schema()).equals(ID));
            });
    everyCommandRefuses(file, "row group 2 has no column chunk for " + ID);
  }

  /** The typed_value leaf of field {@code field}, whose group's children are leaves. */
  private static SchemaElement typedValue(FileMetaData footer, String field) {
    List<SchemaElement> schema = footer.getSchema();
    for (int i = 0; i < schema.size(); i++) {
      if (schema.get(i).getName().equals(field)) {
        for (int c = i + 1; c <= i + schema.get(i).getNum_children(); c++) {
          if (schema.get(c).getName().equals("typed_value")) {
            return schema.get(c);
          }
        }
      }
    }
    throw new IllegalArgumentException(field);
  }

  @Test
  void aSchemaTypeThatIsNotItsChunksIsRefused() throws IOException {
    String file = forged("int32.parquet", f -> typedValue(f, "id").setType(Type.INT32));
    everyCommandRefuses(
        file, "the column chunk of " + ID + " in row group 1 is INT64 but the schema says INT32");
  }

  @Test
  void everyReaderNamesAVariantSchemaThatAContradictionBreaksAlike() throws IOException {
    // the VARIANT group is judged first, as the row reader always has (parquet-java writes files
    // of duplicate fields whose counts then contradict the footer: the schema says more)
    String file =
        forged(
            "metadata.parquet",
            f ->
                f.getSchema().stream()
                    .filter(e -> e.getName().equals("metadata"))
                    .forEach(e -> e.setType(Type.INT32)));
    List<List<String>> commands = new ArrayList<>(ReadingCommands.of(file, dir, 5));
    commands.add(List.of("schema", file));
    commands.add(List.of("inspect", file));
    for (List<String> args : commands) {
      CliRunner.Result r = CliRunner.run("", args.toArray(String[]::new));
      assertEquals(
          file
              + ": Invalid VARIANT schema at v.metadata: Expected required binary metadata, found"
              + " required int32 metadata (column v.metadata)",
          r.err().strip(),
          args.toString());
    }
  }

  @Test
  void aConvertedTypeThatContradictsTheLogicalTypeIsRefused() throws IOException {
    String file =
        forged("date.parquet", f -> typedValue(f, "price").setConverted_type(ConvertedType.DATE));
    everyCommandRefuses(
        file,
        "the schema annotates v.typed_value.price.typed_value as DECIMAL(9,2) (its logical type)"
            + " and as DATE (its converted type)");
  }
}
