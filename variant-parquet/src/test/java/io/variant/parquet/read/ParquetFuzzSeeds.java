// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.ParquetTesting;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The real files fuzzing starts from, in a fixed order: files this project writes (fixed seeds;
 * both layouts, four codecs, several row groups and pages, shredded objects and arrays so that
 * repetition levels and dictionary pages occur), then parquet-testing's {@code
 * shredded_variant/*.parquet} read from ../shared when present (never copied into the repository).
 */
final class ParquetFuzzSeeds {
  private static final int WRITTEN = 8;
  private static final CompressionCodecName[] CODECS = {
    CompressionCodecName.UNCOMPRESSED,
    CompressionCodecName.SNAPPY,
    CompressionCodecName.ZSTD,
    CompressionCodecName.GZIP
  };
  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(3)
          .withMaxFields(5)
          .withMaxElements(4)
          .withAllowLarge(false)
          .withBudgetBytes(1_500);
  private static byte[][] files;

  private ParquetFuzzSeeds() {}

  static synchronized byte[][] files() {
    if (files == null) {
      try {
        files = load();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return files;
  }

  private static byte[][] load() throws IOException {
    List<byte[]> all = new ArrayList<>();
    Path tmp = Files.createTempDirectory("parquet-fuzz-seeds");
    try {
      for (int i = 0; i < WRITTEN; i++) {
        all.add(write(new Random(1300 + i), i, tmp.resolve("seed-" + i + ".parquet")));
      }
    } finally {
      try (Stream<Path> leftovers = Files.list(tmp)) {
        for (Path p : leftovers.toList()) {
          Files.delete(p);
        }
      }
      Files.delete(tmp);
    }
    var testing = ParquetTesting.dirIfPresent().map(d -> d.resolve("shredded_variant"));
    if (testing.isPresent() && Files.isDirectory(testing.get())) {
      try (Stream<Path> cases = Files.list(testing.get())) {
        for (Path p : cases.filter(p -> p.toString().endsWith(".parquet")).sorted().toList()) {
          all.add(Files.readAllBytes(p));
        }
      }
    }
    return all.toArray(new byte[0][]);
  }

  private static byte[] write(Random rnd, int i, Path file) throws IOException {
    Variant template = Gen.variant(rnd, SMALL);
    ShreddingPlan plan = i % 3 == 0 ? PlanGen.plan(rnd, 3) : ShapePlans.planFor(rnd, template);
    try (VariantParquetWriter writer =
        VariantParquetWriter.builder(file)
            .overwrite()
            .longColumn("id")
            .variantColumn("v", plan)
            .layout(i % 2 == 0 ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT)
            .codec(CODECS[i % CODECS.length])
            .rowGroupRowLimit(4 + i)
            .pageRowLimit(1 + i % 3)
            .build()) {
      for (int r = 0; r < 12; r++) {
        int roll = rnd.nextInt(10);
        Variant v = roll == 0 ? null : roll < 4 ? Gen.variant(rnd, SMALL) : template;
        writer.write(VariantRecord.builder().set("id", (long) r).set("v", v).build());
      }
    }
    return Files.readAllBytes(file);
  }
}
