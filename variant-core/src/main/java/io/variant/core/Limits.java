package io.variant.core;

/**
 * Explicit size and depth limits. They are policy, not spec: the spec bounds nothing beyond the 4-byte
 * offsets (so a value may in principle reach 4 GiB), but a Java array holds at most {@code
 * Integer.MAX_VALUE - 8} bytes and a recursive walk needs a bounded depth.
 *
 * @param maxDepth deepest nesting of objects and arrays accepted when reading, building or parsing JSON.
 *     Default 1000, as jackson-core's default nesting limit and Spark's JSON parser.
 * @param maxValueBytes largest value or metadata buffer a builder produces. Default 128 MiB: Spark caps
 *     at 16 MiB, which real documents do exceed; past 128 MiB a row is better stored as a file.
 */
public record Limits(int maxDepth, int maxValueBytes) {
  /** The largest array the JVM reliably allocates. */
  public static final int MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;

  private static final Limits DEFAULTS = new Limits(1000, 128 << 20);

  public Limits {
    if (maxDepth < 1) {
      throw new IllegalArgumentException("maxDepth must be at least 1, was " + maxDepth);
    }
    if (maxValueBytes < 16 || maxValueBytes > MAX_ARRAY_BYTES) {
      throw new IllegalArgumentException("maxValueBytes must be in [16, " + MAX_ARRAY_BYTES + "], was " + maxValueBytes);
    }
  }

  /** depth 1000, 128 MiB. */
  public static Limits defaults() {
    return DEFAULTS;
  }

  public Limits withMaxDepth(int depth) {
    return new Limits(depth, maxValueBytes);
  }

  public Limits withMaxValueBytes(int bytes) {
    return new Limits(maxDepth, bytes);
  }
}
