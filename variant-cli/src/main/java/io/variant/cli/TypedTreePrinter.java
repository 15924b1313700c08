package io.variant.cli;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.variant.core.Variant;
import io.variant.core.VariantType;
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
 */
final class TypedTreePrinter {
  private static final String INDENT = "  ";

  private TypedTreePrinter() {}

  /**
   * Appends the tree of {@code v}, ending with a newline. Recursion depth is bounded by
   * validation's limit.
   */
  static void print(Variant v, StringBuilder out) {
    print(v, 0, out, null, 0);
  }

  /**
   * The tree with each value's byte offset (from the start of {@code v}) and size, and {@code
   * annotation}'s label for it (where it came from, for {@code inspect}).
   */
  static void print(Variant v, StringBuilder out, Annotation annotation) {
    print(v, 0, out, annotation, v.offsetInBuffer());
  }

  /** A note on each value of a tree, and on its children's. */
  interface Annotation {
    String label();

    Annotation field(String name);

    Annotation element(int index);
  }

  private static void print(Variant v, int depth, StringBuilder out, Annotation a, int base) {
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
    if (type == VariantType.OBJECT) {
      for (int i = 0, n = v.fieldCount(); i < n; i++) {
        String name = v.fieldName(i);
        indent(depth + 1, out)
            .append('"')
            .append(JsonStringEncoder.getInstance().quoteAsString(name))
            .append("\": ");
        print(v.fieldValue(i), depth + 1, out, a == null ? null : a.field(name), base);
      }
    } else if (type == VariantType.ARRAY) {
      for (int i = 0, n = v.size(); i < n; i++) {
        indent(depth + 1, out).append('[').append(i).append("]: ");
        print(v.element(i), depth + 1, out, a == null ? null : a.element(i), base);
      }
    }
  }

  private static StringBuilder indent(int depth, StringBuilder out) {
    for (int i = 0; i < depth; i++) {
      out.append(INDENT);
    }
    return out;
  }
}
