// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.core.path.VariantPath;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectionTest {
  @TempDir Path tmp;

  /** {"a": int64, "b": {"c": string, "d": double}, "tags": [string]} */
  private static ShreddingPlan plan() {
    Map<String, ShreddingPlan> b = new LinkedHashMap<>();
    b.put("c", ShreddingPlan.scalar(ShreddedType.STRING));
    b.put("d", ShreddingPlan.scalar(ShreddedType.DOUBLE));
    Map<String, ShreddingPlan> top = new LinkedHashMap<>();
    top.put("a", ShreddingPlan.scalar(ShreddedType.INT64));
    top.put("b", ShreddingPlan.object(b));
    top.put("tags", ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.STRING)));
    return ShreddingPlan.object(top);
  }

  private static Variant row(long a, String c, String extraKey) {
    VariantBuilder v = new VariantBuilder().startObject();
    v.key("a").appendLong(a);
    v.key("b").startObject().key("c").appendString(c).key("d").appendDouble(1.5).endObject();
    v.key("tags").startArray().appendString("x").appendString("y").endArray();
    if (extraKey != null) {
      v.key(extraKey).appendString("residual");
    }
    return v.endObject().build();
  }

  private Path file(List<Variant> rows) throws IOException {
    Path f = Files.createTempFile(tmp, "p", ".parquet");
    TestFileWriter.write(f, plan(), ShreddingLayout.SPEC, rows, 100);
    return f;
  }

  @Test
  void requestsOnlyTheColumnsOfThePath() throws IOException {
    // The residuals of v and b are not requested: shredded fields b and c never appear in them.
    // (c holds a number in one row, in its residual: so the typed column alone cannot answer,
    // TypedPathScanTest.)
    Variant numberC =
        new VariantBuilder()
            .startObject()
            .key("b")
            .startObject()
            .key("c")
            .appendLong(3)
            .endObject()
            .endObject()
            .build();
    try (VariantParquetReader r =
            VariantParquetReader.open(file(List.of(row(1, "u", null), numberC)));
        VariantPathReader p = r.project("v", VariantPath.parse("$.b.c"))) {
      MessageType expected =
          MessageTypeParser.parseMessageType(
              "message rows {"
                  + " optional group v (VARIANT(1)) { required binary metadata;"
                  + "   optional group typed_value { required group b {"
                  + "     optional group typed_value { required group c { optional binary value; optional binary typed_value (STRING); } } } } } }");
      assertEquals(expected, p.requestedSchema());
    }
  }

  @Test
  void requestsOnlyResidualsForUnshreddedKeys() throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file(List.of(row(1, "u", null))));
        VariantPathReader p = r.project("v", VariantPath.parse("$.b.zz"))) {
      MessageType expected =
          MessageTypeParser.parseMessageType(
              "message rows {"
                  + " optional group v (VARIANT(1)) { required binary metadata;"
                  + "   optional group typed_value { required group b { optional binary value; } } } }");
      assertEquals(expected, p.requestedSchema());
    }
  }

  @Test
  void answersFullyTypedPathsFromTypedColumns() throws IOException {
    Path f = file(List.of(row(1, "typed", null), row(2, "also", "zz")));

    try (VariantParquetReader r = VariantParquetReader.open(f);
        VariantPathReader p = r.project("v", VariantPath.parse("$.b.c"))) {
      PathValue first = p.read();
      assertEquals("typed", first.value().stringValue());
      assertTrue(first.fromTypedColumns());
      PathValue second =
          p.read(); // the top-level residual holds zz, but b.c is typed: still no residual decoded
      assertEquals("also", second.value().stringValue());
      assertTrue(second.fromTypedColumns());
    }
  }

  @Test
  void readsUnshreddedKeysFromTheResidual() throws IOException {
    Path f = file(List.of(row(1, "u", "zz"), row(2, "u", null)));

    try (VariantParquetReader r = VariantParquetReader.open(f);
        VariantPathReader p = r.project("v", VariantPath.parse("$.zz"))) {
      PathValue first = p.read();
      assertEquals("residual", first.value().stringValue());
      assertFalse(first.fromTypedColumns());
      PathValue second = p.read();
      assertFalse(second.isPresent());
      assertFalse(second.isSqlNull());
    }
  }

  @Test
  void indexesTypedLists() throws IOException {
    Path f = file(List.of(row(1, "u", null)));

    try (VariantParquetReader r = VariantParquetReader.open(f);
        VariantPathReader second = r.project("v", VariantPath.parse("$.tags[1]"));
        VariantPathReader past = r.project("v", VariantPath.parse("$.tags[2]"))) {
      assertEquals("y", second.read().value().stringValue());
      assertFalse(past.read().isPresent());
    }
  }

  @Test
  void rebuildsTheSlotAtThePathsEnd() throws IOException {
    Path f = file(List.of(row(7, "u", null)));

    try (VariantParquetReader r = VariantParquetReader.open(f);
        VariantPathReader p = r.project("v", VariantPath.parse("$.b"))) {
      Variant b = p.read().value();
      assertEquals(2, b.fieldCount());
      assertEquals("u", b.field("c").stringValue());
      assertEquals(VariantType.DOUBLE, b.field("d").type());
    }
  }

  @Test
  void reportsSqlNullRows() throws IOException {
    Path f = file(Arrays.asList(null, row(1, "u", null)));

    try (VariantParquetReader r = VariantParquetReader.open(f);
        VariantPathReader p = r.project("v", VariantPath.parse("$.a"))) {
      assertTrue(p.read().isSqlNull());
      PathValue a = p.read();
      assertEquals(VariantType.INT64, a.value().type());
      assertEquals(1, a.value().longValue());
    }
  }

  @Test
  void rejectsUnknownColumns() throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file(List.of()))) {
      var e =
          assertThrows(
              IllegalArgumentException.class, () -> r.project("nope", VariantPath.parse("$.a")));
      assertTrue(e.getMessage().contains("\"nope\""), e.getMessage());
    }
  }
}
