// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The size check behind the inferred plan: what it counts, and what it keeps. */
class CheckedPlanTest {
  @TempDir Path dir;

  /**
   * Event-like rows that shredding pays for: typed numbers, repeated strings, one nested object.
   */
  private static List<Variant> events(int n, long seed) {
    Random r = new Random(seed);
    String[] types = {"view", "click", "login", "logout"};
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(
          VariantJson.parse(
              "{\"id\": "
                  + (1_000_000 + i)
                  + ", \"type\": \""
                  + types[r.nextInt(types.length)]
                  + "\", \"user\": {\"id\": "
                  + r.nextInt(5000)
                  + ", \"name\": \"u"
                  + r.nextInt(300)
                  + "\"}, \"ok\": "
                  + r.nextBoolean()
                  + "}"));
    }
    return rows;
  }

  @Test
  void sizeIsTheFileLessItsFooterAsConvertWritesIt() throws IOException {
    List<Variant> rows = events(700, 1);
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    rows.forEach(inference::add);
    for (ShreddingPlan plan : List.of(ShreddingPlan.residual(), inference.result().plan())) {
      Path file = dir.resolve("f.parquet");
      try (VariantParquetWriter w =
          VariantParquetWriter.builder(file)
              .overwrite()
              .nullableVariants(false) // convert's rows are never SQL NULL
              .variantColumn("v", plan)
              .build()) {
        for (Variant v : rows) {
          w.write(VariantRecord.builder().set("v", v).build());
        }
      }
      try (FileChannel ch = FileChannel.open(file)) {
        ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        ch.read(tail, ch.size() - 8);
        long footer = 4 + 8 + tail.getInt(0);
        assertEquals(ch.size() - footer, CheckedPlan.size(rows, plan), plan.toString());
      }
    }
  }

  @Test
  void aPlanThatWinsIsKept() throws IOException {
    List<Variant> rows = events(3000, 2); // more than the quick check's rows
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    rows.forEach(inference::add);
    CheckedPlan inferred = CheckedPlan.of(inference, rows);
    assertEquals("", inferred.note());
    assertEquals(inference.result().plan(), inferred.plan());
    assertTrue(inferred.result().coverage().typedColumns() >= 4, inferred.plan().toString());
  }

  @Test
  void aSampleThatIsTheWholeInputCountsItsFooter() throws IOException {
    // 1,200 rows of 30 booleans: typed, their pages are smaller, but 30 column chunks' footer
    // entries outweigh that in a file of just these rows (17.7 KB against 11.1 KB unshredded)
    Random r = new Random(5);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 1200; i++) {
      StringBuilder json = new StringBuilder("{");
      for (int f = 0; f < 30; f++) {
        json.append(f == 0 ? "" : ", ").append("\"flag").append(f).append("\": ");
        json.append(r.nextBoolean());
      }
      rows.add(VariantJson.parse(json.append("}").toString()));
    }
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    rows.forEach(inference::add);

    CheckedPlan part = CheckedPlan.of(inference, rows, 2, -1);
    CheckedPlan whole = CheckedPlan.of(inference, rows, 2, rows.size());

    // a sample of a larger input spreads the footer thin, and keeps the columns
    assertEquals(30, part.result().coverage().typedColumns(), part.plan().toString());
    assertTrue(whole.note().contains("bytes of pages and footer"), whole.note());
    long file = CheckRows.of(rows, rows.size(), rows.size()).size(whole.plan());
    long unshredded = CheckRows.of(rows, rows.size(), rows.size()).size(ShreddingPlan.residual());
    assertTrue(file <= unshredded, file + " > " + unshredded + " with " + whole.plan());
  }

  @Test
  void aPlanThatLosesOnTheSampleIsCut() throws IOException {
    // Inferred from event rows, checked on rows without any of their paths: every typed column
    // is empty overhead, whichever of the two checks decides.
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    events(3000, 3).forEach(inference::add);
    Random r = new Random(4);
    List<Variant> other = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      other.add(VariantJson.parse("{\"x\": \"" + Long.toHexString(r.nextLong()) + "\"}"));
    }
    CheckedPlan inferred = CheckedPlan.of(inference, other);
    assertTrue(inferred.note().startsWith("no typed columns: with all "), inferred.note());
    assertEquals(0, inferred.result().coverage().typedColumns());
  }

  /**
   * Rows that are lists of product strings with a price among them: the cost model types the list's
   * strings (the price goes to the element's residual), and that plan writes the sample smaller
   * than no shredding.
   */
  @Test
  void productRowsThatAreListsOfStringsHaveTheirStringsTyped() throws IOException {
    Random r = new Random(792);
    String[] words = {"steel", "oak", "linen", "smart", "mini", "pro", "travel", "kitchen"};
    String[] nouns = {"lamp", "chair", "mug", "kettle", "backpack", "tent", "bottle", "rug"};
    String[] colours = {"black", "white", "red", "blue", "green", "grey"};
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rows.add(
          VariantJson.parse(
              String.format(
                  Locale.ROOT,
                  "[\"%s %s%s\", \"cat%d\", %d.%02d, \"SKU-%06d\", \"%s\", \"%s\"]",
                  words[r.nextInt(words.length)],
                  nouns[r.nextInt(nouns.length)],
                  r.nextBoolean() ? " " + (100 + r.nextInt(9900)) : "",
                  r.nextInt(8),
                  1 + r.nextInt(300),
                  r.nextInt(100),
                  10_000 + i * 7 + r.nextInt(7),
                  colours[r.nextInt(colours.length)],
                  r.nextInt(5) == 0 ? "out of stock" : "in stock")));
    }
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    rows.forEach(inference::add);

    CheckedPlan inferred = CheckedPlan.of(inference, rows);

    assertEquals(ShreddingPlan.parse("[string]"), inferred.plan(), inferred.note());
    assertTrue(
        CheckedPlan.size(rows, inferred.plan()) < CheckedPlan.size(rows, ShreddingPlan.residual()));
  }
}
