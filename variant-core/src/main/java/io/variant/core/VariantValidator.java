// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * The deep check behind {@link Variant#validate()}. Linear in the buffer: the subtree at a value
 * start is checked once, so forged objects whose offsets share sub-values cannot make it
 * exponential. Two things are still checked on every visit, because they depend on the path and not
 * on the bytes at that start: that the value fits its parent's data (one shared value may fit one
 * parent and not another), and that the path's depth plus the subtree's height stays within the
 * limit (otherwise a chain reached through a shortcut first would hide its full depth).
 */
final class VariantValidator {
  private int maxDepth; // levels left below the value checked; set again by checkAnew
  private final int limit; // the nesting limit itself, as the caller set it, for messages
  private final KeyOrder keyOrder;
  // value start -> subtree height of a checked container, 0 for a checked scalar worth memoising
  private final ValueMemo memo = new ValueMemo();
  private int visits; // values looked at, memo hits included: tests check it stays linear
  // scalars up to this many bytes are not memoised (see check)
  static final int MEMO_SCALARS_OVER = 32;

  VariantValidator(int maxDepth, KeyOrder keyOrder) {
    this.maxDepth = maxDepth;
    this.limit = maxDepth;
    this.keyOrder = keyOrder;
  }

  /**
   * Values looked at so far, including ones already checked; at most the number of offsets read +
   * 1.
   */
  int visits() {
    return visits;
  }

  void check(Variant v) {
    check(v, 0);
  }

  /**
   * Checks {@code v} as {@code new VariantValidator(maxDepth, keyOrder).check(v)} does, reusing
   * this validator and its memo tables (forgetting what they held): for a caller that checks many
   * values one after the other, such as a rebuild copying a row's residuals (most of them a field's
   * scalar, checked without the memo tables).
   */
  void checkAnew(Variant v, int maxDepth) {
    if (!v.isObject() && !v.isArray()) {
      checkLeaf(v, maxDepth);
      return;
    }
    this.maxDepth = maxDepth;
    memo.clear();
    check(v, 0);
  }

  /** {@link #checkAnew} for a value that is no container. */
  private void checkLeaf(Variant v, int maxDepth) {
    if (maxDepth < 0) {
      throw tooDeep(v.position());
    }
    v.valueSize();
    checkScalar(v);
  }

  /**
   * Checks {@code v} below {@code depth} containers; returns the number of container levels of its
   * subtree (0 for a scalar, 1 for an array of scalars). Levels count objects and arrays alike, as
   * the JSON parser and the renderer count them: {@code depth + levels} may not pass the limit.
   */
  private int check(Variant v, int depth) {
    visits++;
    int pos = v.position();
    if (depth > maxDepth) {
      throw tooDeep(pos);
    }
    int size = v.valueSize(); // bounds of the whole value against this parent's data
    if (v.isObject() || v.isArray()) {
      if (depth >= maxDepth) {
        throw tooDeep(pos);
      }
      int known = memo.get(pos);
      if (known >= 0) {
        if (depth + known > maxDepth) {
          throw tooDeep(pos);
        }
        return known;
      }
      int height = v.isObject() ? checkObject(v, depth) : checkArray(v, depth);
      memo.put(pos, height);
      return height;
    }
    // A short scalar is checked again on each visit: visits are bounded by the offsets read, so
    // that stays linear, and it costs less than the memo. A long one (a string shared by many
    // offsets) is checked once.
    if (size <= MEMO_SCALARS_OVER) {
      checkScalar(v);
    } else if (memo.get(pos) < 0) {
      checkScalar(v);
      memo.put(pos, 0);
    }
    return 0;
  }

  /**
   * Nesting past the limit is a limit, not malformed bytes: the value may be valid under a higher
   * one (as {@code VariantBuilder} and the JSON parser say for the same depth).
   */
  private VariantLimitException tooDeep(int pos) {
    return new VariantLimitException(
        "Cannot validate the value: nesting deeper than "
            + limit
            + " levels at byte "
            + pos
            + " (raise Limits.maxDepth)");
  }

  private int checkArray(Variant v, int depth) {
    int height = 1;
    for (int i = 0, n = v.size(); i < n; i++) {
      height = Math.max(height, 1 + check(v.element(i), depth + 1));
    }
    return height;
  }

  private int checkObject(Variant v, int depth) {
    int n = v.fieldCount();
    VariantMetadata m = v.metadata();
    for (int i = 0; i < n; i++) {
      m.key(v.fieldId(i)); // ids inside the dictionary, keys UTF-8
    }
    FieldLookup.check(v, keyOrder); // duplicates; order under KeyOrder.SPEC
    int height = 1;
    for (int i = 0; i < n; i++) {
      height = Math.max(height, 1 + check(v.fieldValue(i), depth + 1));
    }
    return height;
  }

  /**
   * The payload checks beyond its size (which valueSize() checked), decided per equivalence class.
   */
  private static void checkScalar(Variant v) {
    switch (payloadCheck(v.type())) {
      case UTF8 -> v.checkString(); // stringValue() would decode a String per string
      case DECIMAL -> v.decimalValue(); // checks the scale and a decimal16's precision
      case TIME_OF_DAY ->
          v.timeValue(); // within one day; timeValue() would refuse the value later otherwise
      case NONE -> {}
    }
  }

  private static PayloadCheck payloadCheck(VariantType t) {
    return switch (t.equivalenceClass()) { // exhaustive: a new class stops the build here
      case STRING -> PayloadCheck.UTF8;
      case EXACT_NUMERIC -> t.isDecimal() ? PayloadCheck.DECIMAL : PayloadCheck.NONE;
      case TIME_NTZ -> PayloadCheck.TIME_OF_DAY;
      case NULL, BOOLEAN, DOUBLE, FLOAT, DATE, TIMESTAMP, TIMESTAMP_NTZ, BINARY, UUID ->
          PayloadCheck.NONE;
      case OBJECT, ARRAY -> throw new AssertionError(t); // check() walks containers
    };
  }

  /**
   * Checks the value at {@code pos}, whose parent's data ends at {@code limit}, as {@link
   * #checkAnew} checks a view of it over those bounds (the same errors), and returns its size, when
   * it is a primitive or short string whose check is its bounds and at most its UTF-8; returns -1,
   * checking nothing, for an object, an array, a decimal or a time, which the caller checks through
   * a view. For a builder that copies an object's scalar fields without a view of each.
   */
  static int checkedScalarSize(byte[] buf, int pos, int limit) {
    int header = buf[pos] & 0xFF;
    int basicType = Layout.basicTypeBits(header);
    if (basicType >= 2) {
      return -1;
    }
    int size =
        EncodedValue.fitting(pos, EncodedValue.scalarSize(buf, pos, limit, header), limit, header);
    if (basicType == 1) { // a short string: its bytes follow the header
      Utf8.check(buf, pos + 1, size - 1, pos + 1);
      return size;
    }
    // the type id is known: scalarSize read it
    VariantType t = VariantType.ofPrimitiveId(Layout.valueHeader(header), pos);
    switch (payloadCheck(t)) {
      case UTF8 -> Utf8.check(buf, pos + 5, size - 5, pos + 5); // after the 4-byte length
      case NONE -> {}
      case DECIMAL, TIME_OF_DAY -> {
        return -1;
      }
    }
    return size;
  }

  private enum PayloadCheck {
    NONE,
    UTF8,
    DECIMAL,
    TIME_OF_DAY
  }
}
