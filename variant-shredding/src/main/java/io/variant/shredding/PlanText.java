// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.shredding.ShreddingPlan.Field;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The text form of a {@link ShreddingPlan}, which people write, the CLI prints and reads, and
 * {@code ShreddingPlan.toString()} returns. It is JSON-shaped:
 *
 * <pre>{@code
 * {"id": int64, "user": {"name": string, "tags": [string]}, "price": decimal(9,2), "extra": variant}
 * }</pre>
 *
 * <p><b>Grammar.</b> Whitespace (space, tab, CR, LF) may appear between any two tokens.
 *
 * <pre>
 * node   := "variant"                       residual only: no typed part
 *         | scalar
 *         | "{" field ("," field)* "}"       an object: at least one field, names unique, order kept
 *         | "[" node "]"                    an array: one node for every element
 * field  := string ":" node                 string: a JSON string literal, JSON escapes included
 * scalar := boolean | int8 | int16 | int32 | int64 | float | double | date | time | timestamp
 *         | timestamp_ntz | timestamp_nanos | timestamp_ntz_nanos | binary | string | uuid
 *         | "decimal" "(" precision "," scale ")"
 * </pre>
 *
 * Type names are the {@link ShreddedType.Kind#text()} names and are case-sensitive. An empty object
 * is an error because a Parquet group cannot be empty; field names must be valid Unicode (no
 * unpaired surrogate) because Variant keys are UTF-8.
 *
 * <p><b>Round trip:</b> {@link #print} writes the canonical one-line form, so {@code
 * print(parse(s))} is {@code s} for any printed {@code s}, and {@code parse(print(p)).equals(p)}
 * for every plan whose field names are valid Unicode.
 *
 * <p><b>Limits:</b> nesting deeper than {@link io.variant.core.Limits#maxDepth()} of the default
 * limits is rejected, so a hostile text cannot overflow the stack. <b>Thread safety:</b> stateless.
 */
public final class PlanText {
  /** The text of the residual-only plan. */
  static final String RESIDUAL = "variant";

  private PlanText() {}

  /**
   * Parses the text form (see the class comment).
   *
   * @throws PlanSyntaxException if {@code text} is not a valid plan; it gives the 0-based position
   * @throws NullPointerException if {@code text} is null
   */
  public static ShreddingPlan parse(String text) {
    return new PlanParser(Objects.requireNonNull(text, "text")).plan();
  }

  /** The canonical one-line text form, e.g. {@code {"id": int64, "tags": [string]}}. Never null. */
  public static String print(ShreddingPlan plan) {
    StringBuilder out = new StringBuilder();
    write(out, plan, -1, 0);
    return out.toString();
  }

  /**
   * The text form with one object field per line, indented by two spaces per level; for plans too
   * wide for one terminal line. {@link #parse} reads it back to an equal plan.
   */
  public static String printIndented(ShreddingPlan plan) {
    StringBuilder out = new StringBuilder();
    write(out, plan, 2, 0);
    return out.toString();
  }

  /** Writes {@code plan}; {@code indent < 0} means one line. */
  private static StringBuilder write(StringBuilder out, ShreddingPlan plan, int indent, int level) {
    return switch (plan.shape()) {
      case OBJECT -> writeObject(out, plan.asObject().fields(), indent, level);
      case ARRAY -> write(out.append('['), plan.asArray().element(), indent, level).append(']');
      case SCALAR -> out.append(plan.asScalar().type()); // ShreddedType.toString() is its text form
      case RESIDUAL -> out.append(RESIDUAL);
    };
  }

  private static StringBuilder writeObject(
      StringBuilder out, List<Field> fields, int indent, int level) {
    out.append('{');
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      if (indent >= 0) {
        out.append('\n').append(" ".repeat((level + 1) * indent));
      } else if (i > 0) {
        out.append(' ');
      }
      quote(out, fields.get(i).name());
      out.append(": ");
      write(out, fields.get(i).plan(), indent, level + 1);
    }
    if (indent >= 0) {
      out.append('\n').append(" ".repeat(level * indent));
    }
    return out.append('}');
  }

  /**
   * The JSON string literal of a field name, as the text form writes it: {@code a"b} becomes {@code
   * "a\"b"}. Control characters and unpaired surrogates are escaped; everything else is kept as is.
   */
  public static String quoteKey(String name) {
    StringBuilder out = new StringBuilder(name.length() + 2);
    quote(out, name);
    return out.toString();
  }

  /**
   * How a field name extends a JSONPath-like path such as {@code $.user.name}: {@code .name} for
   * names made of letters, digits and '_' that do not start with a digit, else {@code ["..."]}
   * quoted as {@link #quoteKey} quotes it. Coverage reports, the writer's object counts and the
   * CLI's summaries all name paths this way, so that their paths match.
   */
  public static String fieldSegment(String name) {
    boolean plain = !name.isEmpty() && !Character.isDigit(name.codePointAt(0));
    for (int i = 0; plain && i < name.length(); ) {
      int cp = name.codePointAt(i);
      plain = Character.isLetterOrDigit(cp) || cp == '_';
      i += Character.charCount(cp);
    }
    return plain ? "." + name : "[" + quoteKey(name) + "]";
  }

  /**
   * Writes {@code s} as a JSON string literal. Control characters and unpaired surrogates are
   * escaped so that the output is always printable; the parser rejects the latter, as no Variant
   * key can hold one.
   */
  private static void quote(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (Character.isHighSurrogate(c)
              && i + 1 < s.length()
              && Character.isLowSurrogate(s.charAt(i + 1))) {
            out.append(c).append(s.charAt(++i));
          } else if (c < 0x20 || Character.isSurrogate(c)) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
