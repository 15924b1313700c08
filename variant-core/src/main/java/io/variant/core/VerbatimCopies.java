// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * The values a {@link FixedDictionaryBuilder} copies as they are: each must be over the builder's
 * dictionary (the same object, or one found to hold the same bytes), and with {@link #checkCopies}
 * on it is checked as {@link Variant#validate()} checks it before it is copied. Returns the size to
 * copy; the builder copies.
 */
final class VerbatimCopies {
  private final int maxDepth;
  private VariantMetadata metadata;
  // another dictionary object found to hold the same bytes in this value: checked once, not per
  // copied value (a wide row's residual fields each compared its kilobytes of keys)
  private VariantMetadata sameAsMetadata;
  private boolean checkCopies;
  private VariantValidator checker; // checks copies, reused from value to value

  VerbatimCopies(int maxDepth) {
    this.maxDepth = maxDepth;
  }

  /** A new value over {@code dictionary}; {@code sameBytes} (or null) holds the same bytes. */
  void start(VariantMetadata dictionary, VariantMetadata sameBytes) {
    metadata = dictionary;
    sameAsMetadata = sameBytes;
  }

  void checkCopies(boolean on) {
    checkCopies = on;
  }

  boolean checksCopies() {
    return checkCopies;
  }

  /**
   * The size of {@code v} to copy, checked first if copies are checked; {@code depth} containers
   * are open around it.
   *
   * @throws IllegalArgumentException if {@code v} uses another dictionary
   * @throws VariantFormatException if copies are checked and {@code v} is malformed
   */
  int sizeOf(Variant v, int depth) {
    sameDictionary(v);
    return checkCopies ? checkedSize(v, depth) : v.valueSize();
  }

  /**
   * The size of field {@code i} of {@code object} to copy, whose bounds {@link Variant#fieldBounds}
   * gave: {@link #sizeOf} of {@code object.fieldValue(i)} without a view of a scalar field.
   */
  int fieldSize(Variant object, int i, long bounds, int depth) {
    sameDictionary(object);
    byte[] src = object.buf;
    int at = (int) (bounds >>> 32);
    int end = (int) bounds;
    int size;
    if (!checkCopies) {
      size = EncodedValue.valueSizeAt(src, at, end);
    } else if ((size = VariantValidator.checkedScalarSize(src, at, end)) < 0) {
      size = checkedView(object.fieldValue(i), depth); // a container, decimal or time
    }
    return size;
  }

  /** Checks {@code v} before it is copied, as {@link Variant#validate()} does; returns its size. */
  private int checkedSize(Variant v, int depth) {
    // a scalar is checked in place; its nesting is within the limit: depth <= maxDepth here
    int size = VariantValidator.checkedScalarSize(v.buf, v.pos, v.limit);
    return size >= 0 ? size : checkedView(v, depth);
  }

  /**
   * {@link #checkedSize} of a value that is no scalar checked in place (a container, decimal or
   * time): the validator's walk. Apart, so that callers that inline the scalar check do not inline
   * it twice.
   */
  private int checkedView(Variant v, int depth) {
    if (checker == null) {
      checker = new VariantValidator(maxDepth, KeyOrder.ANY);
    }
    checker.checkAnew(v, maxDepth - depth);
    return v.valueSize();
  }

  private void sameDictionary(Variant v) {
    VariantMetadata m = v.metadata();
    if (m == metadata || m == sameAsMetadata) {
      return;
    }
    if (!m.sameBytes(metadata)) {
      throw new IllegalArgumentException("Cannot copy a value over another dictionary");
    }
    sameAsMetadata = m; // a dictionary does not change while a value is built over it
  }
}
