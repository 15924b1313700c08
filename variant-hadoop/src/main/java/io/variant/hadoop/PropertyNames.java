// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.util.function.UnaryOperator;

/**
 * The words of {@link ConvertJob} run as a Tool ({@code hadoop jar ... io.variant.hadoop.ConvertJob
 * -D key=value ...}), whose user sets the JSON limits as configuration properties: a reason's
 * {@code Limits.maxValueBytes} becomes {@code -D variant.convert.max-value-bytes}, and so on
 * ({@link ConvertMapper#SETTING_NAMES}). The command line names its options instead.
 */
final class PropertyNames implements UnaryOperator<String> {
  private static final String[][] NAMES = {
    {"Limits.maxValueBytes", "-D " + ConvertMapper.MAX_VALUE_BYTES},
    {"Limits.maxDepth", "-D " + ConvertMapper.MAX_DEPTH},
    {"DuplicateKeys.LAST_WINS", "-D " + ConvertMapper.DUPLICATE_KEYS + "=last_wins"},
  };

  /** Hadoop creates it by reflection in each task. */
  PropertyNames() {}

  @Override
  public String apply(String reason) {
    String named = reason;
    for (String[] n : NAMES) {
      named = named.replace(n[0], n[1]);
    }
    return named;
  }
}
