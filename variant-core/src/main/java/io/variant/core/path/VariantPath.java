// SPDX-License-Identifier: Apache-2.0
package io.variant.core.path;

import io.variant.core.Variant;
import java.util.List;
import java.util.Locale;

/**
 * A path into a Variant: a list of object-field and array-element steps, written in a subset of
 * JSONPath (RFC 9535) and used to extract values and, by the Parquet module, to find shredded
 * columns.
 *
 * <pre>{@code
 * VariantPath p = VariantPath.parse("$.items[0].price");
 * p.segments();                  // [Key[name=items], Index[index=0], Key[name=price]]
 * Variant price = p.extract(v);  // null if a step is missing or meets the wrong type
 * }</pre>
 *
 * <p><b>Grammar</b> (no whitespace): {@code $} then any number of steps, each one of
 *
 * <ul>
 *   <li>{@code .name}: a name that starts with a letter, {@code _} or a non-ASCII character and
 *       goes on with those or digits;
 *   <li>{@code ['name']} or {@code ["name"]}: any name, with JSON's escapes ({@code \\ \' \" \/ \b
 *       \f \n \r \t \}{@code uXXXX}); control characters must be escaped;
 *   <li>{@code [n]}: an array index, a non-negative {@code int} without leading zeros.
 * </ul>
 *
 * {@link #toString()} prints the canonical form: {@code .name} where the grammar allows, otherwise
 * {@code ['name']} with single quotes; {@code parse(p.toString())} equals {@code p}.
 *
 * <p><b>Thread safety:</b> immutable.
 */
public final class VariantPath {
  private static final VariantPath ROOT = new VariantPath(List.of());

  private final List<Segment> segments;

  private VariantPath(List<Segment> segments) {
    this.segments = segments;
  }

  /**
   * Parses a path such as {@code $.user.name}, {@code $.items[0].price} or {@code $['key with
   * spaces']}.
   *
   * @throws VariantPathException naming the 0-based position where the text breaks the grammar
   * @throws NullPointerException if {@code text} is null
   */
  public static VariantPath parse(String text) {
    List<Segment> segments = PathParser.parse(text);
    return segments.isEmpty() ? ROOT : new VariantPath(List.copyOf(segments));
  }

  /**
   * The path made of {@code segments}, in order.
   *
   * @throws NullPointerException if the list or an element is null
   */
  public static VariantPath of(List<Segment> segments) {
    return segments.isEmpty() ? ROOT : new VariantPath(List.copyOf(segments));
  }

  /** The path {@code $}, whose extraction is the value itself. */
  public static VariantPath root() {
    return ROOT;
  }

  /** The steps from the root, in order; unmodifiable, empty for {@code $}. */
  public List<Segment> segments() {
    return segments;
  }

  /**
   * The value this path reaches in {@code v}, a view into the same buffer; {@code null} when a step
   * names a field the object lacks or an index past the array's end, or meets a value of the wrong
   * kind (a key on a non-object, an index on a non-array). O(steps · log fields).
   *
   * @throws io.variant.core.VariantFormatException if bytes on the way are malformed
   */
  public Variant extract(Variant v) {
    Variant current = v;
    for (Segment s : segments) {
      if (s instanceof Segment.Key key) {
        if (!current.isObject()) {
          return null;
        }
        current = current.field(key.name());
      } else {
        int index = ((Segment.Index) s).index();
        if (!current.isArray() || index >= current.size()) {
          return null;
        }
        current = current.element(index);
      }
      if (current == null) {
        return null;
      }
    }
    return current;
  }

  /** The canonical text (see the class comment). */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("$");
    for (Segment s : segments) {
      if (s instanceof Segment.Key key) {
        appendName(sb, key.name());
      } else {
        sb.append('[').append(((Segment.Index) s).index()).append(']');
      }
    }
    return sb.toString();
  }

  private static void appendName(StringBuilder sb, String name) {
    if (!name.isEmpty()
        && PathParser.isNameStart(name.codePointAt(0))
        && name.codePoints().allMatch(PathParser::isNameChar)) {
      sb.append('.').append(name);
      return;
    }
    sb.append("['");
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      switch (c) {
        case '\'' -> sb.append("\\'");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        default -> {
          if (c < 0x20) {
            sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append("']");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof VariantPath && ((VariantPath) o).segments.equals(segments);
  }

  @Override
  public int hashCode() {
    return segments.hashCode();
  }
}
