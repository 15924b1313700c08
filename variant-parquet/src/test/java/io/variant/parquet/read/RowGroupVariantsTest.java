// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.core.VariantSink;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RowGroupVariants} over row groups that parquet-java's file reader reads: two VARIANT
 * columns, in both layouts, give row by row the Variants of {@link VariantParquetReader}, SQL NULL
 * included, whether each row is returned or handed to a sink ({@link RowGroupVariants#variantTo});
 * a column that is not VARIANT is refused by name.
 */
class RowGroupVariantsTest {
  @TempDir Path tmp;

  private Path file(ShreddingLayout layout) throws IOException {
    Path file = tmp.resolve(layout + ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("a", ShreddingPlan.parse("{\"x\": int64, \"t\": [string]}"))
            .variantColumn("b", ShreddingPlan.residual())
            .layout(layout)
            .rowGroupRowLimit(70)
            .pageRowLimit(16)
            .build()) {
      for (int i = 0; i < 250; i++) {
        String a = "{\"x\": " + i + ", \"y\": \"r" + i + "\", \"t\": [\"p\", \"q" + i + "\"]}";
        w.write(
            VariantRecord.builder()
                .set("id", (long) i)
                .set("a", i % 9 == 4 ? null : VariantJson.parse(i % 5 == 0 ? "[" + i + "]" : a))
                .set("b", VariantJson.parse("{\"n\": " + (i * 7) + "}"))
                .build());
      }
    }
    return file;
  }

  @Test
  void rowGroupsReadByTheCallerGiveTheReadersRows() throws IOException {
    for (ShreddingLayout layout : ShreddingLayout.values()) {
      Path file = file(layout);
      List<Variant[]> expected = new ArrayList<>();
      try (VariantParquetReader r = VariantParquetReader.open(file)) {
        for (VariantRecord record : r) {
          expected.add(new Variant[] {record.variant("a"), record.variant("b")});
        }
      }
      for (boolean toSink : new boolean[] {false, true}) {
        List<Variant[]> actual = read(file, toSink);
        assertEquals(expected.size(), actual.size(), layout.toString());
        for (int i = 0; i < expected.size(); i++) {
          for (int c = 0; c < 2; c++) {
            String at = layout + (toSink ? " to a sink" : "") + " row " + i + " column " + c;
            Variant e = expected.get(i)[c];
            Variant a = actual.get(i)[c];
            if (e == null) {
              assertNull(a, at);
            } else {
              assertArrayEquals(e.metadataBytes(), a.metadataBytes(), at);
              assertArrayEquals(e.valueBytes(), a.valueBytes(), at);
            }
          }
        }
        assertNull(actual.get(4)[0], "SQL NULL stays null");
      }
    }
  }

  /** The file's rows through RowGroupVariants: each as a Variant, or handed to a sink. */
  private static List<Variant[]> read(Path file, boolean toSink) throws IOException {
    List<Variant[]> actual = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      RowGroupVariants rows =
          RowGroupVariants.of(schema, Set.of("b", "a"), RebuildOptions.defaults(), createdBy);
      assertEquals(List.of("a", "b"), rows.names(), "numbered in the file's order");
      reader.setRequestedSchema(rows.requested());
      for (PageReadStore group; (group = reader.readNextRowGroup()) != null; ) {
        rows.open(group);
        for (long r = 0; r < group.getRowCount(); r++) {
          rows.readRow();
          Variant[] row = new Variant[2];
          for (int c = 0; c < 2; c++) {
            row[c] = toSink ? handed(rows, c) : rows.variant(c);
          }
          actual.add(row);
        }
      }
    }
    return actual;
  }

  /** Column {@code c} handed to a sink that copies it: null for SQL NULL, which hands nothing. */
  private static Variant handed(RowGroupVariants rows, int c) {
    Variant[] got = new Variant[1];
    VariantSink copy =
        new VariantSink() {
          @Override
          public void add(Variant v) {
            add(v.metadata(), v.valueBytes(), 0, v.valueBytes().length);
          }

          @Override
          public void add(VariantMetadata m, byte[] value, int offset, int length) {
            assertNull(got[0], "handed twice");
            byte[] mine = Arrays.copyOfRange(value, offset, offset + length);
            Arrays.fill(value, offset, offset + length, (byte) 0x7F); // the producer reuses it
            got[0] = Variant.of(m, mine, 0, mine.length);
          }
        };
    boolean present = rows.variantTo(c, copy);
    assertEquals(present, got[0] != null, "present, and handed a row");
    return got[0];
  }

  @Test
  void aColumnThatIsNotVariantIsRefusedByName() throws IOException {
    Path file = file(ShreddingLayout.SPEC);
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> RowGroupVariants.of(schema, Set.of("id"), RebuildOptions.defaults(), null));
      assertTrue(e.getMessage().contains("\"id\""), e.getMessage());
    }
  }
}
