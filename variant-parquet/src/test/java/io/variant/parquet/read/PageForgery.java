// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.SchemaElement;

/**
 * Damage that no page CRC covers, made deliberately: a data page header whose encodings are
 * changed, a footer whose chunk encodings or schema repetition are changed. Page headers and the
 * footer are re-serialized with every offset after them moved ({@link ParquetSurgery}), so that
 * only the forged field is wrong. For the readers' tests in every module.
 */
public final class PageForgery {
  private PageForgery() {}

  /**
   * A copy of {@code file} whose data page {@code page} (0-based, data pages only, v1 or v2) of
   * column {@code column}'s chunk in row group {@code rowGroup} declares its values encoded {@code
   * values}.
   */
  public static byte[] withValuesEncoding(
      byte[] file, String column, int rowGroup, int page, Encoding values) {
    return withDataPageHeader(
        file,
        column,
        rowGroup,
        page,
        h -> {
          if (h.isSetData_page_header()) {
            h.getData_page_header().setEncoding(values);
          } else {
            h.getData_page_header_v2().setEncoding(values);
          }
        });
  }

  /** As {@link #withValuesEncoding}, for the definition levels of a v1 page. */
  public static byte[] withDefinitionLevelEncoding(
      byte[] file, String column, int rowGroup, int page, Encoding levels) {
    return withDataPageHeader(
        file,
        column,
        rowGroup,
        page,
        h -> h.getData_page_header().setDefinition_level_encoding(levels));
  }

  /** The values encodings of the data pages of {@code column}'s chunk in {@code rowGroup}. */
  public static List<Encoding> valuesEncodings(byte[] file, String column, int rowGroup) {
    List<Encoding> out = new ArrayList<>();
    for (ParquetSurgery.Page p : dataPages(ParquetSurgery.of(file), column, rowGroup)) {
      PageHeader h = p.header();
      out.add(
          h.isSetData_page_header()
              ? h.getData_page_header().getEncoding()
              : h.getData_page_header_v2().getEncoding());
    }
    return out;
  }

  /** The encodings the footer lists for {@code column}'s chunk in {@code rowGroup}. */
  public static List<Encoding> chunkEncodings(byte[] file, String column, int rowGroup) {
    return meta(ParquetSurgery.of(file).footer, column, rowGroup).getEncodings();
  }

  /**
   * A copy of {@code file} whose footer lists {@code extra} among the encodings of {@code column}'s
   * chunk in {@code rowGroup}, and (if the chunk has page encoding statistics) drops them: a footer
   * that allows what a forged page header says, so that only decoding can tell.
   */
  public static byte[] withChunkEncodingListed(
      byte[] file, String column, int rowGroup, Encoding extra) {
    ParquetSurgery s = ParquetSurgery.of(file);
    FileMetaData footer = s.footerCopy();
    ColumnMetaData m = meta(footer, column, rowGroup);
    List<Encoding> listed = new ArrayList<>(m.getEncodings());
    listed.add(extra);
    m.setEncodings(listed);
    m.unsetEncoding_stats();
    return s.withFooter(footer);
  }

  /**
   * A copy of {@code file} whose schema element at dotted path {@code path} (e.g. {@code
   * v.typed_value.d}) has repetition {@code repetition}: one footer byte, which moves the maximum
   * definition level of every column below it.
   */
  public static byte[] withRepetition(byte[] file, String path, FieldRepetitionType repetition) {
    ParquetSurgery s = ParquetSurgery.of(file);
    FileMetaData footer = s.footerCopy();
    element(footer.getSchema(), path).setRepetition_type(repetition);
    return s.withFooter(footer);
  }

  /** The schema element at {@code path}, walking the depth-first list by child counts. */
  private static SchemaElement element(List<SchemaElement> schema, String path) {
    String[] names = path.split("\\.");
    int at = 0; // the root
    for (String name : names) {
      int children = schema.get(at).getNum_children();
      int child = at + 1;
      boolean found = false;
      for (int k = 0; k < children; k++) {
        if (schema.get(child).getName().equals(name)) {
          found = true;
          break;
        }
        child = skip(schema, child);
      }
      if (!found) {
        throw new IllegalArgumentException("no schema element " + path);
      }
      at = child;
    }
    return schema.get(at);
  }

  /** The index after the subtree at {@code at}. */
  private static int skip(List<SchemaElement> schema, int at) {
    int children = schema.get(at).isSetNum_children() ? schema.get(at).getNum_children() : 0;
    int next = at + 1;
    for (int k = 0; k < children; k++) {
      next = skip(schema, next);
    }
    return next;
  }

  private interface HeaderEdit {
    void apply(PageHeader h);
  }

  private static byte[] withDataPageHeader(
      byte[] file, String column, int rowGroup, int page, HeaderEdit edit) {
    ParquetSurgery s = ParquetSurgery.of(file);
    ParquetSurgery.Page target = dataPages(s, column, rowGroup).get(page);
    PageHeader forged = target.header().deepCopy();
    edit.apply(forged);
    return s.withPageHeader(chunk(s, column, rowGroup), target, forged);
  }

  private static List<ParquetSurgery.Page> dataPages(
      ParquetSurgery s, String column, int rowGroup) {
    return chunk(s, column, rowGroup).pages().stream()
        .filter(
            p ->
                p.header().getType() == PageType.DATA_PAGE
                    || p.header().getType() == PageType.DATA_PAGE_V2)
        .toList();
  }

  private static ParquetSurgery.Chunk chunk(ParquetSurgery s, String column, int rowGroup) {
    for (ParquetSurgery.Chunk c : s.chunks) {
      if (c.rowGroup() == rowGroup
          && String.join(".", meta(s.footer, c).getPath_in_schema()).equals(column)) {
        return c;
      }
    }
    throw new IllegalArgumentException("no column chunk " + column + " in row group " + rowGroup);
  }

  private static ColumnMetaData meta(FileMetaData footer, ParquetSurgery.Chunk c) {
    return footer.getRow_groups().get(c.rowGroup()).getColumns().get(c.column()).getMeta_data();
  }

  private static ColumnMetaData meta(FileMetaData footer, String column, int rowGroup) {
    return footer.getRow_groups().get(rowGroup).getColumns().stream()
        .map(c -> c.getMeta_data())
        .filter(m -> String.join(".", m.getPath_in_schema()).equals(column))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no column chunk " + column));
  }
}
