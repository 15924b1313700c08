// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.read.UnreadableElementFile;
import io.variant.parquet.read.UnreadableElementFile.Damage;
import io.variant.parquet.read.UnreadableElementFile.Shape;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code get} and {@code select} of one list element that cannot be read ({@code $.items[1]},
 * {@code $[1]}) name the path asked for, besides the column and the row: the element's conflicting
 * typed value and residual had been reported at {@code $}, and a malformed element named no path,
 * in {@code select} not even the file, column or row. A conflicting element cast to its typed
 * column's type ({@code ::bigint}) is refused alike, strict or lenient: it is damaged data, not a
 * failed cast.
 */
class ProjectedElementMessagesTest {
  @TempDir Path dir;

  @Test
  void getAndSelectNameTheElementsPath() throws Exception {
    for (Shape shape : Shape.values()) {
      for (Damage damage : Damage.values()) {
        String file =
            UnreadableElementFile.write(
                    dir.resolve(shape + "-" + damage + ".parquet"), shape, damage)
                .toString();
        String element = (shape == Shape.IN_OBJECT ? "$.items" : "$") + "[1]";
        for (List<String> args :
            List.of(
                List.of("get", file, element),
                List.of("get", file, element, "--type", "long"),
                List.of("select", file, element),
                List.of("select", file, element, "--format", "csv"),
                // the typed column's own type: its value had been copied, the residual unseen
                List.of("select", file, element + "::bigint", "--format", "csv"),
                List.of("select", file, element + "::bigint", "--lenient", "--format", "csv"))) {
          CliRunner.Result r = CliRunner.run("", args.toArray(String[]::new));
          String at = damage + " " + args + ": " + r.err();
          assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), at);
          assertTrue(r.err().startsWith(file + ": "), at);
          assertTrue(r.err().contains(" at " + element + ": "), at);
          assertFalse(r.err().contains(" at $: "), at);
          assertTrue(r.err().strip().endsWith("(column v, row 1)"), at);
        }
      }
    }
  }
}
