// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * What typing any field of an object saves beyond that field's own estimate ({@link CostModel}):
 * the object no longer stays whole in its parent's residual. Its fields left out of the plan go
 * into a {@code value} column of their own, beside the same fields of the other rows' objects,
 * where the compressor finds their repeats at short distances; in the parent's residual they sit
 * among the parent's other fields, other row families and rows that are not objects. No per-leaf
 * gain counts this: it is paid once per object, whichever field is typed. Inference uses it where
 * no field of an object pays on its own: the field that costs least is typed if the separation pays
 * for it.
 *
 * <pre>
 * saved = objects × meanBytes × BYTES_PER_OBJECT_BYTE − CHUNK_BYTES − levels of the object's value column
 * (no gain under MIN_OBJECTS objects)
 * </pre>
 *
 * <p><b>Measurement that set the constants</b> ({@code bench/sizes} corpora, ZSTD; each object
 * typed by one field on top of the default plan of the version before this term, against that plan;
 * the gain is the file's difference scaled to the 10,048 sampled rows, plus the field's own
 * estimate, plus the object column's cost; bytes per object and per encoded byte of it):
 *
 * <ul>
 *   <li>Gains: mixed rows with 15% non-object rows: {@code actor} (126 B) 9.0 B (0.071 B/B), {@code
 *       repo} (71 B) 6.5 (0.091), {@code org} (67 B) 9.3 (0.14), {@code payload} (306 B) 18.8
 *       (0.061); the mixed rows alone: {@code org} 10.3-11.6 (0.15-0.17), {@code payload} 7.9-8.2
 *       (0.026); GSoC rows among tweets, GitHub events and product arrays: {@code author} (28 B)
 *       4.0 (0.14). {@link #BYTES_PER_OBJECT_BYTE} 0.06 is near the lower quartile of these.
 *   <li>A loss: the event log's {@code experiment} objects (999 in the sample, 20 B each) cost
 *       2,160 B typed on 20,000 rows, where a gain above 0.09 B per byte would type them; 0.06
 *       leaves them in the residual.
 *   <li>{@link #MIN_OBJECTS}: few objects do not pay whatever their size. On the real rows of
 *       {@code real-objects} (1,414 rows), typing {@code user.description} (120 objects of 811 B)
 *       made the file 5,884 B larger, {@code retweeted_status.text} (73 objects of 1,551 B) 10,984
 *       B, and {@code actor}, {@code repo}, {@code payload} (30 objects each), {@code org} (6),
 *       {@code metadata} (100) 1,266 to 1,716 B each: a column of a few objects compresses no
 *       better than the residual they left, which also loses the repeats they shared with the rest
 *       of their row (a tweet's user beside its retweeted status). The smallest count measured to
 *       gain was 820 objects; the event log's {@code debug} objects (19 in the sample) stay in the
 *       residual.
 * </ul>
 */
final class ObjectSeparation {
  /** Compressed bytes saved per encoded byte of an object moved out of its parent's residual. */
  static final double BYTES_PER_OBJECT_BYTE = 0.06;

  /** Fewer objects than this in the sample gain nothing from a column of their own. */
  static final long MIN_OBJECTS = 500;

  private ObjectSeparation() {}

  /**
   * The estimate for the objects at {@code s}, a field of an object.
   *
   * @param chain the levels down to the objects at {@code s}: those of the object's value column
   */
  static Estimate of(PathStats s, LevelChain chain) {
    long objects = s.count(TypeFamily.OBJECT);
    double mean = s.meanObjectBytes();
    double gain = objects < MIN_OBJECTS ? 0 : mean * BYTES_PER_OBJECT_BYTE;
    return new Estimate(objects, mean, gain, CostModel.levelBytes(chain) + CostModel.CHUNK_BYTES);
  }

  /**
   * @param objects objects at the path in the sample
   * @param meanBytes their mean encoded size
   * @param gainPerObject compressed bytes saved per object; 0 under {@link #MIN_OBJECTS}
   * @param columnBytes what the object's own value column costs: its levels and its chunk
   */
  record Estimate(long objects, double meanBytes, double gainPerObject, double columnBytes) {
    /** Bytes saved: positive means the separation pays for the object's column. */
    double saved() {
      return objects * gainPerObject - columnBytes;
    }

    /**
     * "out of its parent's residual saves 15378 B: 2563 objects of 126 B x 7.6 B - its value column
     * 3360 B".
     */
    String explain() {
      return String.format(
          Locale.ROOT,
          "out of its parent's residual %s: %d objects of %.0f B x %.1f B%s - its value column %.0f B",
          Shares.verdict(saved()),
          objects,
          meanBytes,
          gainPerObject,
          objects < MIN_OBJECTS
              ? String.format(Locale.ROOT, " (under %d objects)", MIN_OBJECTS)
              : "",
          columnBytes);
    }
  }

  /**
   * Moves the field of {@code c} that costs least on its own (a scalar, or an object or array typed
   * by its cheapest field) from its examined fields into its plan, and returns it; null if no field
   * has a typed choice. The caller types {@code c} if the separation pays for it.
   */
  static PathChoice carrier(PathChoice c) {
    PathChoice cheapest = null;
    for (PathChoice f : c.notInPlan) {
      if (f.declined != null && (cheapest == null || f.declined.saved() > cheapest.saved())) {
        cheapest = f.declined;
      }
    }
    if (cheapest == null) {
      return null;
    }
    PathChoice carrier = cheapest;
    c.notInPlan.removeIf(f -> f.declined == carrier);
    c.fields.add(carrier);
    Supplier<String> own = carrier.reason;
    carrier.reason =
        () ->
            own.get()
                + "; the cheapest field of its object, typed if taking that object (or one"
                + " enclosing it) out of its parent's residual pays";
    return carrier;
  }
}
