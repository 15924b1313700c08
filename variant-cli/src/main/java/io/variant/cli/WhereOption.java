// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.filter.VariantCondition;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code --where CONDITION} option of the commands that filter rows ({@link WhereClause}); a
 * picocli mixin.
 */
final class WhereOption {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--where",
      paramLabel = "CONDITION",
      description =
          "Only rows where the condition holds: PATH OP VALUE (OP: =, !=, <>, <, <=, >, >=), PATH between A and B, "
              + "PATH in (A, B), PATH is [not] null, combined with not, and, or and parentheses: "
              + "'$.age >= 30 or $.tag is null', '$.day between 2024-01-01 and 2024-01-31', "
              + "'not $.name in (\"ann\", \"bo\")', '$.p < 1e-3'. Numbers compare "
              + "by exact value across every numeric type and notation (1e-3 = 0.001; a double with the "
              + "literal rounded to double, as SQL does; NaN matches nothing). Row groups whose statistics rule it out are not read.")
  String text;

  /**
   * The condition on VARIANT column {@code column}, or null without {@code --where}.
   *
   * @throws ParameterException if it does not parse (exit code 2)
   */
  VariantCondition condition(String column) {
    if (text == null) {
      return null;
    }
    try {
      return WhereClause.parse(text, column);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }
}
