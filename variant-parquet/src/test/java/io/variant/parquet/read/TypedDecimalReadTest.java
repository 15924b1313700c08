// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Typed decimals of the three widths read back exactly, through the rebuild that takes them
 * unscaled (128-bit two's complement, high and low word) and through a projected path: negative
 * values (whose high word is all ones), values past 64 bits, and the largest of each precision; in
 * fields and in list elements.
 */
class TypedDecimalReadTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse(
          "{\"d\": decimal(38, 2), \"e\": decimal(18, 3), \"f\": decimal(9, 1),"
              + " \"l\": [decimal(38, 2)]}");
  private static final BigDecimal[] WIDE = {
    new BigDecimal("-1.00"),
    new BigDecimal("0.00"),
    new BigDecimal("1.00"),
    new BigDecimal("-92233720368547758.09"), // unscaled just below -2^63
    new BigDecimal("184467440737095516.16"), // unscaled 2^64
    new BigDecimal(BigInteger.ONE.shiftLeft(100).negate(), 2),
    new BigDecimal("999999999999999999999999999999999999.99"),
    new BigDecimal("-999999999999999999999999999999999999.99"),
  };

  @TempDir Path tmp;

  private static Variant row(int i) {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    b.key("d").appendDecimal(VariantType.DECIMAL16, WIDE[i % WIDE.length]);
    b.key("e")
        .appendDecimal(VariantType.DECIMAL8, BigDecimal.valueOf(-999_999_999_999_999L + i, 3));
    b.key("f").appendDecimal(VariantType.DECIMAL4, BigDecimal.valueOf(-99_999_999 + i, 1));
    b.key("l").startArray();
    for (int k = 0; k <= i % 3; k++) {
      b.appendDecimal(VariantType.DECIMAL16, WIDE[(i + k) % WIDE.length]);
    }
    b.endArray();
    b.endObject();
    return b.build();
  }

  private Path file(int rows) throws IOException {
    Path file = tmp.resolve("decimals.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).variantColumn("v", PLAN).overwrite().build()) {
      for (int i = 0; i < rows; i++) {
        w.write(VariantRecord.builder().set("v", row(i)).build());
      }
    }
    return file;
  }

  @Test
  void decimalsOfEveryWidthReadBackExactly() throws IOException {
    int rows = 3 * WIDE.length;
    Path file = file(rows);
    List<Variant> read = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (VariantRecord record : r) {
        read.add(record.variant("v"));
      }
    }
    assertEquals(rows, read.size());
    for (int i = 0; i < rows; i++) {
      Variant want = row(i);
      Variant got = read.get(i);
      for (String key : List.of("d", "e", "f")) {
        assertEquals(decimal(want.field(key)), decimal(got.field(key)), "row " + i + " " + key);
        assertEquals(want.field(key).type(), got.field(key).type(), "row " + i + " " + key);
      }
      Variant wl = want.field("l");
      Variant gl = got.field("l");
      assertEquals(wl.size(), gl.size(), "row " + i);
      for (int k = 0; k < wl.size(); k++) {
        assertEquals(decimal(wl.element(k)), decimal(gl.element(k)), "row " + i + " l[" + k + "]");
      }
    }
  }

  @Test
  void aProjectedDecimalReadsBackExactly() throws IOException {
    int rows = 2 * WIDE.length;
    Path file = file(rows);
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader values = r.project("v", VariantPath.parse("$.d"))) {
      int i = 0;
      for (PathValue v : values) {
        assertEquals(WIDE[i % WIDE.length], decimal(v.value()), "row " + i);
        i++;
      }
      assertEquals(rows, i);
    }
  }

  private static BigDecimal decimal(Variant v) {
    return v.decimalValue();
  }
}
