// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * Explicit size, depth and expansion limits. They are policy, not spec: the spec bounds nothing
 * beyond the 4-byte offsets (so a value may in principle reach 4 GiB), but a Java array holds at
 * most {@code Integer.MAX_VALUE - 8} bytes, a recursive walk needs a bounded depth, and a value
 * whose offsets share sub-values (which the encoding allows, so readers must tolerate) stands for a
 * tree exponentially larger than its bytes: 60 levels of {@code [x, x]} take 300 bytes and stand
 * for 2^60 leaves.
 *
 * <p>Every operation that walks or copies a whole value is bounded by these limits and throws
 * {@link VariantLimitException} (naming the limit) rather than running out of memory or time:
 *
 * <table>
 *   <caption>Operations and the limits that bound them</caption>
 *   <tr><th>operation</th><th>depth</th><th>work</th><th>output</th></tr>
 *   <tr><td>{@code VariantJson.toJson} / {@code writeJson}</td><td>maxDepth</td><td>maxExpansion</td>
 *       <td>maxValueBytes characters</td></tr>
 *   <tr><td>{@link VariantBuilder#appendVariant}, {@link VariantBuilder#canonicalize}, {@link
 *       Variant#translateIds} (default limits)</td><td>maxDepth</td><td>maxExpansion</td>
 *       <td>maxValueBytes</td></tr>
 *   <tr><td>{@link VariantEquality} (also {@code equals}, {@code hashCode})</td><td>maxDepth</td>
 *       <td>maxExpansion</td><td>none</td></tr>
 *   <tr><td>{@code Splitter.split}, {@code Rebuilder.rebuild} (variant-shredding)</td><td>maxDepth</td>
 *       <td>maxExpansion</td><td>maxValueBytes per built value</td></tr>
 *   <tr><td>{@link Variant#validate(Limits)}</td><td>maxDepth</td><td>linear by construction</td>
 *       <td>none</td></tr>
 * </table>
 *
 * <p>A caller that processes untrusted data on a small heap lowers {@code maxValueBytes} (it bounds
 * every buffer a single operation allocates) and keeps {@code maxExpansion} small. The command line
 * sets all three through flags.
 *
 * @param maxDepth deepest nesting of objects and arrays accepted when reading, building or parsing
 *     JSON. Default 1000, as jackson-core's default nesting limit and Spark's JSON parser.
 * @param maxValueBytes largest value or metadata buffer a builder produces, and the most characters
 *     one JSON rendering writes. Default 128 MiB: Spark caps at 16 MiB, which real documents do
 *     exceed; past 128 MiB a row is better stored as a file.
 * @param maxExpansion the work budget of a whole-value walk, as a multiple of the encoded bytes it
 *     starts from (see {@link WalkBudget}): a walk may visit values worth at most {@code
 *     maxExpansion × encoded size + 64} bytes, counting each scalar as its own bytes and each
 *     object or array as 1. A value whose sub-values are stored once each never exceeds 1×; only
 *     shared offsets can. Default 4, which leaves room for light sharing; 1 refuses any expansion.
 */
public record Limits(int maxDepth, int maxValueBytes, int maxExpansion) {
  /** The largest array the JVM reliably allocates. */
  public static final int MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;

  /** The default {@link #maxExpansion()}. */
  public static final int DEFAULT_MAX_EXPANSION = 4;

  private static final Limits DEFAULTS = new Limits(1000, 128 << 20, DEFAULT_MAX_EXPANSION);

  public Limits {
    if (maxDepth < 1) {
      throw new IllegalArgumentException("maxDepth must be at least 1, was " + maxDepth);
    }
    if (maxValueBytes < 16 || maxValueBytes > MAX_ARRAY_BYTES) {
      throw new IllegalArgumentException(
          "maxValueBytes must be in [16, " + MAX_ARRAY_BYTES + "], was " + maxValueBytes);
    }
    if (maxExpansion < 1 || maxExpansion > 1 << 20) {
      throw new IllegalArgumentException(
          "maxExpansion must be in [1, " + (1 << 20) + "], was " + maxExpansion);
    }
  }

  /** Limits with the default {@link #maxExpansion()}. */
  public Limits(int maxDepth, int maxValueBytes) {
    this(maxDepth, maxValueBytes, DEFAULT_MAX_EXPANSION);
  }

  /** depth 1000, 128 MiB, expansion 4. */
  public static Limits defaults() {
    return DEFAULTS;
  }

  public Limits withMaxDepth(int depth) {
    return new Limits(depth, maxValueBytes, maxExpansion);
  }

  public Limits withMaxValueBytes(int bytes) {
    return new Limits(maxDepth, bytes, maxExpansion);
  }

  /** These limits with another work factor; see {@link #maxExpansion()}. */
  public Limits withMaxExpansion(int factor) {
    return new Limits(maxDepth, maxValueBytes, factor);
  }
}
