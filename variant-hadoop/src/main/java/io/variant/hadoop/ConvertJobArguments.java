// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.NumericWidening;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * {@link ConvertJob}'s command line: the options its class comment lists, read into its Options.
 */
final class ConvertJobArguments {
  static final String USAGE =
      "usage: ConvertJob [--plan TEXT|@FILE] [--sample N] [--column NAME] [--layout spec|draft] "
          + "[--widening lossless|same-scale|strict] [--codec zstd|snappy|gzip|none] [--on-error fail|skip] [--max-split-bytes N] [--infer-temporal] [--overwrite] -o OUTDIR IN...\n"
          + "JSON options, as Hadoop properties: -D variant.convert.max-value-bytes=N "
          + "-D variant.convert.max-depth=N -D variant.convert.duplicate-keys=reject|last_wins";

  private ConvertJobArguments() {}

  /** Parses the command line (after Hadoop's generic options). */
  static ConvertJob.Options parse(String[] args) {
    List<String> inputs = new ArrayList<>();
    String output = null;
    // inputs and output are set last, then validated
    ConvertJob.Options o = ConvertJob.Options.of(List.of("-"), "-");
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "-o", "--output" -> output = value(args, ++i, a);
        case "--plan" -> o = o.withPlan(PlanFiles.parse(value(args, ++i, a), new Configuration()));
        case "--sample", "--sample-rows" ->
            o = o.withSampleRows(Integer.parseInt(value(args, ++i, a)));
        case "--column" -> o = o.withColumn(value(args, ++i, a));
        case "--layout" -> o = o.withLayout(choice(a, value(args, ++i, a), ShreddingLayout.class));
        case "--widening" -> o = o.withWidening(NumericWidening.parse(value(args, ++i, a)));
        case "--codec" -> {
          String c = value(args, ++i, a);
          o =
              o.withCodec(
                  c.equalsIgnoreCase("none")
                      ? CompressionCodecName.UNCOMPRESSED
                      : choice(a, c, CompressionCodecName.class));
        }
        case "--on-error" ->
            o = o.withOnError(choice(a, value(args, ++i, a), ConvertMapper.OnError.class));
        case "--max-split-bytes" -> o = o.withMaxSplitBytes(Long.parseLong(value(args, ++i, a)));
        case "--overwrite" -> o = o.withOverwrite(true);
        case "--infer-temporal" -> o = o.withInferTemporal(true);
        default -> {
          if (a.startsWith("-") && a.length() > 1) {
            throw new IllegalArgumentException("unknown option " + a);
          }
          inputs.add(a);
        }
      }
    }
    if (output == null) {
      throw new IllegalArgumentException("-o OUTDIR is required");
    }
    return o.withInputs(inputs, output);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  /** {@code value} as a constant of {@code type}, named in any case; else why not. */
  private static <E extends Enum<E>> E choice(String option, String value, Class<E> type) {
    try {
      return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown "
              + option
              + " '"
              + value
              + "'; expected one of "
              + Arrays.stream(type.getEnumConstants())
                  .map(c -> c.name().toLowerCase(Locale.ROOT))
                  .collect(Collectors.joining(", ")));
    }
  }
}
