// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.bench.peer.ParquetJavaFiles;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.internal.SharedKeys;
import io.variant.parquet.write.VariantColumn;
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
 * ZSTD). Each file holds the corpus once and is closed by the operation that writes its last row
 * ({@link FileBenchmark#closeAfterLastRow}), so a score is a whole conversion's rows per second,
 * writer set-up, last row group and footer included.
 *
 * <ul>
 *   <li>ours: an engine's loop as {@code variant convert} runs it, each document parsed by one
 *       reused {@link JsonRowParser} (the byte-level parser, its key cache kept from row to row)
 *       over the writer's dictionary ({@link VariantParquetWriter#metadata}: the plan's keys and
 *       the rows' common ones, {@link SharedKeys}), so that every row already holds the plan's keys
 *       and is written as it is ({@code MetadataPolicy.ROW_KEYS}). Parsing each row onto a fresh
 *       dictionary instead, which the writer then re-bases, was 15% slower on events and mixed rows
 *       (thread CPU time, one JVM).
 *   <li>parquet-java: its {@code VariantJsonParser} on the document's text, then its shredding
 *       writer ({@code VariantValueWriter}) into the same group.
 * </ul>
 *
 * <p>Run: {@code bench/run Convert}; by CPU time on a busy machine, with the real rows: {@code
 * bench/convert-rows}. Where the time goes: {@link ConvertFloorBenchmark}.
 */
public class ConvertBenchmark extends FileBenchmark {
  private JsonRowParser parser; // made with each file, over its writer's dictionary
  private List<byte[]> lines;
  private List<String> texts;
  private ShreddingPlan plan;
  private List<String> sharedKeys;
  private VariantParquetWriter ours;
  private ParquetJavaFiles.Writer peer;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    lines = corpus().rows();
    texts = corpus().strings();
    plan = PlanInference.infer(corpus().variants(), InferenceOptions.defaults()).plan();
    sharedKeys = SharedKeys.of(corpus().variants(), plan);
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
                  .variantColumn(VariantColumn.of("v", plan).withSharedKeys(sharedKeys))
                  .rowGroupSize(ROW_GROUP_BYTES)
                  .build());
      parser = VariantJson.rowParser(JsonOptions.defaults(), ours.metadata("v"));
    }
    int i = nextRow();
    ours.write(VariantRecord.builder().set("v", parser.parse(lines.get(i))).build());
    closeAfterLastRow(i);
  }

  @Benchmark
  public void convertShredded_parquetJava() throws IOException {
    if (peer == null) {
      peer = opened(ParquetJavaFiles.writer(dir().resolve("peer.parquet"), plan, ROW_GROUP_BYTES));
    }
    int i = nextRow();
    peer.write(VariantJsonParser.parseJson(texts.get(i)));
    closeAfterLastRow(i);
  }
}
