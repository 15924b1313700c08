// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import java.util.EnumSet;
import java.util.Set;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * What a footer says of one column chunk's encodings, and the check of its data page headers
 * against it. A page header carries no checksum (spec: parquet.thrift, {@code PageHeader.crc}
 * covers the page's data only), so one changed byte of its {@code encoding} has the values decoded
 * as another encoding: other numbers, or empty strings, and no error. The footer names the
 * encodings the chunk uses ({@code ColumnMetaData.encodings}, and {@code encoding_stats} where the
 * writer counted its pages); a page that declares another is refused.
 *
 * <p>The rules, and why none is stricter:
 *
 * <ul>
 *   <li>The values' encoding must be listed. {@code PLAIN_DICTIONARY} and {@code RLE_DICTIONARY}
 *       count as one: the same data page bytes under the deprecated name and the current one (spec:
 *       Encodings.md, Dictionary Encoding), and writers mix the two.
 *   <li>A chunk whose list is empty is not checked against it: some writers leave it so.
 *   <li>Dictionary ids need a dictionary page before them in the chunk. After one, ids are taken
 *       whatever the list says: some writers list a fixed set that leaves out the dictionary.
 *   <li>Where the footer counts the chunk's pages by encoding, the values' encoding must be among
 *       those counted for data pages.
 *   <li>Levels (data pages v1 only: a v2 header names no level encoding, its levels are RLE) are
 *       checked only where the column has them (a maximum above 0), and only BIT_PACKED ones, which
 *       must be listed. RLE levels may go unlisted (some writers leave RLE out, and parquet-java
 *       lists no level encoding for v2 pages), and BIT_PACKED may be listed for no stored level
 *       (parquet-java declares BIT_PACKED the levels of a column whose maximum is 0), so levels
 *       declared BIT_PACKED where they are RLE are caught here only if the list lacks BIT_PACKED.
 *       Otherwise their bytes, misread, are refused once the page is read ({@code
 *       io.variant.parquet.encoding.LeafPages}).
 * </ul>
 *
 * <p>Immutable; one per column chunk, made when the footer is checked.
 */
final class PageEncodings {
  private final Set<Encoding> listed;
  private final Set<Encoding> counted; // data page encodings of encoding_stats, or null
  private final boolean repetition; // the column has repetition levels
  private final boolean definition; // the column has definition levels

  private PageEncodings(
      Set<Encoding> listed, Set<Encoding> counted, boolean repetition, boolean definition) {
    this.listed = listed;
    this.counted = counted;
    this.repetition = repetition;
    this.definition = definition;
  }

  /** What {@code chunk}'s footer says, for a column of these maximum levels. */
  static PageEncodings of(ColumnChunkMetaData chunk, int maxRepetition, int maxDefinition) {
    EncodingStats stats = chunk.getEncodingStats();
    Set<Encoding> counted = stats == null ? null : stats.getDataEncodings();
    return new PageEncodings(
        chunk.getEncodings(),
        counted == null || counted.isEmpty() ? null : counted,
        maxRepetition > 0,
        maxDefinition > 0);
  }

  /**
   * Why data page {@code h} contradicts the footer, or {@code null} if it does not (or is no data
   * page).
   *
   * @param dictionary whether the chunk had a dictionary page before {@code h}
   */
  String contradiction(PageHeader h, boolean dictionary) {
    org.apache.parquet.format.Encoding declared;
    if (h.isSetData_page_header()) {
      declared = h.getData_page_header().getEncoding();
    } else if (h.isSetData_page_header_v2()) {
      declared = h.getData_page_header_v2().getEncoding();
    } else {
      return null;
    }
    Encoding values = known(declared);
    if (values == null) {
      return null; // an encoding this version does not know: parquet-java names it
    }
    if (values.usesDictionary() && !dictionary) {
      return "its values are dictionary ids ("
          + values
          + ") but no dictionary page comes before it in the chunk";
    }
    if (!listed.isEmpty() && !among(listed, values) && !(values.usesDictionary() && dictionary)) {
      return "its values are encoded "
          + values
          + ", which the footer does not list for the chunk "
          + names(listed);
    }
    if (counted != null && !among(counted, values)) {
      return "its values are encoded "
          + values
          + ", which the footer's page encoding statistics do not count for the chunk's data"
          + " pages "
          + names(counted);
    }
    return h.isSetData_page_header() ? levels(h.getData_page_header()) : null;
  }

  private String levels(DataPageHeader h) {
    if (listed.isEmpty() || listed.contains(Encoding.BIT_PACKED)) {
      return null;
    }
    if (repetition && known(h.getRepetition_level_encoding()) == Encoding.BIT_PACKED) {
      return "its repetition levels are encoded BIT_PACKED, which the footer does not list for the"
          + " chunk "
          + names(listed);
    }
    if (definition && known(h.getDefinition_level_encoding()) == Encoding.BIT_PACKED) {
      return "its definition levels are encoded BIT_PACKED, which the footer does not list for the"
          + " chunk "
          + names(listed);
    }
    return null;
  }

  /** Whether {@code set} holds {@code e}, dictionary ids under either name. */
  private static boolean among(Set<Encoding> set, Encoding e) {
    return set.contains(e)
        || e.usesDictionary()
            && (set.contains(Encoding.PLAIN_DICTIONARY) || set.contains(Encoding.RLE_DICTIONARY));
  }

  /** The thrift enum's value as parquet-java's, or {@code null} if it has none. */
  private static Encoding known(org.apache.parquet.format.Encoding e) {
    if (e == null) {
      return null;
    }
    try {
      return Encoding.valueOf(e.name());
    } catch (IllegalArgumentException unknown) {
      return null;
    }
  }

  /** {@code set} in the enum's order, as {@code (A, B)}. */
  private static String names(Set<Encoding> set) {
    String s = EnumSet.copyOf(set).toString();
    return "(" + s.substring(1, s.length() - 1) + ")";
  }
}
