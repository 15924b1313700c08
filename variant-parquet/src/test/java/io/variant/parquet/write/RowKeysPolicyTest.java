// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.variant.core.MetadataBuilder;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.HangGuard;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default {@link MetadataPolicy#ROW_KEYS}: each row's metadata is its own keys plus the plan's,
 * rows of one shape carry byte-identical metadata, and rows that already qualify are written
 * without a copy.
 */
class RowKeysPolicyTest {
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"n\": int64}");

  @TempDir Path dir;

  private static VariantRecord record(long id, Variant event) {
    return VariantRecord.builder().set("id", id).set("event", event).build();
  }

  private static List<byte[]> metadataColumn(Path file) throws IOException {
    List<byte[]> out = new ArrayList<>();
    for (Group g : RawParquet.rows(file)) {
      out.add(g.getGroup("event", 0).getBinary("metadata", 0).getBytes());
    }
    return out;
  }

  private static List<Variant> write(
      Path out, ShreddingPlan plan, List<Variant> rows, long expectRebased) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out).longColumn("id").variantColumn("event", plan).build()) {
      for (int i = 0; i < rows.size(); i++) {
        w.write(record(i, rows.get(i)));
      }
      assertEquals(expectRebased, w.rebasedRows());
    }
    List<Variant> read = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(out)) {
      for (VariantRecord rec = r.read(); rec != null; rec = r.read()) {
        read.add(rec.variant("event"));
      }
    }
    assertEquals(rows, read);
    return read;
  }

  @Test
  void rowsHoldingThePlanKeysKeepTheirOwnMetadata() throws IOException {
    Path out = dir.resolve("own.parquet");
    List<Variant> rows =
        List.of(VariantJson.parse("{\"n\": 1, \"s\": \"a\"}"), VariantJson.parse("{\"n\": 2}"));
    write(out, PLAN, rows, 0);
    List<byte[]> meta = metadataColumn(out);
    assertArrayEquals(
        new byte[] {0x11, 0x02, 0x00, 0x01, 0x02, 'n', 's'}, meta.get(0)); // sorted, "n" "s"
    assertArrayEquals(new byte[] {0x11, 0x01, 0x00, 0x01, 'n'}, meta.get(1)); // only its own key
  }

  @Test
  void rowsLackingAPlanKeyGetTheirKeysPlusThePlansAndShapesRepeatBytes() throws IOException {
    Path out = dir.resolve("lacking.parquet");
    List<Variant> rows =
        List.of(
            VariantJson.parse("{\"s\": \"a\", \"t\": 1}"),
            VariantJson.parse("{\"n\": 2}"),
            VariantJson.parse("{\"s\": \"b\", \"t\": 2}"),
            VariantJson.parse("[1, {\"a\": 2}]"));
    write(out, PLAN, rows, 3);
    List<byte[]> meta = metadataColumn(out);
    byte[] nst = {
      0x11, 0x03, 0x00, 0x01, 0x02, 0x03, 'n', 's', 't'
    }; // the row's "s" "t" plus the plan's "n"
    assertArrayEquals(nst, meta.get(0));
    assertArrayEquals(nst, meta.get(2));
    assertArrayEquals(new byte[] {0x11, 0x02, 0x00, 0x01, 0x02, 'a', 'n'}, meta.get(3));
  }

  @Test
  void unshreddedRowsAreWrittenAsTheyCame() throws IOException {
    Path out = dir.resolve("unshredded.parquet");
    VariantMetadata unsorted =
        VariantMetadata.of(new byte[] {0x01, 0x02, 0x00, 0x01, 0x02, 'z', 'a'}); // not sorted
    Variant v =
        Variant.of(
            unsorted,
            new byte[] {0x02, 0x02, 0x01, 0x00, 0x00, 0x02, 0x04, 0x0C, 0x02, 0x0C, 0x01},
            0,
            11); // {"a": 2, "z": 1}
    List<Variant> rows =
        List.of(VariantJson.parse("{\"n\": 1}"), v, VariantJson.parse("{\"b\": 1}"));
    write(out, ShreddingPlan.residual(), rows, 0);
    List<byte[]> meta = metadataColumn(out);
    for (int i = 0; i < rows.size(); i++) {
      assertArrayEquals(rows.get(i).metadataBytes(), meta.get(i));
    }
  }

  @Test
  void anUnsortedRowLackingAPlanKeyIsReencoded() throws IOException {
    VariantMetadata unsorted =
        VariantMetadata.of(new byte[] {0x01, 0x02, 0x00, 0x01, 0x02, 'z', 'a'});
    // {"a": 2, "z": 1}: field ids 1 ("a") then 0 ("z"), offsets 0 2 4
    Variant v =
        Variant.of(
            unsorted,
            new byte[] {0x02, 0x02, 0x01, 0x00, 0x00, 0x02, 0x04, 0x0C, 0x02, 0x0C, 0x01},
            0,
            11);
    Path out = dir.resolve("unsorted.parquet");
    write(out, PLAN, List.of(v), 1);
    assertArrayEquals(
        new byte[] {0x11, 0x03, 0x00, 0x01, 0x02, 0x03, 'a', 'n', 'z'}, metadataColumn(out).get(0));
  }

  @Test
  void rowsBuiltOnTheWritersDictionaryAreTakenAsTheyAre() throws IOException {
    Path out = dir.resolve("built.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out).longColumn("id").variantColumn("event", PLAN).build()) {
      VariantMetadata base = w.metadata("event");
      assertArrayEquals(
          new byte[] {0x11, 0x01, 0x00, 0x01, 'n'}, base.toBytes()); // just the plan's key
      VariantBuilder b = VariantBuilder.withMetadata(base);
      Variant plain = b.startObject().key("n").appendLong(1).endObject().build();
      assertSame(base, plain.metadata());
      w.write(record(0, plain));
      b.reset();
      w.write(
          record(
              1, b.startObject().key("q").appendLong(2).endObject().build())); // adds its own "q"
      assertEquals(0, w.rebasedRows());
    }
    List<byte[]> meta = metadataColumn(out);
    assertArrayEquals(new byte[] {0x11, 0x01, 0x00, 0x01, 'n'}, meta.get(0));
    assertArrayEquals(new byte[] {0x11, 0x02, 0x00, 0x01, 0x02, 'n', 'q'}, meta.get(1));
  }

  /**
   * Distinct dictionaries past twice the cache's bound, more than its table has slots: the cache
   * starts over twice, and a cache that started over without emptying its table (or without
   * counting its entries) would fill every slot and then look for a free one for ever.
   */
  @Test
  void moreDistinctDictionariesThanTheCacheHoldsStayRight() throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 2 * DictionaryCache.MAX_ENTRIES + 100; i++) {
      rows.add(VariantJson.parse("{\"k" + i + "\": " + i + (i % 2 == 0 ? ", \"n\": 1}" : "}")));
    }
    rows.add(rows.get(0)); // a dictionary seen before the cache started over
    Path out = dir.resolve("many.parquet");
    assertTimeoutPreemptively(
        HangGuard.seconds(60), () -> write(out, PLAN, rows, (rows.size() - 1) / 2));
    List<byte[]> meta = metadataColumn(out);
    for (int i = 0; i < rows.size(); i++) {
      VariantMetadata expected =
          new MetadataBuilder().addAll(rows.get(i).metadata()).add("n").build();
      assertArrayEquals(expected.toBytes(), meta.get(i), "row " + i);
    }
  }

  @Test
  void draftLayoutHasNoDictionary() throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(dir.resolve("draft.parquet"))
            .variantColumn("event", PLAN)
            .layout(io.variant.parquet.schema.ShreddingLayout.DRAFT)
            .build()) {
      assertNull(w.metadata("event"));
    }
  }
}
