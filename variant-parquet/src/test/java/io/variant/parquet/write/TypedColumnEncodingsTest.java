// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Typed integer and string columns whose dictionary does not pay fall back to delta encodings;
 * residual columns and repetitive typed columns keep parquet-java's choices; the values read back
 * are those of the file parquet-java's encodings give.
 */
class TypedColumnEncodingsTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"id\": int64, \"n\": int32, \"name\": string, \"kind\": string}");

  @TempDir Path tmp;

  @Test
  void uniqueIntegersAndStringsAreDeltaEncodedAndReadTheSame() throws IOException {
    Path ours = write(tmp.resolve("ours.parquet"), false);
    Path parquetJava = write(tmp.resolve("parquet-java.parquet"), true);

    Map<String, Set<Encoding>> encodings = encodings(ours);
    assertTrue(
        encodings.get("v.typed_value.id.typed_value").contains(Encoding.DELTA_BINARY_PACKED),
        encodings.toString());
    assertTrue(
        encodings.get("v.typed_value.n.typed_value").contains(Encoding.DELTA_BINARY_PACKED),
        encodings.toString());
    assertTrue(
        encodings.get("v.typed_value.name.typed_value").contains(Encoding.DELTA_BYTE_ARRAY),
        encodings.toString());
    assertTrue(
        encodings.get("v.typed_value.kind.typed_value").contains(Encoding.PLAIN_DICTIONARY),
        encodings.toString());
    encodings.forEach(
        (column, used) -> {
          if (column.endsWith(".value")) {
            assertFalse(used.contains(Encoding.DELTA_BYTE_ARRAY), column + " " + used);
          }
        });
    assertFalse(
        encodings(parquetJava).values().stream()
            .anyMatch(
                e ->
                    e.contains(Encoding.DELTA_BINARY_PACKED)
                        || e.contains(Encoding.DELTA_BYTE_ARRAY)));

    assertEquals(
        LevelWriterPropertyTest.readGroups(parquetJava), LevelWriterPropertyTest.readGroups(ours));
    assertTrue(Files.size(ours) < Files.size(parquetJava), Files.size(ours) + " bytes");
  }

  private static Path write(Path file, boolean parquetJavaEncodings) throws IOException {
    VariantParquetWriter.Builder b =
        VariantParquetWriter.builder(file).variantColumn("v", PLAN).inferFromFirst(0);
    if (parquetJavaEncodings) {
      b.parquetJavaEncodings();
    }
    try (VariantParquetWriter w = b.build()) {
      for (int i = 0; i < 5000; i++) {
        // ids and counters grow, names share a prefix; every 50th row sends id to the residual
        String id = i % 50 == 0 ? "\"x" + i + "\"" : Long.toString(1_000_000_007L * i);
        Variant v =
            VariantJson.parse(
                "{\"id\": "
                    + id
                    + ", \"n\": "
                    + (i * 37 % 100_003)
                    + ", \"name\": \"user-"
                    + i
                    + "\", \"kind\": \"k"
                    + i % 3
                    + "\"}");
        w.write(VariantRecord.builder().set("v", v).build());
      }
    }
    return file;
  }

  private static Map<String, Set<Encoding>> encodings(Path file) throws IOException {
    Map<String, Set<Encoding>> out = new HashMap<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(0).getColumns()) {
        out.put(c.getPath().toDotString(), c.getEncodings());
      }
    }
    return out;
  }
}
