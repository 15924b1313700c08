// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantLimitException;
import io.variant.core.VariantType;
import io.variant.core.WalkBudget;
import io.variant.core.json.VariantJson;

/**
 * The {@code decode --pretty} rendering: one line per value with its Variant type, children
 * indented by two spaces; scalars are shown as their JSON rendering.
 *
 * <pre>
 * object
 *   "id": int8 42
 *   "tags": array
 *     [0]: string "a"
 * </pre>
 *
 * <p><b>Limits</b>, as for JSON rendering: the walk is charged to a {@link WalkBudget} of {@link
 * Limits#maxExpansion()} times the value's stored size, and the tree's text may not grow past
 * {@link Limits#maxValueBytes()} characters; either throws {@link VariantLimitException}. Offsets
 * may share sub-values, so 40 levels of {@code [x, x]} in under 200 bytes stand for 2^40 lines.
 */
final class TypedTreePrinter {
  private static final String INDENT = "  ";

  private final StringBuilder out;
  private final WalkBudget budget;
  private final long maxLength; // of out, past which the tree is over the limit
  private final int maxValueBytes;
  private final int base; // offset in its buffer of the value whose tree this is

  private TypedTreePrinter(Variant v, StringBuilder out, Limits limits) {
    this.out = out;
    this.budget = new WalkBudget("show", v.valueSize(), limits);
    this.maxValueBytes = limits.maxValueBytes();
    this.maxLength = (long) out.length() + maxValueBytes;
    this.base = v.offsetInBuffer();
  }

  /**
   * Appends the tree of {@code v}, ending with a newline. Recursion depth is bounded by
   * validation's limit.
   *
   * @throws VariantLimitException past {@code limits}' expansion or value size
   */
  static void print(Variant v, StringBuilder out, Limits limits) {
    new TypedTreePrinter(v, out, limits).print(v, 0, null);
  }

  /**
   * The tree with each value's byte offset (from the start of {@code v}) and size, and {@code
   * annotation}'s label for it (where it came from, for {@code inspect}).
   *
   * @throws VariantLimitException past {@code limits}' expansion or value size
   */
  static void print(Variant v, StringBuilder out, Annotation annotation, Limits limits) {
    new TypedTreePrinter(v, out, limits).print(v, 0, annotation);
  }

  /** A note on each value of a tree, and on its children's. */
  interface Annotation {
    String label();

    Annotation field(String name);

    Annotation element(int index);
  }

  private void print(Variant v, int depth, Annotation a) {
    budget.charge(v);
    VariantType type = v.type();
    out.append(type.displayName());
    if (type != VariantType.OBJECT && type != VariantType.ARRAY && type != VariantType.NULL) {
      out.append(' ').append(VariantJson.toJson(v));
    }
    if (a != null) {
      out.append("  @").append(v.offsetInBuffer() - base).append(" +").append(v.valueSize());
      String label = a.label();
      if (!label.isEmpty()) {
        out.append("  ").append(label);
      }
    }
    out.append('\n');
    if (out.length() > maxLength) {
      throw new VariantLimitException(
          "Cannot show the value: its tree is longer than "
              + maxValueBytes
              + " characters (raise Limits.maxValueBytes)");
    }
    if (type == VariantType.OBJECT) {
      for (int i = 0, n = v.fieldCount(); i < n; i++) {
        String name = v.fieldName(i);
        indent(depth + 1)
            .append('"')
            .append(JsonStringEncoder.getInstance().quoteAsString(name))
            .append("\": ");
        print(v.fieldValue(i), depth + 1, a == null ? null : a.field(name));
      }
    } else if (type == VariantType.ARRAY) {
      for (int i = 0, n = v.size(); i < n; i++) {
        indent(depth + 1).append('[').append(i).append("]: ");
        print(v.element(i), depth + 1, a == null ? null : a.element(i));
      }
    }
  }

  private StringBuilder indent(int depth) {
    for (int i = 0; i < depth; i++) {
      out.append(INDENT);
    }
    return out;
  }
}
