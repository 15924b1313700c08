// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

/** {@link ConvertJob}'s command line, and the {@link ConvertJob.Options} withers it builds on. */
class ConvertJobArgumentsTest {
  @Test
  void defaultsWithOnlyOutputAndInputs() {
    ConvertJob.Options o =
        ConvertJobArguments.parse(new String[] {"-o", "out", "a.ndjson", "b/*.gz"});
    assertEquals(List.of("a.ndjson", "b/*.gz"), o.inputs());
    assertEquals("out", o.output());
    assertNull(o.plan());
    assertEquals(10_000, o.sampleRows());
    assertEquals(VariantParquetOutputFormat.DEFAULT_COLUMN, o.column());
    assertEquals(ShreddingLayout.SPEC, o.layout());
    assertEquals(NumericWidening.LOSSLESS, o.widening());
    assertEquals(CompressionCodecName.ZSTD, o.codec());
    assertEquals(ConvertMapper.OnError.FAIL, o.onError());
    assertEquals(0, o.maxSplitBytes());
    assertFalse(o.overwrite());
    assertFalse(o.inferTemporal());
    assertEquals(ConvertJob.Options.of(List.of("a.ndjson", "b/*.gz"), "out"), o);
  }

  @Test
  void everyOption() {
    ConvertJob.Options o =
        ConvertJobArguments.parse(
            new String[] {
              "--plan",
              "{\"id\": int64}",
              "--sample-rows",
              "50",
              "--column",
              "event",
              "--layout",
              "draft",
              "--widening",
              "same-scale",
              "--codec",
              "none",
              "--on-error",
              "skip",
              "--max-split-bytes",
              "4096",
              "--overwrite",
              "--infer-temporal",
              "--output",
              "o",
              "in"
            });
    assertEquals(ShreddingPlan.parse("{\"id\": int64}"), o.plan());
    assertEquals(50, o.sampleRows());
    assertEquals("event", o.column());
    assertEquals(ShreddingLayout.DRAFT, o.layout());
    assertEquals(NumericWidening.SAME_SCALE, o.widening());
    assertEquals(CompressionCodecName.UNCOMPRESSED, o.codec());
    assertEquals(ConvertMapper.OnError.SKIP, o.onError());
    assertEquals(4096, o.maxSplitBytes());
    assertTrue(o.overwrite());
    assertTrue(o.inferTemporal());
    assertEquals("o", o.output());
    assertEquals(List.of("in"), o.inputs());
    assertEquals(
        CompressionCodecName.SNAPPY,
        ConvertJobArguments.parse(new String[] {"--codec", "snappy", "-o", "o", "in"}).codec());
  }

  @Test
  void withersChangeOneFieldEach() {
    ConvertJob.Options base = ConvertJob.Options.of(List.of("in"), "out");
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": string}");
    assertEquals(plan, base.withPlan(plan).plan());
    assertEquals(7, base.withSampleRows(7).sampleRows());
    assertEquals("c", base.withColumn("c").column());
    assertEquals(ShreddingLayout.DRAFT, base.withLayout(ShreddingLayout.DRAFT).layout());
    assertEquals(NumericWidening.STRICT, base.withWidening(NumericWidening.STRICT).widening());
    assertEquals(CompressionCodecName.GZIP, base.withCodec(CompressionCodecName.GZIP).codec());
    assertEquals(
        ConvertMapper.OnError.SKIP, base.withOnError(ConvertMapper.OnError.SKIP).onError());
    assertEquals(9, base.withMaxSplitBytes(9).maxSplitBytes());
    assertTrue(base.withOverwrite(true).overwrite());
    assertEquals(base, base.withSampleRows(7).withSampleRows(10_000));
    assertThrows(IllegalArgumentException.class, () -> base.withSampleRows(0));
  }

  @Test
  void wideningTravelsThroughTheJobConfiguration() throws Exception {
    Job job = Job.getInstance(new Configuration(false));
    Configuration conf = job.getConfiguration();
    assertEquals(NumericWidening.LOSSLESS, VariantParquetOutputFormat.column(conf).widening());
    VariantParquetOutputFormat.setWidening(job, NumericWidening.SAME_SCALE);
    assertEquals("same-scale", conf.get(VariantParquetOutputFormat.WIDENING));
    assertEquals(NumericWidening.SAME_SCALE, VariantParquetOutputFormat.column(conf).widening());
    conf.set(VariantParquetOutputFormat.WIDENING, "exact");
    var e =
        assertThrows(IllegalArgumentException.class, () -> VariantParquetOutputFormat.column(conf));
    assertTrue(e.getMessage().startsWith("Cannot read variant.output.widening:"), e.getMessage());
  }

  @Test
  void nullabilityTravelsThroughTheJobConfiguration() throws Exception {
    Job job = Job.getInstance(new Configuration(false));
    Configuration conf = job.getConfiguration();
    assertTrue(VariantParquetOutputFormat.column(conf).nullable()); // SQL NULL allowed by default
    VariantParquetOutputFormat.setNullable(job, false);
    assertFalse(VariantParquetOutputFormat.column(conf).nullable());
    conf.set(VariantParquetOutputFormat.NULLABLE, " TRUE ");
    assertTrue(VariantParquetOutputFormat.column(conf).nullable());
    conf.set(VariantParquetOutputFormat.NULLABLE, "no");
    var e =
        assertThrows(IllegalArgumentException.class, () -> VariantParquetOutputFormat.column(conf));
    assertEquals(
        "Cannot read variant.output.nullable: expected true or false, was no", e.getMessage());
  }

  @Test
  void theWriterTravelsThroughTheJobConfiguration() throws Exception {
    Job job = Job.getInstance(new Configuration(false));
    Configuration conf = job.getConfiguration();
    assertFalse(VariantParquetOutputFormat.projectWriter(conf)); // parquet-java's by default
    VariantParquetOutputFormat.setProjectWriter(job, true);
    assertTrue(VariantParquetOutputFormat.projectWriter(conf));
    VariantParquetOutputFormat.setProjectWriter(job, false);
    assertFalse(VariantParquetOutputFormat.projectWriter(conf));
    conf.set(VariantParquetOutputFormat.WRITER, "ours");
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> VariantParquetOutputFormat.projectWriter(conf));
    assertEquals(
        "Cannot read variant.output.writer: expected parquet-java or variant, was ours",
        e.getMessage());
  }

  @Test
  void badCommandLinesSayWhat() {
    assertMessage("-o OUTDIR is required", "in");
    assertMessage("--column needs a value", "-o", "o", "in", "--column");
    assertMessage("unknown option --bogus", "--bogus", "-o", "o", "in");
    assertMessage("Cannot convert: no input given", "-o", "o");
    assertMessage(
        "unknown --layout 'wide'; expected one of spec, draft",
        "--layout",
        "wide",
        "-o",
        "o",
        "in");
    assertMessage(
        "Cannot read numeric widening \"exact\": expected lossless, same-scale or strict",
        "--widening",
        "exact",
        "-o",
        "o",
        "in");
    assertMessage(
        "unknown --on-error 'ignore'; expected one of fail, skip",
        "--on-error",
        "ignore",
        "-o",
        "o",
        "in");
    assertThrows(
        NumberFormatException.class,
        () -> ConvertJobArguments.parse(new String[] {"--sample-rows", "many", "-o", "o", "in"}));
  }

  private static void assertMessage(String message, String... args) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ConvertJobArguments.parse(args));
    assertEquals(message, e.getMessage());
  }
}
