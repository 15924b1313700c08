// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.json.VariantJson;
import io.variant.parquet.ObjectCountsFooter;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each typed path's typed and residual values, read from footers: the same counts in both layouts,
 * summed over row groups and files, object paths from the writer's footer entry.
 */
class PathSharesTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"o\": {\"k\": int64}, \"a\": [{\"x\": int64}], \"n\": int64}");

  /**
   * Per four rows: $ 3 objects and a number; $.o an object, a string and a null; $.a 2 lists and a
   * string; $.a[*] 2 objects and a number; $.n a number, a string and a null.
   */
  private static final List<String> ROWS =
      List.of(
          "{\"o\": {\"k\": 1, \"y\": 2}, \"a\": [{\"x\": 1}, 2], \"n\": 1}",
          "{\"o\": \"s\", \"a\": [{\"x\": 1, \"w\": 0}], \"n\": \"one\"}",
          "{\"o\": null, \"a\": \"none\", \"n\": null}",
          "5");

  @TempDir Path dir;

  /** The rows twice over, in row groups of 3 rows. */
  private Path write(String name, ShreddingLayout layout) throws IOException {
    Path file = dir.resolve(name);
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .layout(layout)
            .rowGroupRowLimit(3)
            .variantColumn("event", PLAN)
            .build()) {
      for (int i = 0; i < 2; i++) {
        for (String row : ROWS) {
          w.write(VariantRecord.builder().set("event", VariantJson.parse(row)).build());
        }
      }
    }
    return file;
  }

  private static ParquetMetadata footer(Path file) throws IOException {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(file),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      return r.getFooter();
    }
  }

  private static Map<String, PathShares.Counts> counts(long... typedResidual) {
    List<String> paths = List.of("$", "$.o", "$.o.k", "$.a", "$.a[*]", "$.a[*].x", "$.n");
    Map<String, PathShares.Counts> out = new LinkedHashMap<>();
    for (int i = 0; i < paths.size(); i++) {
      out.put(paths.get(i), new PathShares.Counts(typedResidual[2 * i], typedResidual[2 * i + 1]));
    }
    return out;
  }

  @Test
  void bothLayoutsCountEveryTypedPathAlike() throws IOException {
    Map<String, PathShares.Counts> expected = counts(6, 2, 2, 4, 2, 0, 4, 2, 4, 2, 4, 0, 2, 4);
    for (ShreddingLayout layout : ShreddingLayout.values()) {
      Path file = write(layout + ".parquet", layout);
      assertEquals(3, footer(file).getBlocks().size(), layout.toString());
      PathShares shares = PathShares.read(List.of(new LocalInputFile(file)), "event");
      assertEquals(
          new ArrayList<>(expected.entrySet()),
          new ArrayList<>(shares.paths().entrySet()),
          layout.toString());
      assertEquals(Set.of(), shares.uncounted(), layout.toString());
      assertEquals(new PathShares.Counts(24, 14), shares.overall(), layout.toString());
    }
  }

  @Test
  void filesAddUpPathByPath() throws IOException {
    List<InputFile> files =
        List.of(
            new LocalInputFile(write("a.parquet", ShreddingLayout.SPEC)),
            new LocalInputFile(write("b.parquet", ShreddingLayout.DRAFT)));
    PathShares both = PathShares.read(files, "event");
    assertEquals(counts(12, 4, 4, 8, 4, 0, 8, 4, 8, 4, 8, 0, 4, 8), both.paths(), both.toString());
    assertEquals(new PathShares.Counts(48, 28), both.overall());
  }

  @Test
  void anObjectPathOfAFooterWithoutTheWritersCountsIsUncounted() throws IOException {
    ParquetMetadata written = footer(write("c.parquet", ShreddingLayout.DRAFT));
    Map<String, String> keys = new HashMap<>(written.getFileMetaData().getKeyValueMetaData());
    keys.remove(ObjectCountsFooter.key("event"));
    ParquetMetadata other =
        new ParquetMetadata(
            new FileMetaData(written.getFileMetaData().getSchema(), keys, "another writer"),
            written.getBlocks());

    PathShares shares = PathShares.of(other, "event");
    assertEquals(Set.of("$", "$.o", "$.a[*]"), shares.uncounted());
    assertEquals(
        counts(0, 0, 0, 0, 2, 0, 4, 2, 0, 0, 4, 0, 2, 4).keySet(), shares.paths().keySet());
    // the scalar and array paths still count from statistics; the object paths are left out
    assertEquals(new PathShares.Counts(12, 6), shares.overall());
    assertEquals(PathShares.none(), PathShares.of(other, "no_such_column"));
  }
}
