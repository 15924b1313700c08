// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.sizes;

import io.variant.bench.corpus.MixedRowGenerator;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * Prints {@link MixedRowGenerator}'s rows (tweet-, GitHub-event- and review-shaped, interleaved) as
 * NDJSON, for the size tables.
 *
 * <pre>java -cp benchmarks.jar io.variant.bench.sizes.MixedRows 20000 &gt; mixed.ndjson</pre>
 */
public final class MixedRows {
  private MixedRows() {}

  public static void main(String[] args) throws IOException {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    try (Writer out =
        new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))) {
      for (String row : MixedRowGenerator.generate(rows)) {
        out.write(row);
        out.write('\n');
      }
    }
  }
}
