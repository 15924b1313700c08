package io.variant.cli;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.core.json.VariantJson;

/**
 * The {@code decode --pretty} rendering: one line per value with its Variant type, children indented by
 * two spaces; scalars are shown as their JSON rendering.
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

  /** Appends the tree of {@code v}, ending with a newline. Recursion depth is bounded by validation's limit. */
  static void print(Variant v, StringBuilder out) {
    print(v, 0, out);
  }

  private static void print(Variant v, int depth, StringBuilder out) {
    VariantType type = v.type();
    out.append(type.displayName());
    switch (type) {
      case OBJECT:
        out.append('\n');
        for (int i = 0, n = v.fieldCount(); i < n; i++) {
          indent(depth + 1, out).append('"').append(JsonStringEncoder.getInstance().quoteAsString(v.fieldName(i))).append("\": ");
          print(v.fieldValue(i), depth + 1, out);
        }
        break;
      case ARRAY:
        out.append('\n');
        for (int i = 0, n = v.size(); i < n; i++) {
          indent(depth + 1, out).append('[').append(i).append("]: ");
          print(v.element(i), depth + 1, out);
        }
        break;
      case NULL:
        out.append('\n'); // the type says it all
        break;
      default:
        out.append(' ').append(VariantJson.toJson(v)).append('\n');
        break;
    }
  }

  private static StringBuilder indent(int depth, StringBuilder out) {
    for (int i = 0; i < depth; i++) {
      out.append(INDENT);
    }
    return out;
  }
}
