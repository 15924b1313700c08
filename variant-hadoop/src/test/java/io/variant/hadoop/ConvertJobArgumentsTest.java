package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import java.util.List;
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
    assertEquals(1000, o.sampleRows());
    assertEquals(VariantParquetOutputFormat.DEFAULT_COLUMN, o.column());
    assertEquals(ShreddingLayout.SPEC, o.layout());
    assertEquals(CompressionCodecName.ZSTD, o.codec());
    assertEquals(ConvertMapper.OnError.FAIL, o.onError());
    assertEquals(0, o.maxSplitBytes());
    assertFalse(o.overwrite());
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
              "--codec",
              "none",
              "--on-error",
              "skip",
              "--max-split-bytes",
              "4096",
              "--overwrite",
              "--output",
              "o",
              "in"
            });
    assertEquals(ShreddingPlan.parse("{\"id\": int64}"), o.plan());
    assertEquals(50, o.sampleRows());
    assertEquals("event", o.column());
    assertEquals(ShreddingLayout.DRAFT, o.layout());
    assertEquals(CompressionCodecName.UNCOMPRESSED, o.codec());
    assertEquals(ConvertMapper.OnError.SKIP, o.onError());
    assertEquals(4096, o.maxSplitBytes());
    assertTrue(o.overwrite());
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
    assertEquals(CompressionCodecName.GZIP, base.withCodec(CompressionCodecName.GZIP).codec());
    assertEquals(
        ConvertMapper.OnError.SKIP, base.withOnError(ConvertMapper.OnError.SKIP).onError());
    assertEquals(9, base.withMaxSplitBytes(9).maxSplitBytes());
    assertTrue(base.withOverwrite(true).overwrite());
    assertEquals(base, base.withSampleRows(7).withSampleRows(1000));
    assertThrows(IllegalArgumentException.class, () -> base.withSampleRows(0));
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
