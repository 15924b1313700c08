// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * Caps the work of one whole-value walk (rendering, equality, hashing, copying, splitting,
 * rebuilding) at {@link Limits#maxExpansion()} times the encoded size it starts from. A well-formed
 * tree never comes close: each node is charged at most its own bytes (a scalar its bytes, an object
 * or array 1 for its header), and distinct nodes occupy distinct bytes, so the total is at most the
 * encoded size. Only an encoding whose offsets share sub-values can exceed it, and nested sharing
 * makes the logical tree exponentially larger than its bytes (60 levels of {@code [x, x]} take 300
 * bytes and stand for 2^60 leaves). Shared bytes are tolerated on read (the encoding allows them);
 * expanding them past this budget is refused with {@link VariantLimitException} instead of hanging
 * or running out of memory.
 *
 * <p>Every walk of this library charges one (the shredding module's split too); a walk of your own
 * over untrusted values can charge one to keep the same rule. One budget serves one walk on one
 * thread.
 */
public final class WalkBudget {
  private static final int SLACK = 64;

  private final String action;
  private final int factor;
  private long initial;
  private long left;

  /**
   * @param action what the walk does, for the message ("compare", "hash", "copy", "render",
   *     "split")
   * @param encodedBytes the encoded size of the value(s) walked
   * @param limits gives the factor, {@link Limits#maxExpansion()}
   */
  public WalkBudget(String action, long encodedBytes, Limits limits) {
    this.action = action;
    this.factor = limits.maxExpansion();
    restart(encodedBytes);
  }

  /**
   * Starts the next walk, of a value of {@code encodedBytes}, with this budget's action and limits,
   * so that a walker that runs once per row reuses one budget instead of making one per row.
   */
  public void restart(long encodedBytes) {
    this.initial = factor * Math.max(0, encodedBytes) + SLACK;
    this.left = initial;
  }

  /** A budget with {@link Limits#defaults()}. */
  WalkBudget(String action, long encodedBytes) {
    this(action, encodedBytes, Limits.defaults());
  }

  /**
   * Charges one visited value: its own bytes for a primitive or string, 1 for an object or array
   * header.
   *
   * @throws VariantLimitException once the walk has used up its budget
   */
  public void charge(Variant v) {
    charge(v.isObject() || v.isArray() ? 1 : v.valueSize());
  }

  /**
   * Charges {@code bytes} of work, e.g. a whole value copied or emitted as a unit.
   *
   * @throws VariantLimitException once the walk has used up its budget
   */
  public void charge(long bytes) {
    left -= bytes;
    if (left < 0) {
      throw new VariantLimitException(
          "Cannot "
              + action
              + " the value: it expands past "
              + initial
              + " bytes of work ("
              + factor
              + "x its encoded size, Limits.maxExpansion) because its encoding"
              + " shares sub-values");
    }
  }

  /**
   * Refuses nesting deeper than {@code maxDepth}, before a recursive walk can overflow the stack.
   *
   * @throws VariantLimitException if {@code depth > maxDepth}
   */
  public void checkDepth(int depth, int maxDepth) {
    if (depth > maxDepth) {
      throw new VariantLimitException(
          "Cannot "
              + action
              + " the value: nesting deeper than "
              + maxDepth
              + " levels (Limits.maxDepth)");
    }
  }
}
