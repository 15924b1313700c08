// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.json.JsonOptions;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A mutable copy of {@link ConvertJob.Options}' fields for its withers: the one place that lists
 * them all besides the record header, so a new option is added here and in one wither.
 */
final class OptionsDraft {
  List<String> inputs;
  String output;
  ShreddingPlan plan;
  int sampleRows;
  String column;
  ShreddingLayout layout;
  NumericWidening widening;
  CompressionCodecName codec;
  ConvertMapper.OnError onError;
  long maxSplitBytes;
  boolean overwrite;
  InferenceOptions inference;
  JsonOptions json;
  boolean inferTemporal;

  OptionsDraft(ConvertJob.Options o) {
    inputs = o.inputs();
    output = o.output();
    plan = o.plan();
    sampleRows = o.sampleRows();
    column = o.column();
    layout = o.layout();
    widening = o.widening();
    codec = o.codec();
    onError = o.onError();
    maxSplitBytes = o.maxSplitBytes();
    overwrite = o.overwrite();
    inference = o.inference();
    json = o.json();
    inferTemporal = o.inferTemporal();
  }

  /** The options of these fields, validated. */
  ConvertJob.Options build() {
    return new ConvertJob.Options(
        inputs,
        output,
        plan,
        sampleRows,
        column,
        layout,
        widening,
        codec,
        onError,
        maxSplitBytes,
        overwrite,
        inference,
        json,
        inferTemporal);
  }
}
