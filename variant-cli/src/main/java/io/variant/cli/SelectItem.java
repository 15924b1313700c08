// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.path.VariantPath;
import io.variant.core.path.VariantPathException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One output column of {@code select}: {@code [COLUMN:]PATH[::TYPE]}, as Snowflake writes {@code
 * src:user.name::string}. {@code COLUMN} names the VARIANT column when a file has several (else
 * {@code --column}, or the file's only one); {@code TYPE} ({@link CastType}) casts the value, and
 * without it the value stays a Variant.
 *
 * @param label the argument as written: the column's name in the output
 * @param column the VARIANT column named before the path, or {@code null} for the default
 * @param path the path in that column
 * @param type the cast, or {@code null} for the Variant itself
 */
record SelectItem(String label, String column, VariantPath path, ArrowType type) {
  /** {@code NAME:} before a path: a column name holds no {@code :}, {@code /} or {@code $}. */
  private static final Pattern COLUMN = Pattern.compile("([^:/$]+):(\\$.*)", Pattern.DOTALL);

  /** {@code ::TYPE} at the end, the last {@code ::} (a quoted key may hold one before it). */
  private static final Pattern CAST =
      Pattern.compile("(.*)::\\s*([A-Za-z_][A-Za-z0-9_]*\\s*(?:\\([^)]*\\))?)\\s*", Pattern.DOTALL);

  /**
   * True if {@code arg} reads as a column rather than an input: {@code $...} or {@code NAME:$...}.
   */
  static boolean looksLikeItem(String arg) {
    return arg.startsWith("$") || COLUMN.matcher(arg).matches();
  }

  /**
   * Parses {@code [COLUMN:]PATH[::TYPE]}.
   *
   * @throws IllegalArgumentException with a message for the user if the path or type is not valid
   */
  static SelectItem parse(String arg) {
    String column = null;
    String rest = arg;
    Matcher named = COLUMN.matcher(arg);
    if (named.matches()) {
      column = named.group(1);
      rest = named.group(2);
    }
    ArrowType type = null;
    Matcher cast = CAST.matcher(rest);
    if (cast.matches()) {
      rest = cast.group(1);
      try {
        type = CastType.parse(cast.group(2));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("'" + arg + "': " + e.getMessage(), e);
      }
    }
    try {
      return new SelectItem(arg, column, VariantPath.parse(rest.strip()), type);
    } catch (VariantPathException e) {
      throw new IllegalArgumentException(
          e.getMessage()
              + " in '"
              + arg
              + "'; a column is [COLUMN:]PATH[::TYPE], as event:$.user.name::string",
          e);
    }
  }

  /** The VARIANT column this item reads in a file whose default column is {@code fallback}. */
  String columnOr(String fallback) {
    return column != null ? column : fallback;
  }
}
