// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Files whose pages take the encodings that a changed page header or footer byte turns into silent
 * wrong values, for the readers' tests in every module. Rows are {@code {"n": int64, "s": string,
 * "d": {"os": string}}}, and every {@code d} holds a field {@code ua} besides, in its residual.
 */
public final class EncodedPagesFile {
  public static final String NUMBERS = "v.typed_value.n.typed_value";
  public static final String STRINGS = "v.typed_value.s.typed_value";
  public static final String NUMBER_RESIDUALS = "v.typed_value.n.value";

  /** The schema path of the field group {@code d}. */
  public static final String DEVICE_GROUP = "v.typed_value.d";

  public static final int ROWS = 80;
  private static final String PLAN = "{\"n\": int64, \"s\": string, \"d\": {\"os\": string}}";
  private static final String[] OSES = {"ios", "android", "linux"};

  private EncodedPagesFile() {}

  /**
   * Our writer's file: data pages v1, uncompressed, two row groups of 40 rows, one page per chunk.
   * {@link #NUMBER_RESIDUALS} is all null (every {@code n} is typed): its levels are one run.
   */
  public static Path ours(Path file) throws IOException {
    return ours(file, 40);
  }

  /** {@link #ours(Path)} in row groups of {@code rowsPerGroup} rows. */
  public static Path ours(Path file, int rowsPerGroup) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .variantColumn("v", ShreddingPlan.parse(PLAN))
            .codec(CompressionCodecName.UNCOMPRESSED)
            .rowGroupRowLimit(rowsPerGroup)
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        w.write(VariantRecord.builder().set("v", VariantJson.parse(json(i))).build());
      }
    }
    return file;
  }

  /**
   * parquet-java's file: data pages v2 without dictionaries, two row groups of 30 rows, pages of
   * 10. {@link #NUMBERS} is {@code DELTA_BINARY_PACKED} of deltas of about 48 bits: a page's
   * miniblock takes more bytes than PLAIN would read for its 20 values. {@link #STRINGS} is {@code
   * DELTA_BYTE_ARRAY} of strings that share no prefix with the one before: read as {@code
   * DELTA_LENGTH_BYTE_ARRAY}, the prefix lengths (all 0) would be the lengths.
   */
  public static Path deltas(Path file) throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(VariantJson.parse(json(i)));
    }
    TestFileWriter.write(
        file,
        ShreddingPlan.parse(PLAN),
        ShreddingLayout.SPEC,
        rows,
        20,
        TestFileWriter.Pages.V2_DELTA);
    return file;
  }

  /** Row {@code i} as JSON. */
  public static String json(int i) {
    return "{\"n\": "
        + number(i)
        + ", \"s\": \""
        + string(i)
        + "\", \"d\": {\"os\": \""
        + OSES[i % 3]
        + "\", \"ua\": \"agent "
        + i % 5
        + "\"}}";
  }

  private static long number(int i) {
    return (i * 0x9E3779B97F4A7C15L) >>> 16;
  }

  /** Starts with another letter than the row before's. */
  private static String string(int i) {
    return (char) ('A' + i % 26) + Integer.toString(i * 7919 % 10007);
  }
}
