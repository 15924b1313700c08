package io.variant.core;

/**
 * Caps the work of a whole-value walk (equality, hashing, copying) at a multiple of the value's encoded
 * size. A well-formed tree never comes close: each node is charged at most its own bytes, so the total is
 * at most the encoded size. Only an encoding whose offsets share sub-values can exceed it, and nested
 * sharing makes the logical tree exponentially larger than its bytes (60 levels of {@code [x, x]} take
 * 300 bytes and stand for 2^60 leaves). Shared bytes are tolerated on read (digest §H.12); expanding them
 * past this budget is refused with {@link VariantLimitException} instead of hanging.
 *
 * <p>Policy, not spec: the factor {@value #FACTOR} leaves room for light sharing.
 */
final class WalkBudget {
  static final int FACTOR = 4;
  private static final int SLACK = 64;

  private final String action;
  private final long initial;
  private long left;

  /**
   * @param action what the walk does, for the message ("compare", "hash", "copy")
   * @param encodedBytes the encoded size of the value(s) walked
   */
  WalkBudget(String action, long encodedBytes) {
    this.action = action;
    this.initial = FACTOR * encodedBytes + SLACK;
    this.left = initial;
  }

  /** Charges one value: its own bytes for a primitive or string, 1 for an object or array header. */
  void charge(Variant v) {
    long cost = v.isObject() || v.isArray() ? 1 : v.valueSize();
    left -= cost;
    if (left < 0) {
      throw new VariantLimitException("Cannot " + action + " the value: it expands past " + initial
          + " bytes of work (" + FACTOR + "x its encoded size) because its encoding shares sub-values");
    }
  }

  /** Refuses nesting deeper than {@code maxDepth}, before a recursive walk can overflow the stack. */
  void checkDepth(int depth, int maxDepth) {
    if (depth > maxDepth) {
      throw new VariantLimitException("Cannot " + action + " the value: nesting deeper than " + maxDepth
          + " levels (Limits.maxDepth)");
    }
  }
}
