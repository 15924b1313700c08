// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.sizes;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Random;

/**
 * Wide objects, one JSON document per line: a device's metrics record with an id, a time and 200 to
 * 400 of 500 possible keys ({@code k000} to {@code k499}). Each key keeps one kind of value for the
 * whole file, chosen by its number: counters (integers), gauges (two-decimal numbers), flags
 * (booleans), states (one of a few strings) and labels (free strings); key {@code i} is present in
 * a share of rows that falls with {@code i}, so the tail keys are sparse.
 *
 * <pre>java -cp benchmarks.jar io.variant.bench.sizes.WideRows 5000 &gt; wide.ndjson</pre>
 *
 * <p><b>Determinism:</b> fixed seed, {@link Random}, {@link Locale#ROOT}, UTF-8.
 */
public final class WideRows {
  static final long SEED = 500L;
  static final int KEYS = 500;
  private static final String[] STATES = {"ok", "warn", "fail", "idle"};

  private WideRows() {}

  public static void main(String[] args) throws IOException {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
    Random rnd = new Random(SEED);
    StringBuilder sb = new StringBuilder(16_384);
    try (Writer out =
        new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))) {
      long time = 1_700_000_000_000L;
      for (int r = 0; r < rows; r++) {
        time += rnd.nextInt(60_000);
        sb.setLength(0);
        sb.append("{\"device_id\":").append(rnd.nextInt(10_000)).append(",\"time\":").append(time);
        for (int k = 0; k < KEYS; k++) {
          if (rnd.nextDouble() >= 1.0 - 0.9 * k / KEYS) {
            continue; // key k is present in about (1 - 0.9 k / 500) of the rows
          }
          sb.append(String.format(Locale.ROOT, ",\"k%03d\":", k));
          switch (k % 5) {
            case 0 -> sb.append(rnd.nextInt(100_000));
            case 1 ->
                sb.append(rnd.nextInt(10_000))
                    .append('.')
                    .append(String.format(Locale.ROOT, "%02d", rnd.nextInt(100)));
            case 2 -> sb.append(rnd.nextInt(8) == 0);
            case 3 -> sb.append('"').append(STATES[rnd.nextInt(STATES.length)]).append('"');
            default ->
                sb.append("\"label-")
                    .append(Integer.toString(rnd.nextInt(1 << 20), 36))
                    .append('"');
          }
        }
        out.write(sb.append("}\n").toString());
      }
    }
  }
}
