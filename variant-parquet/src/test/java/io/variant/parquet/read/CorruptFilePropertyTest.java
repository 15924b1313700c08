// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantFormatException;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.HangGuard;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Corrupted Parquet files never crash the reader. Each trial writes a valid file with {@link
 * VariantParquetWriter} (random rows and plans, either layout, several row groups and pages, a
 * random codec), damages it with one {@link Corruption} and reads it fully and through projections.
 * Allowed outcomes: rows that are valid Variants, or an {@link IOException} / {@link
 * VariantException} whose message names the file. Where the damage is detectable (page payloads
 * carry a CRC; a truncated or mis-sized footer cannot parse) the rows must also equal those
 * written. Never another unchecked exception, never a hang (a generous preemptive guard), and never
 * an allocation that follows a forged size (the reading thread's allocated bytes stay within a
 * bound far below what a forged field claims).
 */
class CorruptFilePropertyTest {
  /** Each trial writes and reads several files: a tenth of the configured trials, at least 40. */
  private static final int TRIALS = Math.max(40, Trials.trials() / 10);

  private static final Duration HANG_GUARD = HangGuard.seconds(60);

  /**
   * Reading a file of a few KB allocates a few MB; a forged size in the GB would exceed this at
   * once.
   */
  private static final long MAX_ALLOCATED_BYTES = 512L << 20;

  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(3)
          .withMaxFields(5)
          .withMaxElements(4)
          .withAllowLarge(false)
          .withBudgetBytes(2_000);
  private static final Map<String, Integer> OUTCOMES = new TreeMap<>();

  @TempDir Path tmp;

  /**
   * A written file and what it holds: row i has id i and Variant {@code rows.get(i)} (null = SQL
   * NULL).
   */
  private record Written(Path file, List<Variant> rows, List<VariantPath> paths) {}

  @Test
  void corruptedFilesReadCorrectlyOrFailWithVariantOrIoExceptions() {
    Trials.run(
        "corruptedFilesFailCleanly",
        TRIALS,
        rnd -> {
          Written w = write(rnd);
          ParquetSurgery s = ParquetSurgery.of(Files.readAllBytes(w.file()));
          Corruption c = Corruption.values()[rnd.nextInt(Corruption.values().length)];
          Corruption.Damage d = c.apply(s, rnd);
          Path bad = Files.write(tmp.resolve("bad-" + rnd.nextLong() + ".parquet"), d.bytes());
          String where = c + ": " + d.what();
          assertTimeoutPreemptively(
              HANG_GUARD,
              () -> {
                long before = allocatedBytes();
                String outcome = readAll(bad, w, d.detectable(), where);
                for (VariantPath p : w.paths()) {
                  project(bad, w, p, d.detectable(), where);
                }
                long allocated = allocatedBytes() - before;
                assertTrue(
                    allocated < MAX_ALLOCATED_BYTES,
                    where + ": reading allocated " + allocated + " bytes");
                count(c + " " + outcome);
              },
              where);
        });
  }

  @AfterAll
  static void printOutcomes() {
    System.out.println("[corrupt files] outcomes by corruption: " + OUTCOMES);
  }

  private static synchronized void count(String key) {
    OUTCOMES.merge(key, 1, Integer::sum);
  }

  private Written write(Random rnd) throws IOException {
    Variant template = Gen.variant(rnd, SMALL);
    ShreddingPlan plan =
        rnd.nextInt(3) == 0 ? PlanGen.plan(rnd, 3) : ShapePlans.planFor(rnd, template);
    List<Variant> rows = new ArrayList<>();
    for (int i = 10 + rnd.nextInt(30); i > 0; i--) {
      int roll = rnd.nextInt(10);
      rows.add(roll == 0 ? null : roll < 4 ? Gen.variant(rnd, SMALL) : template);
    }
    Path file = Files.createTempFile(tmp, "good", ".parquet");
    try (VariantParquetWriter writer =
        VariantParquetWriter.builder(file)
            .overwrite()
            .longColumn("id")
            .variantColumn("v", plan)
            .layout(rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT)
            .codec(
                PlanGen.pick(
                    rnd,
                    CompressionCodecName.UNCOMPRESSED,
                    CompressionCodecName.SNAPPY,
                    CompressionCodecName.ZSTD,
                    CompressionCodecName.GZIP))
            .rowGroupRowLimit(3 + rnd.nextInt(10))
            .pageRowLimit(1 + rnd.nextInt(3))
            .build()) {
      for (int i = 0; i < rows.size(); i++) {
        writer.write(VariantRecord.builder().set("id", (long) i).set("v", rows.get(i)).build());
      }
    }
    return new Written(file, rows, List.of(VariantPath.root(), pathAlong(rnd, plan)));
  }

