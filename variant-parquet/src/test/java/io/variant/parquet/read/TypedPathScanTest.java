// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.BiConsumer;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A path that one typed column answers in every row (statistics: no null in its {@code
 * typed_value}, only nulls in its {@code value}) is read from that column (and the levels of the
 * all-null residual) alone, and reads exactly as the general projection and the full read do; any
 * row group that the statistics do not clear sends the whole read back to the general projection. A
 * residual value that lying statistics hid fails its row: beside a typed value as the rebuild
 * refuses the two (it had read the typed value), else naming the residual column (it had read the
 * path as absent).
 */
class TypedPathScanTest {
  @TempDir Path tmp;

  /** {"o": {"k": TYPE}, "s": string} */
  private static ShreddingPlan plan(ShreddedType type) {
    return ShreddingPlan.object(
        Map.of(
            "o",
            ShreddingPlan.object(Map.of("k", ShreddingPlan.scalar(type))),
            "s",
            ShreddingPlan.scalar(ShreddedType.STRING)));
  }

  private static Variant row(BiConsumer<VariantBuilder, Integer> k, int i, boolean extra) {
    VariantBuilder b = new VariantBuilder().startObject();
    b.key("o").startObject();
    k.accept(b.key("k"), i);
    b.endObject();
    b.key("s").appendString("s" + i);
    if (extra) {
      b.key("zz").appendLong(i); // a residual field beside the path: the scan does not need it
    }
    return b.endObject().build();
  }

  private Path file(ShreddingPlan plan, List<Variant> rows, int rowsPerGroup) throws IOException {
    Path f = Files.createTempFile(tmp, "scan", ".parquet");
    TestFileWriter.write(f, plan, ShreddingLayout.SPEC, rows, rowsPerGroup);
    return f;
  }

  /** Each type's values, as Variants of the column's type, including its range's ends. */
  private static final Map<ShreddedType, BiConsumer<VariantBuilder, Integer>> VALUES =
      Map.ofEntries(
          Map.entry(
              ShreddedType.INT8,
              (b, i) -> b.appendInteger(VariantType.INT8, i % 2 == 0 ? -128 : 127)),
          Map.entry(
              ShreddedType.INT16,
              (b, i) -> b.appendInteger(VariantType.INT16, i % 64 * 1001 - 32000)),
          Map.entry(
              ShreddedType.INT32,
              (b, i) -> b.appendInteger(VariantType.INT32, i % 300 * 7_000_001)),
          Map.entry(
              ShreddedType.INT64, (b, i) -> b.appendLong(i == 1 ? Long.MIN_VALUE : i * 1L << 40)),
          Map.entry(ShreddedType.FLOAT, (b, i) -> b.appendFloat(i == 2 ? Float.NaN : i / 3f)),
          Map.entry(ShreddedType.DOUBLE, (b, i) -> b.appendDouble(i == 3 ? -0.0 : i / 7.0)),
          Map.entry(ShreddedType.BOOLEAN, (b, i) -> b.appendBoolean(i % 3 == 0)),
          Map.entry(ShreddedType.STRING, (b, i) -> b.appendString(i % 4 == 0 ? "" : "é" + i % 5)),
          Map.entry(ShreddedType.DATE, (b, i) -> b.appendDate(i * 1000 - 20000)),
          Map.entry(ShreddedType.TIMESTAMP, (b, i) -> b.appendTimestampMicros(i * 1_000_003L)),
          Map.entry(
              ShreddedType.TIMESTAMP_NTZ_NANOS, (b, i) -> b.appendTimestampNtzNanos(-i * 17L)),
          Map.entry(ShreddedType.TIME, (b, i) -> b.appendTimeMicros(i % 1000 * 60_000_000L)),
          Map.entry(
              ShreddedType.BINARY, (b, i) -> b.appendBinary(new byte[] {(byte) (int) i, 0, -1})),
          Map.entry(ShreddedType.UUID, (b, i) -> b.appendUuid(new UUID(i, -i))));

