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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Typed integer and string columns take the encoding (dictionary, PLAIN, delta) whose first page
 * compresses smallest; residual columns keep parquet-java's choices; the values read back are those
 * of the file parquet-java's encodings give.
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

  /**
   * Product listings (a name, a category, a SKU, a colour per list) and random integers: a
   * dictionary's ids compress to more than the values themselves, though uncompressed the
   * dictionary looks smaller; PLAIN and the delta encoding are chosen, a repetitive column keeps
   * its dictionary, and the file is smaller than with the dictionaries parquet-java keeps.
   */
  @Test
  void eachColumnTakesTheEncodingWhoseFirstPageCompressesSmallest() throws IOException {
    ShreddingPlan plan =
        ShreddingPlan.parse("{\"cells\": [string], \"rank\": int32, \"kind\": string}");
    Random r = new Random(792);
    String[] words = {"steel", "oak", "linen", "smart", "mini", "pro", "travel", "kitchen"};
    String[] nouns = {"lamp", "chair", "mug", "kettle", "backpack", "tent", "bottle", "rug"};
    String[] colours = {"black", "white", "red", "blue", "green", "grey"};
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      String name =
          words[r.nextInt(words.length)]
              + " "
              + nouns[r.nextInt(nouns.length)]
              + (r.nextBoolean() ? " " + (100 + r.nextInt(9900)) : "");
      rows.add(
          VariantJson.parse(
              String.format(
                  Locale.ROOT,
                  "{\"cells\": [\"%s\", \"cat%d\", \"SKU-%06d\", \"%s\"], \"rank\": %d,"
                      + " \"kind\": \"k%d\"}",
                  name,
                  r.nextInt(8),
                  10_000 + i * 7 + r.nextInt(7),
                  colours[r.nextInt(colours.length)],
                  1000 + r.nextInt(4000),
                  r.nextInt(3))));
    }
    Path ours = write(tmp.resolve("ours.parquet"), plan, rows, false);
    Path parquetJava = write(tmp.resolve("parquet-java.parquet"), plan, rows, true);

    Map<String, Set<Encoding>> encodings = encodings(ours);
    Set<Encoding> cells = encodings.get("v.typed_value.cells.typed_value.list.element.typed_value");
    assertFalse(cells.contains(Encoding.PLAIN_DICTIONARY), encodings.toString());
    Set<Encoding> rank = encodings.get("v.typed_value.rank.typed_value");
    assertTrue(
        rank.contains(Encoding.DELTA_BINARY_PACKED) && !rank.contains(Encoding.PLAIN_DICTIONARY),
        encodings.toString());
    assertTrue(
        encodings.get("v.typed_value.kind.typed_value").contains(Encoding.PLAIN_DICTIONARY),
        encodings.toString());
    assertEquals(
        LevelWriterPropertyTest.readGroups(parquetJava), LevelWriterPropertyTest.readGroups(ours));
    assertTrue(
        Files.size(ours) < Files.size(parquetJava) * 0.9,
        Files.size(ours) + " bytes, parquet-java's encodings " + Files.size(parquetJava));
  }

  /**
   * Product rows that are lists of strings with a measurement among them, the strings typed: the
   * element's residual column holds the numbers (doubles of full precision, a third of them
   * repeated), whose dictionary parquet-java keeps (it is smaller than the values uncompressed)
   * though its ids compress to more than the values written out, sorted or not; PLAIN is chosen
   * there, and the file is smaller.
   */
  @Test
  void aResidualColumnTakesPlainWhereItCompressesSmallerThanItsDictionary() throws IOException {
    ShreddingPlan plan = ShreddingPlan.parse("[string]");
    Random r = new Random(29);
    double[] measured = new double[6_000];
    for (int i = 0; i < measured.length; i++) {
      measured[i] = r.nextDouble() * 1000;
    }
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      rows.add(
          VariantJson.parse(
              String.format(
                  Locale.ROOT,
                  "[\"item %d\", \"cat%d\", %s, \"SKU-%06d\", \"in stock\"]",
                  r.nextInt(100_000),
                  r.nextInt(8),
                  Double.toString(measured[r.nextInt(measured.length)]),
                  10_000 + i * 7)));
    }
    Path ours = write(tmp.resolve("ours.parquet"), plan, rows, false);
    Path parquetJava = write(tmp.resolve("parquet-java.parquet"), plan, rows, true);

    String residual = "v.typed_value.list.element.value";
    assertTrue(
        encodings(parquetJava).get(residual).contains(Encoding.PLAIN_DICTIONARY), "test premise");
    Set<Encoding> used = encodings(ours).get(residual);
    assertFalse(used.contains(Encoding.PLAIN_DICTIONARY), used.toString());
    assertEquals(
        LevelWriterPropertyTest.readGroups(parquetJava), LevelWriterPropertyTest.readGroups(ours));
    assertTrue(Files.size(ours) < Files.size(parquetJava), Files.size(ours) + " bytes");
  }

  /**
   * The first 1,000 names are new, the next 20,000 repeat them: the first values judged hold no
   * repeat, but the dictionary, weighed at the first page's end, pays.
   */
  @Test
  void aDictionaryWhoseRepeatsComeAfterTheJudgedValuesIsKept() throws IOException {
    ShreddingPlan plan = ShreddingPlan.parse("{\"name\": string}");
    Random r = new Random(31);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      StringBuilder sb = new StringBuilder();
      for (int c = 0; c < 80; c++) {
        sb.append((char) ('a' + r.nextInt(26)));
      }
      names.add(sb.toString());
    }
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 21_000; i++) {
      String name = i < 1000 ? names.get(i) : names.get(r.nextInt(names.size()));
      rows.add(VariantJson.parse("{\"name\": \"" + name + "\"}"));
    }
    Path ours = write(tmp.resolve("ours.parquet"), plan, rows, false);
    Path parquetJava = write(tmp.resolve("parquet-java.parquet"), plan, rows, true);

    Set<Encoding> used = encodings(ours).get("v.typed_value.name.typed_value");
    assertTrue(used.contains(Encoding.PLAIN_DICTIONARY), used.toString());
    assertEquals(
        LevelWriterPropertyTest.readGroups(parquetJava), LevelWriterPropertyTest.readGroups(ours));
  }

  private static Path write(
      Path file, ShreddingPlan plan, List<Variant> rows, boolean parquetJavaEncodings)
      throws IOException {
    VariantParquetWriter.Builder b =
        VariantParquetWriter.builder(file).variantColumn("v", plan).inferFromFirst(0);
    if (parquetJavaEncodings) {
      b.parquetJavaEncodings();
    }
    try (VariantParquetWriter w = b.build()) {
      for (Variant v : rows) {
        w.write(VariantRecord.builder().set("v", v).build());
      }
    }
    return file;
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
