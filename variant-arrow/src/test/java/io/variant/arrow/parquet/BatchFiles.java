// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.arrow.Unshred;
import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.DatasetGen;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.Model;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;

/** Test helpers: generated files, their rows by the row reader, and batches read back as rows. */
final class BatchFiles {
  static final String COLUMN = "v";

  private BatchFiles() {}

  /**
   * 0 to 40 Variants, half the time rows of one shape; in two draws of three about one in eight is
   * SQL NULL, in the third none is.
   */
  static List<Variant> rows(Random rnd) {
    int n = rnd.nextInt(41);
    int nullOneIn = rnd.nextInt(3) == 0 ? 0 : 8;
    List<Variant> rows = new ArrayList<>();
    if (rnd.nextBoolean()) {
      for (Model m : DatasetGen.rows(rnd)) {
        if (rows.size() == n) {
          break;
        }
        rows.add(nullOneIn > 0 && rnd.nextInt(nullOneIn) == 0 ? null : m.build());
      }
      return rows;
    }
    for (int i = 0; i < n; i++) {
      rows.add(nullOneIn > 0 && rnd.nextInt(nullOneIn) == 0 ? null : Gen.variant(rnd));
    }
    return rows;
  }

  /** A plan drawn independently of the rows, or shaped like one of them. */
  static ShreddingPlan plan(Random rnd, List<Variant> rows) {
    List<Variant> present = rows.stream().filter(v -> v != null).toList();
    if (present.isEmpty() || rnd.nextInt(3) == 0) {
      return PlanGen.plan(rnd);
    }
    return ShapePlans.planFor(rnd, present.get(rnd.nextInt(present.size())));
  }

  /**
   * Writes {@code rows} with our writer: {@code id} (int64), {@code name} (string, null in odd
   * rows) and the VARIANT column {@value #COLUMN} shredded by {@code plan}, in small row groups and
   * pages; a column without SQL NULL is half the time declared not nullable (a required group).
   */
  static void write(Path file, ShreddingPlan plan, List<Variant> rows, Random rnd)
      throws IOException {
    write(file, plan, rows, rnd, ShreddingLayout.SPEC, rows.contains(null) || rnd.nextBoolean());
  }

  /** As {@link #write(Path, ShreddingPlan, List, Random)}, in {@code layout}, nullable or not. */
  static void write(
      Path file,
      ShreddingPlan plan,
      List<Variant> rows,
      Random rnd,
      ShreddingLayout layout,
      boolean nullable)
      throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .stringColumn("name")
            .variantColumn(COLUMN, plan)
            .layout(layout)
            .nullableVariants(nullable)
            .rowGroupRowLimit(1 + rnd.nextInt(20))
            .pageRowLimit(1 + rnd.nextInt(8))
            .overwrite()
            .build()) {
      writeRows(w, rows);
    }
  }

  /** Writes {@code rows} as records: {@code id} the row number, {@code name} null in odd rows. */
  static void writeRows(VariantParquetWriter w, List<Variant> rows) throws IOException {
    for (int i = 0; i < rows.size(); i++) {
      w.write(
          VariantRecord.builder()
              .set("id", (long) i)
              .set("name", i % 2 == 0 ? "n" + i : null)
              .set(COLUMN, rows.get(i))
              .build());
    }
  }

  /**
   * Overwrites the second quarter of {@code file}'s bytes with a pattern: pages no longer decode.
   */
  static void damage(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    for (int i = bytes.length / 4; i < bytes.length / 2; i++) {
      bytes[i] = (byte) (i * 31);
    }
    Files.write(file, bytes);
  }

  /** What the row reader gives for {@code column}, row by row ({@code null}: SQL NULL). */
  static List<Variant> rowReader(Path file, String column) throws IOException {
    List<Variant> out = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (VariantRecord record : r) {
        out.add(record.variant(column));
      }
    }
    return out;
  }

  /** Every batch's {@code column} unshredded, row by row. */
  static List<Variant> batchRows(Path file, String column, BufferAllocator allocator, int size)
      throws IOException {
    List<Variant> out = new ArrayList<>();
    try (VariantBatchReader reader =
        VariantBatchReader.open(file, allocator, BatchOptions.defaults().withBatchSize(size))) {
      while (reader.loadNextBatch()) {
        VariantVector batch = (VariantVector) reader.root().getVector(column);
        try (VariantVector whole = Unshred.unshred(batch)) {
          for (int row = 0; row < whole.getValueCount(); row++) {
            out.add(whole.getObject(row));
          }
        }
      }
    }
    return out;
  }

  /** A path of up to three steps into the plan, a row, or at random. */
  static VariantPath path(Random rnd, List<Variant> rows, ShreddingPlan plan) {
    Variant value = rows.isEmpty() ? null : rows.get(rnd.nextInt(rows.size()));
    ShreddingPlan node = plan;
    List<Segment> segments = new ArrayList<>();
    while (segments.size() < 3 && rnd.nextInt(5) != 0) {
      int choice = rnd.nextInt(10);
      if (node != null && node.shape() == ShreddingPlan.Shape.OBJECT && choice < 5) {
        List<ShreddingPlan.Field> fields = node.asObject().fields();
        ShreddingPlan.Field f = fields.get(rnd.nextInt(fields.size()));
        segments.add(new Segment.Key(f.name()));
        node = f.plan();
        value = value != null && value.isObject() ? value.field(f.name()) : null;
      } else if (value != null && value.isObject() && value.fieldCount() > 0 && choice < 8) {
        int i = rnd.nextInt(value.fieldCount());
        String name = value.fieldName(i);
        segments.add(new Segment.Key(name));
        node =
            node != null && node.shape() == ShreddingPlan.Shape.OBJECT
                ? node.asObject().field(name)
                : null;
        value = value.fieldValue(i);
      } else if (choice < 9) {
        int i = rnd.nextInt(3);
        segments.add(new Segment.Index(i));
        node =
            node != null && node.shape() == ShreddingPlan.Shape.ARRAY
                ? node.asArray().element()
                : null;
        value = value != null && value.isArray() && i < value.size() ? value.element(i) : null;
      } else {
        segments.add(new Segment.Key(PlanGen.key(rnd)));
        node = null;
        value = null;
      }
    }
    return VariantPath.of(segments);
  }
}