  @Test
  void readsEveryTypeFromTheTypedColumnAloneAsTheFullReadDoes() throws IOException {
    VariantPath path = VariantPath.parse("$.o.k");
    for (var e : VALUES.entrySet()) {
      List<Variant> rows = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        rows.add(row(e.getValue(), i, i % 3 == 0));
      }
      Path f = file(plan(e.getKey()), rows, 16); // three row groups
      try (VariantParquetReader full = VariantParquetReader.open(f);
          VariantPathReader p = full.project("v", path)) {
        assertEquals(
            MessageTypeParser.parseMessageType(
                "message rows { optional group v (VARIANT(1)) { optional group typed_value {"
                    + " required group o { optional group typed_value { required group k {"
                    + " optional binary value; " // all null: its levels say so row by row
                    + p.requestedSchema().getColumns().get(1).getPrimitiveType()
                    + "; } } } } } }"),
            p.requestedSchema(),
            e.getKey().toString());
        int i = 0;
        for (VariantRecord r : full) {
          PathValue got = p.read();
          Variant want = path.extract(r.variant("v"));
          assertTrue(got.fromTypedColumns());
          assertTrue(want.equals(got.value()), e.getKey() + " row " + i + ": " + got);
          assertEquals(want.type(), got.value().type());
          i++;
        }
        assertNull(p.read());
      }
    }
  }

  @Test
  void aFooterReadWithStatisticsProvesThePathAlike() throws IOException {
    // a filter makes the reader decode the footer's statistics whole (parquet-java's conversion)
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add(row((b, n) -> b.appendLong(n), i, i % 2 == 0));
    }
    Path f = file(plan(ShreddedType.INT64), rows, 7);
    try (VariantParquetReader r =
            VariantParquetReader.builder(f)
                .filter(VariantPredicate.gt("v", "$.o.k", Literal.of(-1L)))
                .build();
        VariantPathReader p = r.project("v", VariantPath.parse("$.o.k"))) {
      assertFalse(p.requestedSchema().toString().contains("metadata"));
      for (int i = 0; i < 20; i++) {
        assertEquals(i, p.read().value().longValue());
      }
      assertNull(p.read());
    }
  }

  @Test
  void nullsInTheTypedColumnReadAsSqlNullOrAbsentAsTheGeneralProjectionReadsThem()
      throws IOException {
    BiConsumer<VariantBuilder, Integer> ints = (b, i) -> b.appendLong(i);
    Variant notAnObject = Variant.of(new byte[] {1, 0, 0}, new byte[] {0x0D, 'x', 'y', 'z'});
    Variant empty = new VariantBuilder().startObject().endObject().build();
    Variant oNotAnObject =
        new VariantBuilder().startObject().key("o").appendString("o").endObject().build();
    Variant noK =
        new VariantBuilder().startObject().key("o").startObject().endObject().endObject().build();
    Variant kResidual = row((b, i) -> b.appendString("not an int"), 0, false);
    VariantPath path = VariantPath.parse("$.o.k");
    // each kind of odd row in the last row group: all but a residual k are answered by the scan
    List<Variant> odd = Arrays.asList(null, notAnObject, empty, oNotAnObject, noK, kResidual);
    for (int kind = 0; kind < odd.size(); kind++) {
      List<Variant> rows = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        rows.add(i >= 25 && i % 2 == 1 ? odd.get(kind) : row(ints, i, i % 3 == 0));
      }
      Path f = file(plan(ShreddedType.INT64), rows, 10);
      try (VariantParquetReader full = VariantParquetReader.open(f);
          VariantPathReader p = full.project("v", path)) {
        boolean scanned = !p.requestedSchema().toString().contains("metadata");
        assertEquals(odd.get(kind) != kResidual, scanned, "kind " + kind);
        int i = 0;
        for (VariantRecord r : full) {
          PathValue got = p.read();
          Variant whole = r.variant("v");
          Variant want = whole == null ? null : path.extract(whole);
          String where = "kind " + kind + " row " + i;
          assertEquals(whole == null, got.isSqlNull(), where);
          assertEquals(
              want == null ? null : want.toString(),
              got.isPresent() ? got.value().toString() : null,
              where);
          assertEquals(
              scanned || odd.get(kind) != kResidual || i < 25 || i % 2 == 0,
              got.fromTypedColumns(),
              where);
          i++;
        }
        assertNull(p.read());
      }
    }
  }

  @Test
  void aNullThatTheStatisticsHideInAWholeColumnScanFailsItsRowNamingTheColumn() throws IOException {
    // $ of a typed scalar column: a typed null would leave the answer to the residual, which the
    // scan does not read, so the typed column's count must say none; here it lies
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      rows.add(i == 4 ? null : new VariantBuilder().appendLong(i).build());
    }
    Path f = file(ShreddingPlan.scalar(ShreddedType.INT64), rows, 100);
    ParquetSurgery s = ParquetSurgery.of(Files.readAllBytes(f));
    FileMetaData forged = s.footerCopy();
    for (var chunk : forged.getRow_groups().get(0).getColumns()) {
      ColumnMetaData m = chunk.getMeta_data();
      if (String.join(".", m.getPath_in_schema()).equals("v.typed_value")) {
        m.getStatistics().setNull_count(0); // the SQL NULL row's null, hidden
      }
    }
    Path lying = tmp.resolve("lying.parquet");
    Files.write(lying, s.withFooter(forged));

    try (VariantParquetReader r = VariantParquetReader.open(lying);
        VariantPathReader p = r.project("v", VariantPath.root())) {
      assertFalse(p.requestedSchema().toString().contains("metadata"));
      for (int i = 0; i < 4; i++) {
        assertEquals(i, p.read().value().longValue());
      }
      VariantParquetException e = assertThrows(VariantParquetException.class, p::read);
      assertTrue(e.getMessage().contains("v.typed_value"), e.getMessage());
      assertTrue(e.getMessage().contains("statistics"), e.getMessage());
      assertTrue(e.getMessage().contains("row 4"), e.getMessage());
      assertEquals(5, p.read().value().longValue()); // the next row reads
    }
    // without the lie, the same file goes to the general projection
    try (VariantParquetReader r = VariantParquetReader.open(f);
        VariantPathReader p = r.project("v", VariantPath.root())) {
      assertTrue(p.requestedSchema().toString().contains("metadata"));
    }
  }

  @Test
  void aValueOutsideTheColumnsTypeIsReportedAsTheRebuildReportsIt() throws IOException {
    // an int8 column whose Parquet INT32 holds 300: the scalar rebuild declines, the rebuild says
    // why
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message rows { optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional int32 typed_value (INTEGER(8,true)); } }");
    var groups = new org.apache.parquet.example.data.simple.SimpleGroupFactory(schema);
    List<org.apache.parquet.example.data.Group> rows = new ArrayList<>();
    for (int v : new int[] {5, 300}) {
      var g = groups.newGroup();
      var variant = g.addGroup("v");
      variant.add(
          "metadata", org.apache.parquet.io.api.Binary.fromConstantByteArray(new byte[] {1, 0, 0}));
      variant.add("typed_value", v);
      rows.add(g);
    }
    Path f = tmp.resolve("int8.parquet");
    TestFileWriter.writeRaw(f, schema, rows);
    try (VariantParquetReader r = VariantParquetReader.open(f);
        VariantPathReader p = r.project("v", VariantPath.parse("$"))) {
      assertEquals(5, p.read().value().longValue());
      VariantParquetException e = assertThrows(VariantParquetException.class, p::read);
      assertTrue(e.getMessage().contains("300"), e.getMessage());
    }
  }

  @Test
  void randomRowsReadAlikeThroughTheScanAndTheFullRead() throws IOException {
    Random rnd = new Random(20261127L);
    List<ShreddedType> types = new ArrayList<>(VALUES.keySet());
    types.sort((a, b) -> a.toString().compareTo(b.toString()));
    for (int trial = 0; trial < 20; trial++) {
      ShreddedType type = types.get(rnd.nextInt(types.size()));
      int n = 1 + rnd.nextInt(60);
      List<Variant> rows = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        rows.add(row(VALUES.get(type), rnd.nextInt(1000), rnd.nextBoolean()));
      }
      Path f = file(plan(type), rows, 1 + rnd.nextInt(20));
      List<String> scanned = new ArrayList<>();
      try (VariantParquetReader r = VariantParquetReader.open(f);
          VariantPathReader p = r.project("v", VariantPath.parse("$.o.k"))) {
        assertFalse(p.requestedSchema().toString().contains("metadata"));
        for (PathValue v : p) {
          scanned.add(v.value().toString());
        }
      }
      List<String> full = new ArrayList<>();
      try (VariantParquetReader r = VariantParquetReader.open(f)) {
        for (VariantRecord rec : r) {
          full.add(VariantPath.parse("$.o.k").extract(rec.variant("v")).toString());
        }
      }
      assertEquals(
          full, scanned, "trial " + trial + " " + type + " " + Arrays.toString(new int[] {n}));
    }
  }

  @Test
  void aDamagedFileThatTheScanReadsFailsCleanly() throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      rows.add(row(VALUES.get(ShreddedType.STRING), i, i % 2 == 0));
    }
    Path good = file(plan(ShreddedType.STRING), rows, 9);
    VariantPath path = VariantPath.parse("$.o.k");
    Random rnd = new Random(7);
    int scanned = 0;
    for (int trial = 0; trial < 60; trial++) {
      ParquetSurgery s = ParquetSurgery.of(Files.readAllBytes(good));
      Corruption c = Corruption.values()[rnd.nextInt(Corruption.values().length)];
      Corruption.Damage d = c.apply(s, rnd);
      Path bad = Files.write(tmp.resolve("bad-" + trial + ".parquet"), d.bytes());
      String where = "trial " + trial + " " + c + ": " + d.what();
      int i = 0;
      try (VariantParquetReader r = VariantParquetReader.open(bad);
          VariantPathReader p = r.project("v", path)) {
        scanned += p.requestedSchema().toString().contains("metadata") ? 0 : 1;
        for (PathValue got = p.read(); got != null; got = p.read(), i++) {
          if (d.detectable() && i < rows.size()) {
            assertTrue(path.extract(rows.get(i)).equals(got.value()), where + " row " + i);
          }
        }
      } catch (IOException | io.variant.core.VariantException e) {
        assertTrue(e.getMessage().contains(bad.toString()), where + ": " + e);
      } catch (RuntimeException e) {
        throw new AssertionError(where + ": unexpected " + e, e);
      }
    }
    assertTrue(scanned >= 20, "damaged files read by the scan: " + scanned);
  }

  @Test
  void aResidualThatLyingStatisticsHideFailsItsRow() throws IOException {
    // {"o": {"k": ...}}: k's typed_value and value set in row 2 (a conflict), k's value alone in
    // row 4; the footer claims k's value column all null
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message rows { optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional group typed_value { required group o {"
                + " optional binary value; optional group typed_value { required group k {"
                + " optional binary value; optional int64 typed_value; } } } } } }");
    var groups = new org.apache.parquet.example.data.simple.SimpleGroupFactory(schema);
    List<org.apache.parquet.example.data.Group> rows = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      var g = groups.newGroup();
      var v = g.addGroup("v");
      v.add("metadata", bin(0x11, 0x02, 0, 1, 2, 'k', 'o')); // sorted, keys "k" and "o"
      var k = v.addGroup("typed_value").addGroup("o").addGroup("typed_value").addGroup("k");
      if (i != 4) {
        k.add("typed_value", (long) i);
      }
      if (i == 2 || i == 4) {
        k.add("value", bin(0x0C, 0x01)); // int8 1
      }
      rows.add(g);
    }
    Path f = tmp.resolve("hidden.parquet");
    TestFileWriter.writeRaw(f, schema, rows);
    ParquetSurgery s = ParquetSurgery.of(Files.readAllBytes(f));
    FileMetaData forged = s.footerCopy();
    for (var chunk : forged.getRow_groups().get(0).getColumns()) {
      ColumnMetaData m = chunk.getMeta_data();
      if (String.join(".", m.getPath_in_schema()).endsWith(".k.value")) {
        m.getStatistics().setNull_count(m.getNum_values()); // the two values, hidden
      }
    }
    Path lying = tmp.resolve("lying-residual.parquet");
    Files.write(lying, s.withFooter(forged));

    String refused;
    try (VariantParquetReader r = VariantParquetReader.open(lying);
        VariantPathReader p = r.project("v", VariantPath.parse("$.o.k"))) {
      assertFalse(p.requestedSchema().toString().contains("metadata")); // the scan reads it
      assertEquals(0, p.read().value().longValue());
      assertEquals(1, p.read().value().longValue());
      VariantParquetException conflict = assertThrows(VariantParquetException.class, p::read);
      assertEquals("v", conflict.column(), conflict.getMessage());
      assertEquals(2, conflict.row(), conflict.getMessage());
      assertTrue(
          conflict
              .getMessage()
              .contains(
                  "Cannot read the projected path $.o.k: Invalid shredded variant at $.o.k:"
                      + " conflicting value and typed_value: typed_value int64 is set and so is"
                      + " value (INT8)"),
          conflict.getMessage());
      refused = conflict.detail();
      assertEquals(3, p.read().value().longValue()); // the next row reads
      VariantParquetException hidden = assertThrows(VariantParquetException.class, p::read);
      assertEquals("v.typed_value.o.typed_value.k.value", hidden.column(), hidden.getMessage());
      assertEquals(4, hidden.row(), hidden.getMessage());
      assertTrue(hidden.getMessage().contains("statistics count none"), hidden.getMessage());
      assertEquals(5, p.read().value().longValue());
    }
    // as the general projection refuses the honest file's row 2
    try (VariantParquetReader r = VariantParquetReader.open(f);
        VariantPathReader p = r.project("v", VariantPath.parse("$.o.k"))) {
      assertTrue(p.requestedSchema().toString().contains("metadata"));
      p.read();
      p.read();
      VariantParquetException e = assertThrows(VariantParquetException.class, p::read);
      assertEquals(refused, e.detail()); // in the same words
    }
  }

  private static org.apache.parquet.io.api.Binary bin(int... bytes) {
    byte[] b = new byte[bytes.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) bytes[i];
    }
    return org.apache.parquet.io.api.Binary.fromConstantByteArray(b);
  }
}
