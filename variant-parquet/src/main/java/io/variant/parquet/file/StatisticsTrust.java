// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import java.util.List;
import java.util.Map;
import org.apache.parquet.SemanticVersion;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Type;

/**
 * Removes from a decoded footer, before parquet-java converts it, the min and max that do not bound
 * their chunk's values in the order its readers compare them: a row group that statistics rule out
 * is never read, so a bound that is not one drops matching rows without a word. parquet-java's
 * conversion already ignores the deprecated {@code min} and {@code max} where their signed order is
 * not the type's (strings, decimals, unsigned integers) and the binaries of parquet-mr before
 * PARQUET-251's fix, and {@code min_value} and {@code max_value} under a column order it does not
 * know (save where they are equal); it misses these:
 *
 * <ul>
 *   <li>{@code min_value} and {@code max_value} in a footer without {@code column_orders}, whose
 *       meaning is then undefined (spec: parquet.thrift §FileMetaData.column_orders); parquet-java
 *       takes the type's order. The deprecated pair, signed by definition, stays for parquet-java
 *       to judge.
 *   <li>Decimals stored as bytes (big-endian two's complement, in signed order) whose bounds are
 *       not whole values: a fixed-length bound of another length, or one its writer flags as not
 *       exact (a truncated prefix of a number is another number); or that Arrow's C++ writer
 *       ({@code parquet-cpp}, {@code parquet-cpp-arrow} before 4.0.0) ordered by signed bytes
 *       throughout (PARQUET-1655), where its bounds can miss values even when min is below max.
 * </ul>
 *
 * <p>The null count stays in every case. Statistics that are well-formed but false (a forged
 * footer) are trusted, as every reader trusts them. A footer that {@link FooterReader} leaves to
 * parquet-java (an encrypted one) is converted by parquet-java's rules alone.
 */
final class StatisticsTrust {
  private static final SemanticVersion ARROW_DECIMAL_ORDER_FIXED = new SemanticVersion(4, 0, 0);

  private StatisticsTrust() {}

  /** Removes, in place, the min and max of {@code footer}'s chunks that do not bound values. */
  static void dropUntrusted(FileMetaData footer) {
    boolean ordered = footer.isSetColumn_orders();
    Map<List<String>, SchemaElement> leaves = FooterContradictions.leaves(footer.getSchema());
    boolean decimalOrderBroken = arrowDecimalOrderBroken(footer.getCreated_by());
    for (RowGroup g : footer.getRow_groups()) {
      for (ColumnChunk chunk : g.getColumns()) {
        ColumnMetaData m = chunk.getMeta_data();
        Statistics s = m == null ? null : m.getStatistics();
        if (s == null) {
          continue;
        }
        if (!ordered) {
          s.unsetMin_value();
          s.unsetMax_value();
        }
        SchemaElement leaf = leaves.get(m.getPath_in_schema());
        if (leaf != null && isDecimalBytes(leaf) && (decimalOrderBroken || !wholeValues(s, leaf))) {
          s.unsetMin_value();
          s.unsetMax_value();
          s.unsetMin();
          s.unsetMax();
        }
      }
    }
  }

  private static boolean isDecimalBytes(SchemaElement e) {
    boolean decimal =
        e.isSetLogicalType()
            ? e.getLogicalType().isSetDECIMAL()
            : e.getConverted_type() == ConvertedType.DECIMAL;
    return decimal && (e.getType() == Type.BYTE_ARRAY || e.getType() == Type.FIXED_LEN_BYTE_ARRAY);
  }

  /** Whether the bounds of {@code s}, if any, are whole values of {@code leaf}'s type. */
  private static boolean wholeValues(Statistics s, SchemaElement leaf) {
    if ((s.isSetIs_min_value_exact() && !s.isIs_min_value_exact())
        || (s.isSetIs_max_value_exact() && !s.isIs_max_value_exact())) {
      return false;
    }
    if (leaf.getType() != Type.FIXED_LEN_BYTE_ARRAY) {
      return true;
    }
    int length = leaf.getType_length();
    return (!s.isSetMin_value() || s.getMin_value().length == length)
        && (!s.isSetMax_value() || s.getMax_value().length == length)
        && (!s.isSetMin() || s.getMin().length == length)
        && (!s.isSetMax() || s.getMax().length == length);
  }

  /**
   * Whether {@code createdBy} names a writer that ordered decimal bytes as signed bytes throughout
   * (PARQUET-1655, fixed in Arrow 4.0.0): {@code parquet-cpp} (Arrow's C++ writer before it was
   * renamed), or {@code parquet-cpp-arrow} of an older or unreadable version.
   */
  private static boolean arrowDecimalOrderBroken(String createdBy) {
    ParsedVersion v = WriterVersion.parse(createdBy);
    if (v == null) {
      return false;
    }
    if (v.application.equals("parquet-cpp")) {
      return true;
    }
    if (!v.application.equals("parquet-cpp-arrow")) {
      return false;
    }
    try {
      return !v.hasSemanticVersion()
          || v.getSemanticVersion().compareTo(ARROW_DECIMAL_ORDER_FIXED) < 0;
    } catch (RuntimeException e) {
      return true;
    }
  }
}
