// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;

/**
 * Finds the contradictions inside a decoded footer that parquet-java's conversion to {@code
 * ParquetMetadata} resolves silently, so that no check of the converted footer can see them: a
 * column chunk whose physical type ({@code ColumnMetaData.type}) is not its schema element's
 * (parquet-java keeps the schema's and decodes the chunk's pages as that type: INT64 values read as
 * INT32 become other numbers), and a schema element whose logical type and converted type disagree
 * ({@link ConvertedTypes}). An encrypted column chunk, whose metadata the footer does not hold, has
 * no type to compare.
 */
final class FooterContradictions {
  private FooterContradictions() {}

  /** The first contradiction in {@code footer}, in one line naming the column, or empty. */
  static Optional<String> of(FileMetaData footer) {
    Schema schema = Schema.walk(footer.getSchema());
    if (schema.contradiction != null) {
      return Optional.of(schema.contradiction);
    }
    int rowGroup = 0;
    for (var group : footer.getRow_groups()) {
      rowGroup++;
      for (ColumnChunk chunk : group.getColumns()) {
        ColumnMetaData m = chunk.getMeta_data();
        SchemaElement declared = m == null ? null : schema.leaves.get(m.getPath_in_schema());
        if (declared != null && m.getType() != declared.getType()) {
          return Optional.of(
              chunkType(String.join(".", m.getPath_in_schema()), rowGroup, m, declared.getType()));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The leaf elements of {@code schema} by path, for a schema whose annotations agree (the walk
   * stops at the first that do not); a path that two leaves share (siblings of one name) maps to
   * null.
   */
  static Map<List<String>, SchemaElement> leaves(List<SchemaElement> schema) {
    return Schema.walk(schema).leaves;
  }

  /** The first schema element of {@code schema} whose two annotations disagree, or empty. */
  static Optional<String> annotations(List<SchemaElement> schema) {
    return Optional.ofNullable(Schema.walk(schema).contradiction);
  }

  private static String chunkType(String column, int rowGroup, ColumnMetaData m, Type declared) {
    return "the column chunk of "
        + column
        + " in row group "
        + rowGroup
        + " is "
        + m.getType()
        + " but the schema says "
        + declared;
  }

  /**
   * The schema's leaves by path, with their elements, and its first contradiction, walked as
   * parquet-java converts it: an element with a type is a leaf, any other a group of {@code
   * num_children} elements that follow it (spec: parquet.thrift §FileMetaData.schema, a depth-first
   * flattening). Iterative: a footer's depth is the writer's to choose.
   */
  private static final class Schema {
    // null: two leaves of a path
    private final Map<List<String>, SchemaElement> leaves = new HashMap<>();
    private String contradiction;

    private record Group(List<String> path, int childrenLeft) {}

    static Schema walk(List<SchemaElement> elements) {
      Schema s = new Schema();
      Deque<Group> open = new ArrayDeque<>();
      if (!elements.isEmpty() && elements.get(0).getNum_children() > 0) {
        open.push(new Group(List.of(), elements.get(0).getNum_children()));
      }
      for (int i = 1; i < elements.size() && !open.isEmpty() && s.contradiction == null; i++) {
        Group parent = open.pop();
        if (parent.childrenLeft() > 1) {
          open.push(new Group(parent.path(), parent.childrenLeft() - 1));
        }
        SchemaElement e = elements.get(i);
        List<String> path = new ArrayList<>(parent.path());
        path.add(e.getName());
        if (e.isSetLogicalType()
            && e.isSetConverted_type()
            && !ConvertedTypes.agree(e.getLogicalType(), e.getConverted_type())) {
          s.contradiction =
              "the schema annotates "
                  + String.join(".", path)
                  + " as "
                  + ConvertedTypes.describe(e.getLogicalType())
                  + " (its logical type) and as "
                  + e.getConverted_type()
                  + " (its converted type)";
        }
        if (e.isSetType()) {
          // two leaves of one path (siblings of one name) have no one type: not compared here
          s.leaves.put(path, s.leaves.containsKey(path) ? null : e);
        } else if (e.getNum_children() > 0) {
          open.push(new Group(path, e.getNum_children()));
        }
      }
      return s;
    }
  }
}
