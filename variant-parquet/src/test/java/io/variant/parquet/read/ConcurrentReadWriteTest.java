// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.Together;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers and writers on 8 threads at once give what they give one after another: 8 writers write 8
 * files byte for byte as the sequential run does, and 8 readers of one file (through {@link
 * VariantParquetReader}, and as an engine through one shared {@link GuardedInputFile}) read the
 * same rows. A writer or reader shared by threads refuses overlapping calls and loses or repeats no
 * row. A barrier starts the threads together so that they really overlap.
 */
class ConcurrentReadWriteTest {
  private static final int THREADS = 8;
  private static final int ROWS = 600;
  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(3)
          .withMaxFields(6)
          .withMaxElements(4)
          .withAllowLarge(false)
          .withBudgetBytes(1_500);

  @TempDir Path tmp;

  private record Dataset(ShreddingPlan plan, ShreddingLayout layout, List<Variant> rows) {}

  private static Dataset dataset(int i) {
    Random rnd = new Random(4200 + i);
    Variant template = Gen.variant(rnd, SMALL);
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      int roll = rnd.nextInt(10);
      rows.add(roll == 0 ? null : roll < 3 ? Gen.variant(rnd, SMALL) : template);
    }
    return new Dataset(
        ShapePlans.planFor(rnd, template),
        i % 2 == 0 ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT,
        rows);
  }

  private static byte[] write(Dataset d, Path file) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .longColumn("id")
            .variantColumn("v", d.plan())
            .layout(d.layout())
            .rowGroupRowLimit(200)
            .pageRowLimit(50)
            .build()) {
      for (int r = 0; r < d.rows().size(); r++) {
        w.write(VariantRecord.builder().set("id", (long) r).set("v", d.rows().get(r)).build());
      }
    }
    return Files.readAllBytes(file);
  }

  @Test
  void eightWritersAtOnceWriteWhatTheyWriteOneAfterAnother() throws Exception {
    List<Dataset> data = new ArrayList<>();
    List<byte[]> sequential = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      data.add(dataset(i));
      sequential.add(write(data.get(i), tmp.resolve("seq-" + i + ".parquet")));
    }
    List<byte[]> parallel =
        onThreads(i -> write(data.get(i), tmp.resolve("par-" + i + ".parquet")));
    for (int i = 0; i < THREADS; i++) {
      assertArrayEquals(sequential.get(i), parallel.get(i), "file " + i);
    }
  }

  @Test
  void eightReadersOfOneFileReadWhatOneReaderReads() throws Exception {
    Path file = tmp.resolve("one.parquet");
    write(dataset(0), file);
    List<VariantRecord> once = readAll(file);
    assertEquals(ROWS, once.size());
    List<List<VariantRecord>> parallel = onThreads(i -> readAll(file));
    for (int i = 0; i < THREADS; i++) {
      assertEquals(once, parallel.get(i), "reader " + i);
    }
    // Engines: one GuardedInputFile shared by 8 parquet-java readers with VariantReadSupport.
    GuardedInputFile shared = GuardedInputFile.open(new LocalInputFile(file), file.toString());
    List<List<VariantRecord>> engines = onThreads(i -> readAsAnEngine(shared));
    for (int i = 0; i < THREADS; i++) {
      assertEquals(once, engines.get(i), "engine reader " + i);
    }
  }

  /**
   * A writer shared by 8 threads refuses overlapping calls loudly; the rows it accepted are all in
   * the file.
   */
  @Test
  void aSharedWriterRefusesOverlappingWritesAndKeepsEveryAcceptedRow() throws Exception {
    Dataset d = dataset(3);
    Path file = tmp.resolve("shared.parquet");
    java.util.Set<Long> accepted = java.util.concurrent.ConcurrentHashMap.newKeySet();
    java.util.concurrent.atomic.AtomicInteger refused =
        new java.util.concurrent.atomic.AtomicInteger();
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .longColumn("id")
            .variantColumn("v", d.plan())
            .layout(d.layout())
            .rowGroupRowLimit(200)
            .pageRowLimit(50)
            .build()) {
      onThreads(
          t -> {
            for (int r = t; r < ROWS; r += THREADS) {
              try {
                w.write(
                    VariantRecord.builder().set("id", (long) r).set("v", d.rows().get(r)).build());
                accepted.add((long) r);
              } catch (java.util.ConcurrentModificationException e) {
                refused.incrementAndGet();
              }
            }
            return null;
          });
    }
    System.out.println(
        "[shared writer] "
            + accepted.size()
            + " rows written, "
            + refused
            + " refused as concurrent");
    List<VariantRecord> back = readAll(file);
    assertEquals(accepted.size(), back.size());
    for (VariantRecord row : back) {
      long id = (Long) row.get("id");
      assertEquals(true, accepted.contains(id), "row " + id + " was not accepted");
      assertEquals(d.rows().get((int) id), row.variant("v"), "row " + id);
    }
  }

  @Test
  void aSharedReaderRefusesOverlappingReadsAndReturnsEveryRowOnce() throws Exception {
    Dataset d = dataset(5);
    Path file = tmp.resolve("shared-reader.parquet");
    write(d, file);
    java.util.Map<Long, VariantRecord> returned = new java.util.concurrent.ConcurrentHashMap<>();
    java.util.concurrent.atomic.AtomicInteger twice =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger refused =
        new java.util.concurrent.atomic.AtomicInteger();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      onThreads(
          t -> {
            while (true) {
              VariantRecord row;
              try {
                row = r.read();
              } catch (java.util.ConcurrentModificationException e) {
                refused.incrementAndGet(); // refused before it took a row: try again
                continue;
              }
              if (row == null) {
                return null;
              }
              if (returned.putIfAbsent((Long) row.get("id"), row) != null) {
                twice.incrementAndGet();
              }
            }
          });
    }
    System.out.println("[shared reader] " + refused + " reads refused as concurrent");
    assertEquals(0, twice.get(), "rows returned twice");
    assertEquals(ROWS, returned.size());
    for (java.util.Map.Entry<Long, VariantRecord> e : returned.entrySet()) {
      assertEquals(d.rows().get(e.getKey().intValue()), e.getValue().variant("v"), "row " + e);
    }
  }

  private static List<VariantRecord> readAll(Path file) throws IOException {
    List<VariantRecord> rows = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      r.forEach(rows::add);
    }
    return rows;
  }

  private static List<VariantRecord> readAsAnEngine(GuardedInputFile in) throws IOException {
    List<VariantRecord> rows = new ArrayList<>();
    try (ParquetReader<VariantRecord> r =
        new ParquetReader.Builder<VariantRecord>(
            in, GuardedInputFile.verifyChecksums(new PlainParquetConfiguration())) {
          @Override
          protected ReadSupport<VariantRecord> getReadSupport() {
            return new VariantReadSupport();
          }
        }.build()) {
      for (VariantRecord row = r.read(); row != null; row = r.read()) {
        rows.add(row);
      }
    }
    return rows;
  }

  /** Runs {@code task} on {@value #THREADS} threads released together; results in thread order. */
  static <T> List<T> onThreads(Together.Task<T> task) throws Exception {
    return Together.onThreads(THREADS, task);
  }
}
