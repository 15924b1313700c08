package io.variant.bench;

import io.variant.bench.peer.ParquetJavaFiles;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.variant.VariantJsonParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * JSON text to a shredded Parquet file, one row per operation: the document parsed and written into
 * a file shredded by the plan inferred from the corpus (inferred once, at setup, for both sides;
 * the file stays open across an iteration as {@link FileBenchmark} says, ZSTD).
 *
 * <ul>
 *   <li>ours: an engine's loop, each document parsed by one reused {@link JsonRowParser} (the
 *       byte-level parser, its key cache kept from row to row) and written; the writer adds the
 *       plan's keys to rows whose dictionary lacks some ({@code MetadataPolicy.ROW_KEYS}). On these
 *       corpora this beat parsing with jackson straight onto the writer's dictionary ({@link
 *       VariantParquetWriter#metadata}) by about 10%.
 *   <li>parquet-java: its {@code VariantJsonParser} on the document's text, then its shredding
 *       writer ({@code VariantValueWriter}) into the same group.
 * </ul>
 *
 * <p>Run: {@code bench/run Convert}
 */
public class ConvertBenchmark extends FileBenchmark {
  private final JsonRowParser parser = VariantJson.rowParser(JsonOptions.defaults());
  private List<byte[]> lines;
  private List<String> texts;
  private ShreddingPlan plan;
  private VariantParquetWriter ours;
  private ParquetJavaFiles.Writer peer;

  @Setup(Level.Trial)
  public void setup() {
    lines = corpus().rows();
    texts = corpus().strings();
    plan = PlanInference.infer(corpus().variants(), InferenceOptions.defaults()).plan();
  }

  @Override
  protected void forgetOpenFile() {
    ours = null;
    peer = null;
  }

  @Benchmark
  public void convertShredded_ours() throws IOException {
    if (ours == null) {
      ours =
          opened(
              VariantParquetWriter.builder(dir().resolve("ours.parquet"))
                  .overwrite()
                  .variantColumn("v", plan)
                  .rowGroupSize(ROW_GROUP_BYTES)
                  .build());
    }
    ours.write(VariantRecord.builder().set("v", parser.parse(lines.get(nextRow()))).build());
  }

  @Benchmark
  public void convertShredded_parquetJava() throws IOException {
    if (peer == null) {
      peer = opened(ParquetJavaFiles.writer(dir().resolve("peer.parquet"), plan, ROW_GROUP_BYTES));
    }
    peer.write(VariantJsonParser.parseJson(texts.get(nextRow())));
  }
}