  /** A path down the plan's shredded slots (a key of an object slot, index 0 of an array slot). */
  private static VariantPath pathAlong(Random rnd, ShreddingPlan plan) {
    List<Segment> steps = new ArrayList<>();
    for (ShreddingPlan at = plan; rnd.nextInt(4) != 0; ) {
      if (at instanceof ShreddingPlan.ObjectPlan o) {
        ShreddingPlan.Field f = o.fields().get(rnd.nextInt(o.fields().size()));
        steps.add(new Segment.Key(f.name()));
        at = f.plan();
      } else if (at instanceof ShreddingPlan.ArrayPlan a) {
        steps.add(new Segment.Index(0));
        at = a.element();
      } else {
        break;
      }
    }
    return VariantPath.of(steps);
  }

  /**
   * Reads every row; returns "ok", "differs" (undetectable damage) or the exception's simple name.
   */
  private static String readAll(Path bad, Written w, boolean detectable, String where) {
    List<Variant> got = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(bad)) {
      for (VariantRecord row = r.read(); row != null; row = r.read()) {
        Variant v = row.variant("v");
        validates(v, where);
        got.add(v);
      }
    } catch (IOException | VariantException e) {
      return allowed(e, bad, where);
    } catch (RuntimeException e) {
      throw new AssertionError(where + ": unexpected " + e, e);
    }
    boolean same = sameRows(w.rows(), got);
    assertTrue(
        same || !detectable,
        () -> where + ": rows read without an error differ from those written");
    return same ? "ok" : "differs";
  }

  private static void project(
      Path bad, Written w, VariantPath path, boolean detectable, String where) {
    int i = 0;
    try (VariantParquetReader r = VariantParquetReader.open(bad);
        VariantPathReader p = r.project("v", path)) {
      for (PathValue got = p.read(); got != null; got = p.read(), i++) {
        validates(got.value(), where);
        if (detectable) {
          Variant written = i < w.rows().size() ? w.rows().get(i) : null;
          Variant want = written == null ? null : path.extract(written);
          assertEquals(written == null, got.isSqlNull(), where + " " + path + " row " + i);
          assertTrue(
              want == null ? !got.isPresent() : same(want, got.value()),
              where + " " + path + " row " + i);
        }
      }
      assertTrue(i == w.rows().size() || !detectable, where + ": projected " + i + " rows");
    } catch (IOException | VariantException e) {
      allowed(e, bad, where + " " + path);
    } catch (RuntimeException e) {
      throw new AssertionError(where + " " + path + ": unexpected " + e, e);
    }
  }

  /**
   * An allowed exception names the file in its message (a VariantParquetException also in {@code
   * file()}).
   */
  private static String allowed(Exception e, Path file, String where) {
    if (e.getMessage() == null || !e.getMessage().contains(file.toString())) {
      fail(where + ": the file is not named in " + e, e);
    }
    if (e instanceof VariantParquetException v && !file.toString().equals(v.file())) {
      fail(where + ": file() is " + v.file(), e);
    }
    return e.getClass().getSimpleName();
  }

  /** A row that was read is a Variant whose full validation throws only VariantFormatException. */
  private static void validates(Variant v, String where) {
    if (v == null) {
      return;
    }
    try {
      v.validate();
      v.toString();
    } catch (VariantFormatException malformed) {
      // damage that reached a residual's bytes, reported as such
    } catch (RuntimeException e) {
      fail(where + ": a row that was read fails with " + e, e);
    }
  }

  private static boolean sameRows(List<Variant> want, List<Variant> got) {
    if (want.size() != got.size()) {
      return false;
    }
    for (int i = 0; i < want.size(); i++) {
      if (!same(want.get(i), got.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Null-safe logical equality; a malformed read Variant (equality throws for it) is not the same.
   */
  private static boolean same(Variant want, Variant got) {
    if (want == null || got == null) {
      return want == got;
    }
    try {
      return want.equals(got);
    } catch (VariantFormatException malformed) {
      return false;
    }
  }

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }
}
