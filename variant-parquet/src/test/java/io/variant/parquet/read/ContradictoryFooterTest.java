// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
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
 * A footer whose parts contradict each other is refused when the file is opened, naming the file
 * and what disagrees, though every part decodes and every offset fits: parquet-java resolves such
 * contradictions silently, one way or the other, and reads values other than those written.
 */
class ContradictoryFooterTest {
  private static final String A = "v.typed_value.a.typed_value";

  @TempDir Path tmp;

  private ParquetSurgery good;

  /**
   * 20 rows of {"a": int, "b": string, "p": decimal} in two row groups of 10, a long column beside.
   */
  @BeforeEach
  void writeGoodFile() throws IOException {
    Path file = tmp.resolve("good.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn(
                "v", ShreddingPlan.parse("{\"a\": int64, \"b\": string, \"p\": decimal(9,2)}"))
            .codec(CompressionCodecName.UNCOMPRESSED)
            .rowGroupRowLimit(10)
            .build()) {
      for (long i = 0; i < 20; i++) {
        w.write(
            VariantRecord.builder()
                .set("id", i)
                .set(
                    "v", VariantJson.parse("{\"a\": " + i + ", \"b\": \"s\", \"p\": " + i + ".25}"))
                .build());
      }
    }
    good = ParquetSurgery.of(Files.readAllBytes(file));
    assertEquals(2, good.footer.getRow_groups().size());
  }

  /** How opening the file with its footer changed by {@code forge} fails. */
  private VariantParquetException openFails(Consumer<FileMetaData> forge) throws IOException {
    FileMetaData footer = good.footerCopy();
    forge.accept(footer);
    Path file = Files.write(tmp.resolve("bad.parquet"), good.withFooter(footer));
    var e = assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertEquals(file.toString(), e.file());
    assertEquals(-1, e.row());
    return e;
  }

  private static List<ColumnChunk> columns(FileMetaData footer, int rowGroup) {
    return footer.getRow_groups().get(rowGroup).getColumns();
  }

  private static int indexOf(List<ColumnChunk> columns, String path) {
    for (int i = 0; i < columns.size(); i++) {
      if (String.join(".", columns.get(i).getMeta_data().getPath_in_schema()).equals(path)) {
        return i;
      }
    }
    throw new IllegalArgumentException(path);
  }

  @Test
  void aRowGroupWithoutTheChunkOfALeafIsRefused() throws IOException {
    // parquet-java's statistics filter takes the missing chunk for nulls and drops the row group
    var e = openFails(f -> columns(f, 1).remove(indexOf(columns(f, 1), A)));
    assertTrue(e.getMessage().contains("row group 2 has no column chunk for " + A), e.getMessage());
  }

  @Test
  void aRowGroupWithTwoChunksOfALeafIsRefused() throws IOException {
    var e =
        openFails(
            f -> {
              List<ColumnChunk> c = columns(f, 0);
              c.set(indexOf(c, "v.typed_value.b.value"), c.get(indexOf(c, A)).deepCopy());
            });
    assertTrue(
        e.getMessage().contains("row group 1 has more than one column chunk for " + A),
        e.getMessage());
  }

  @Test
  void aRowGroupListingItsChunksOutOfSchemaOrderIsRefused() throws IOException {
    // spec: parquet.thrift §RowGroup.columns, in the order of the schema's leaves
    var e = openFails(f -> Collections.swap(columns(f, 0), 0, 1));
    assertTrue(
        e.getMessage()
            .contains(
                "row group 1 lists the column chunk of v.metadata where the schema's order puts"
                    + " that of id"),
        e.getMessage());
  }

  /**
   * The leaf {@code name} among the children of group {@code parent}, whose children are leaves.
   */
  private static SchemaElement element(FileMetaData footer, String parent, String name) {
    List<SchemaElement> schema = footer.getSchema();
    for (int i = 0; i < schema.size(); i++) {
      if (schema.get(i).getName().equals(parent)) {
        for (int c = i + 1; c <= i + schema.get(i).getNum_children(); c++) {
          if (schema.get(c).getName().equals(name)) {
            return schema.get(c);
          }
        }
      }
    }
    throw new IllegalArgumentException(parent + "." + name);
  }

  @Test
  void aSchemaElementWhoseTypeIsNotItsChunksIsRefused() throws IOException {
    // parquet-java keeps the schema's type and decodes the chunk's INT64 values as INT32
    var e = openFails(f -> element(f, "a", "typed_value").setType(Type.INT32));
    assertTrue(
        e.getMessage()
            .contains(
                "the column chunk of " + A + " in row group 1 is INT64 but the schema says INT32"),
        e.getMessage());
  }

  @Test
  void aSchemaTypeWiderThanItsChunksStatisticsIsRefusedSayingSo() throws IOException {
    // parquet-java's conversion stumbles first, reading 4-byte statistics as 8-byte ones
    var e = openFails(f -> element(f, "p", "typed_value").setType(Type.INT64));
    assertTrue(
        e.getMessage()
            .contains(
                "the column chunk of v.typed_value.p.typed_value in row group 1 is INT32 but the"
                    + " schema says INT64"),
        e.getMessage());
  }

  @Test
  void aChunkWhoseTypeIsNotItsSchemaElementsIsRefusedThoughTheSchemaIsKnown() throws IOException {
    readAll(tmp.resolve("good.parquet")); // its schema is then one already converted
    var e =
        openFails(
            f -> columns(f, 1).get(indexOf(columns(f, 1), A)).getMeta_data().setType(Type.INT32));
    assertTrue(
        e.getMessage()
            .contains(
                "the column chunk of " + A + " in row group 2 is INT32 but the schema says INT64"),
        e.getMessage());
  }

  @Test
  void aLogicalTypeAndAConvertedTypeThatDisagreeAreRefused() throws IOException {
    // parquet-java goes by the converted type: the decimals would read as dates
    var e = openFails(f -> element(f, "p", "typed_value").setConverted_type(ConvertedType.DATE));
    assertTrue(
        e.getMessage()
            .contains(
                "the schema annotates v.typed_value.p.typed_value as DECIMAL(9,2) (its logical"
                    + " type) and as DATE (its converted type)"),
        e.getMessage());
  }

  @Test
  void anAnnotationItsPhysicalTypeDoesNotAllowIsRefusedSayingWhy() throws IOException {
    // parquet-java refuses it too, in words of its own that named no rule
    var e =
        openFails(
            f -> {
              SchemaElement a = element(f, "a", "typed_value");
              a.unsetLogicalType();
              a.setConverted_type(ConvertedType.DATE);
            });
    assertTrue(
        e.getMessage()
            .contains(
                "a column's annotation breaks a rule of the format: DATE can only"
                    + " annotate INT32"),
        e.getMessage());
  }

  @Test
  void aFileWhoseLeadingMagicIsDamagedStillReadsItsRows() throws IOException {
    // the leading magic is not read (a request more per file on an object store); no value
    // depends on it, since the pages start after it
    byte[] bytes = good.file.clone();
    bytes[3] = '0';
    Path file = Files.write(tmp.resolve("bad.parquet"), bytes);
    assertEquals(20, readAll(file));
  }

  @Test
  void theGoodFileReads() throws IOException {
    assertEquals(20, readAll(tmp.resolve("good.parquet")));
  }

  private static long readAll(Path file) throws IOException {
    long n = 0;
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      while (r.read() != null) {
        n++;
      }
    }
    return n;
  }
}
