// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.TemporalStrings;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.Selection;
import io.variant.shredding.infer.TypeWidth;
import java.util.Locale;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options that decide an inferred plan, shared by {@code variant plan} and {@code variant
 * convert} (a picocli mixin) so that both sample the same rows with the same rules and so print and
 * write the same plan for the same input. Defaults are {@link InferenceOptions#defaults()}'s and
 * {@link PlanSample#DEFAULT_ROWS}.
 */
final class InferenceArguments {
  @Option(
      names = "--sample",
      defaultValue = "" + PlanSample.DEFAULT_ROWS,
      paramLabel = "N",
      description =
          "Infer the plan from N documents: spread across the input when it is a plain file of one "
              + "document per line (as many from each of 64 places, so up to 63 more than N; a place "
              + "of fewer lines leaves the rest of its share to the places after it, and where they "
              + "all fall short the places with lines left read on, so a sample falls short only of "
              + "an input of fewer documents, which it reads whole), else the first N; 0 reads them "
              + "all (default: ${DEFAULT-VALUE}).")
  long sample;

  @Option(
      names = "--infer-temporal",
      description =
          "Store a string as a date or timestamp when it parses as one and prints back as exactly "
              + "the same text: dates as 2024-03-01, timestamps in ISO-8601 form ending in Z or "
              + "in no zone, with 3, 6 or 9 fraction digits if they have a fraction. "
              + "Readers then see that type, so it is off by default.")
  boolean inferTemporal;

  @Option(
      names = "--min-presence",
      paramLabel = "P",
      description =
          "Share (0 to 1) of its parent objects a field must appear in to be considered for a column "
              + "(default: 0.0: the cost model weighs presence itself).")
  Double minPresence;

  @Option(
      names = "--dominance",
      paramLabel = "D",
      description =
          "Share (0 to 1) of a path's non-null values one type family must hold for the path "
              + "to be typed (the cost model weighs the families above it); the rest goes to the "
              + "residual (default: 0.0).")
  Double dominance;

  @Option(
      names = "--max-columns",
      paramLabel = "N",
      description =
          "Most typed columns in the plan; past it the least present paths stay in the residual "
              + "(default: 300).")
  Integer maxColumns;

  @Option(
      names = "--max-plan-depth",
      paramLabel = "N",
      description =
          "Most levels of objects and arrays in the plan, the root's counted (default: 50): 0 types "
              + "a scalar root only, 1 the root object's fields, 2 their fields too; deeper parts stay "
              + "in the residual. Called --max-depth on 'plan' before; --max-depth now limits the JSON input "
              + "on every command.")
  Integer maxPlanDepth;

  @Option(
      names = "--select",
      paramLabel = "cost|presence",
      converter = SelectionConverter.class,
      description =
          "Which paths get typed columns: cost (the default) types a leaf only when the cost model "
              + "expects it to save bytes ('variant plan --explain' shows the numbers); presence types every path "
              + "that passes --min-presence and --dominance.")
  Selection select;

  @Option(
      names = "--widening",
      defaultValue = "lossless",
      converter = WideningConverter.class,
      paramLabel = "lossless|same-scale|strict",
      description =
          "Which numbers typed columns take, and so what comes back: lossless (the default) takes "
              + "every number a column holds by value, so 174.2 in a decimal(9,2) column comes back as 174.20 "
              + "and 1.0 in an int64 column as 1; same-scale takes only numbers at the column's scale "
              + "(integers have scale 0), so every number comes back as written, others going to the residual; "
              + "strict also needs the exact type (an int8 stays out of an int64 column). The plan is inferred "
              + "for it.")
  NumericWidening widening;

  @Option(
      names = "--narrow-types",
      description =
          "Fit numeric columns to the sampled values (int8 for values up to 127, decimal(5,2) for "
              + "158.83) instead of leaving headroom for the rest of the file (int64 for ids and growing values, "
              + "three more decimal digits).")
  boolean narrowTypes;

  /**
   * The inference options these arguments give, starting from {@code base}.
   *
   * @throws ParameterException naming the option, if a value is out of range
   */
  InferenceOptions options(CommandSpec spec, InferenceOptions base) {
    if (sample < 0) {
      throw new ParameterException(
          spec.commandLine(), "--sample must be at least 0, was " + sample);
    }
    InferenceOptions o = base;
    try {
      if (minPresence != null) {
        o = o.withMinPresence(minPresence);
      }
      if (dominance != null) {
        o = o.withDominance(dominance);
      }
      if (maxColumns != null) {
        o = o.withMaxTypedColumns(maxColumns);
      }
      if (maxPlanDepth != null) {
        o = o.withMaxDepth(maxPlanDepth);
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), forCommandLine(e.getMessage()));
    }
    if (select != null) {
      o = o.withSelection(select);
    }
    o = o.withWidening(widening);
    return narrowTypes ? o.withTypeWidth(TypeWidth.SAMPLE) : o;
  }

  /** Reads {@code --widening} by {@link NumericWidening#parse}. */
  static final class WideningConverter implements CommandLine.ITypeConverter<NumericWidening> {
    @Override
    public NumericWidening convert(String value) {
      try {
        return NumericWidening.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(
            "expected lossless, same-scale or strict, was '" + value + "'");
      }
    }
  }

  /**
   * {@code --select}'s values as the help writes them, {@code cost} and {@code presence}, in any
   * case; {@code cost_model}, the enum's own name, is kept for scripts that used it.
   */
  static final class SelectionConverter implements CommandLine.ITypeConverter<Selection> {
    @Override
    public Selection convert(String value) {
      return switch (value.toLowerCase(Locale.ROOT)) {
        case "cost", "cost_model" -> Selection.COST_MODEL;
        case "presence" -> Selection.PRESENCE;
        default ->
            throw new CommandLine.TypeConversionException(
                "expected cost or presence, was '" + value + "'");
      };
    }
  }

  /**
   * "Cannot use minPresence 2.0: it must be in [0, 1]" names the option: "Cannot use --min-presence
   * 2.0: ...".
   */
  static String forCommandLine(String message) {
    return message
        .replace("minPresence", "--min-presence")
        .replace("dominance", "--dominance")
        .replace("maxTypedColumns", "--max-columns")
        .replace("maxDepth", "--max-plan-depth");
  }

  /**
   * A converter of date and timestamp strings ({@code --infer-temporal}) for rows parsed with
   * {@code json}, or null without it.
   */
  TemporalStrings temporal(JsonOptions json) {
    return inferTemporal ? new TemporalStrings(json.builderOptions()) : null;
  }

  /** What the sample does to a row before the inference sees it: converts temporal strings. */
  UnaryOperator<Variant> sampled(JsonOptions json) {
    TemporalStrings t = temporal(json);
    return t == null ? UnaryOperator.identity() : t::convert;
  }
}
