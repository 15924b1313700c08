// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.bench.peer.ParquetJavaFiles;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.variant.VariantJsonParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Where the time of {@link ConvertBenchmark}'s {@code convertShredded} goes, as parts that can be
 * measured alone, one row per operation, each against the whole ({@code ours}): the JSON parse
 * alone ({@code parse}: the same parser over the same dictionary), the parse and the split into a
 * sink that only consumes ({@code split}), and the whole write with no compression ({@code
 * uncompressed}, for ours and parquet-java's path): the whole minus {@code uncompressed} is what
 * ZSTD costs, which both sides pay alike for the same pages. With {@code CpuRatio}, each peer's
 * line reads "ours ÷ part": the share of the whole that part takes (for the parquet-java lines, the
 * usual ratio).
 *
 * <p>If both sides spend {@code z} per row compressing and the rest is {@code a} (ours) and {@code
 * b} (parquet-java), the ratio is {@code (b + z) / (a + z)}: at most {@code b / a}, and below 2×
 * whenever {@code z > b - 2a}, however fast the rest of ours gets.
 *
 * <p>Run: {@code java -XX:+UseSerialGC -Xmx2g -cp benchmarks.jar io.variant.bench.CpuRatio
 * ConvertFloorBenchmark.convertFloor CORPUS,... 15 300}
 */
public class ConvertFloorBenchmark extends FileBenchmark {
  private JsonRowParser parser; // over the dictionary of the file being written
  private JsonRowParser standalone; // for parse and split: over the same dictionary, no file
  private List<byte[]> lines;
  private List<String> texts;
  private ShreddingPlan plan;
  private Splitter splitter;
  private ShreddingBenchmark.ConsumingSink sink;
  private VariantParquetWriter ours;
  private ParquetJavaFiles.Writer peer;

  @Setup(Level.Trial)
  public void setup(Blackhole bh) throws IOException {
    lines = corpus().rows();
    texts = corpus().strings();
    plan = PlanInference.infer(corpus().variants(), InferenceOptions.defaults()).plan();
    splitter = Splitter.of(plan, SplitOptions.defaults());
    sink = new ShreddingBenchmark.ConsumingSink(bh);
    try (VariantParquetWriter dictionary = writer(CompressionCodecName.UNCOMPRESSED)) {
      standalone = VariantJson.rowParser(JsonOptions.defaults(), dictionary.metadata("v"));
    }
  }

  @TearDown(Level.Trial)
  public void forgetParsers() {
    parser = null;
    standalone = null;
  }

  @Override
  protected void forgetOpenFile() {
    ours = null;
    peer = null;
  }

  private VariantParquetWriter writer(CompressionCodecName codec) throws IOException {
    return writer(plan, codec);
  }

  private VariantParquetWriter writer(ShreddingPlan columnPlan, CompressionCodecName codec)
      throws IOException {
    return VariantParquetWriter.builder(dir().resolve("ours.parquet"))
        .overwrite()
        .variantColumn("v", columnPlan)
        .rowGroupSize(ROW_GROUP_BYTES)
        .codec(codec)
        .build();
  }

  private void writeOurs(CompressionCodecName codec) throws IOException {
    if (ours == null) {
      ours = opened(writer(codec));
      parser = VariantJson.rowParser(JsonOptions.defaults(), ours.metadata("v"));
    }
    int i = nextRow();
    ours.write(VariantRecord.builder().set("v", parser.parse(lines.get(i))).build());
    closeAfterLastRow(i);
  }

  private void writePeer(CompressionCodecName codec) throws IOException {
    if (peer == null) {
      peer =
          opened(
              ParquetJavaFiles.writer(dir().resolve("peer.parquet"), plan, ROW_GROUP_BYTES, codec));
    }
    int i = nextRow();
    peer.write(VariantJsonParser.parseJson(texts.get(i)));
    closeAfterLastRow(i);
  }

  /** The whole of {@code convertShredded_ours}. */
  @Benchmark
  public void convertFloor_ours() throws IOException {
    writeOurs(CompressionCodecName.ZSTD);
  }

  @Benchmark
  public void convertFloor_uncompressed() throws IOException {
    writeOurs(CompressionCodecName.UNCOMPRESSED);
  }

  @Benchmark
  public Object convertFloor_parse() {
    return standalone.parse(lines.get(nextRow()));
  }

  @Benchmark
  public void convertFloor_split() {
    splitter.split(standalone.parse(lines.get(nextRow())), sink);
  }

  /** The whole of {@code convertShredded_parquetJava}. */
  @Benchmark
  public void convertFloor_parquetJava() throws IOException {
    writePeer(CompressionCodecName.ZSTD);
  }

  @Benchmark
  public void convertFloor_parquetJavaUncompressed() throws IOException {
    writePeer(CompressionCodecName.UNCOMPRESSED);
  }

  /**
   * Ours with every row in the residual ({@link ShreddingPlan#residual()}): what rows whose plan
   * types nothing cost.
   */
  @Benchmark
  public void convertUnshredded_ours() throws IOException {
    if (ours == null) {
      ours = opened(writer(ShreddingPlan.residual(), CompressionCodecName.ZSTD));
      parser = VariantJson.rowParser(JsonOptions.defaults(), ours.metadata("v"));
    }
    int i = nextRow();
    ours.write(VariantRecord.builder().set("v", parser.parse(lines.get(i))).build());
    closeAfterLastRow(i);
  }

  /** parquet-java's parse, then its {@code VariantValueWriter} into an unshredded group. */
  @Benchmark
  public void convertUnshredded_parquetJava() throws IOException {
    if (peer == null) {
      peer =
          opened(
              ParquetJavaFiles.writer(
                  dir().resolve("peer.parquet"),
                  ShreddingPlan.residual(),
                  ROW_GROUP_BYTES,
                  CompressionCodecName.ZSTD));
    }
    int i = nextRow();
    peer.write(VariantJsonParser.parseJson(texts.get(i)));
    closeAfterLastRow(i);
  }
}
