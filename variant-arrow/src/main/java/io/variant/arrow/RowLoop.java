// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import java.util.function.IntConsumer;
import org.apache.arrow.vector.ValueVector;

/**
 * The loop every kernel runs: fill a new output vector row by row, and release it if a row fails,
 * so that a kernel that throws leaves nothing allocated.
 */
final class RowLoop {
  private RowLoop() {}

  /**
   * Calls {@code row} for rows 0 to {@code rows - 1}, which write into {@code out}, then sets its
   * value count and returns it; on an exception closes {@code out} and rethrows.
   */
  static <V extends ValueVector> V fill(V out, int rows, IntConsumer row) {
    return fill(
        out,
        rows,
        () -> {
          for (int i = 0; i < rows; i++) {
            row.accept(i);
          }
        });
  }

  /**
   * Runs {@code allRows}, which writes rows 0 to {@code rows - 1} into {@code out}, then sets its
   * value count and returns it; on an exception closes {@code out} and rethrows.
   */
  static <V extends ValueVector> V fill(V out, int rows, Runnable allRows) {
    try {
      allRows.run();
      out.setValueCount(rows);
      return out;
    } catch (RuntimeException | Error e) {
      out.close();
      throw e;
    }
  }
}
