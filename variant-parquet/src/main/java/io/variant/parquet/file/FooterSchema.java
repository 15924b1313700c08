// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ColumnChunkProperties;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A footer's schema as parquet-java converts it, with its leaf columns, converted once per distinct
 * schema: files written by one writer share it, and decoding and converting it (and looking up each
 * column chunk's leaf in it) was a third of the footer of a projected read of a 3,000-row file. The
 * last 16 schemas are kept, by the footer bytes of their thrift elements and column orders (which
 * are all the conversion reads), so a footer with the same bytes gets the same immutable {@link
 * MessageType} without decoding them again.
 *
 * <p>Also kept per leaf: the {@link ColumnChunkProperties} (path, type, codec, encodings) last made
 * for one of its chunks, which parquet-java otherwise canonicalizes through a global map for every
 * chunk of every footer, and the page encoding statistics last converted for one. <b>Thread
 * safety:</b> shared by all readers; immutable but for that per-leaf slot, whose racing writers
 * store equal values.
 */
final class FooterSchema {
  // by the footer bytes of the schema and column orders (FileMetaDataReader.schemaBytes)
  private static final RecentCache<byte[][], FooterSchema> RECENT = new RecentCache<>(16);

  /** One leaf's page encoding statistics, as the footer lists them and as parquet-java's. */
  private record Stats(List<PageEncodingStats> listed, EncodingStats stats) {}

  /** One leaf's chunk properties for one codec and list of encodings. */
  private record Chunks(
      CompressionCodec codec, List<Encoding> encodings, ColumnChunkProperties properties) {}

  private final MessageType schema;
  private final String[][] names; // per leaf (schema order): its path
  private final ColumnPath[] paths;
  private final PrimitiveType[] types;
  private final Type[] physical; // per leaf: its type as the footer's chunks state theirs
  private final Map<List<String>, Integer> byPath; // leaf path -> index
  private final Chunks[] lastChunks;
  private final Stats[] lastStats;

  private FooterSchema(MessageType schema) {
    this.schema = schema;
    List<ColumnDescriptor> leaves = schema.getColumns();
    int n = leaves.size();
    names = new String[n][];
    paths = new ColumnPath[n];
    types = new PrimitiveType[n];
    physical = new Type[n];
    lastChunks = new Chunks[n];
    lastStats = new Stats[n];
    byPath = new HashMap<>();
    for (int i = 0; i < n; i++) {
      names[i] = leaves.get(i).getPath();
      paths[i] = ColumnPath.get(names[i]);
      types[i] = leaves.get(i).getPrimitiveType();
      physical[i] = physical(types[i].getPrimitiveTypeName());
      byPath.put(List.of(names[i]), i);
    }
  }

  /**
   * The schema of {@code footer} (its elements and column orders), converted by {@code converter}
   * unless the same bytes were.
   *
   * @throws RuntimeException where parquet-java's conversion throws, or FileMetaDataReader declines
   *     the schema (callers decline the footer)
   */
  static FooterSchema of(ParquetMetadataConverter converter, FileMetaDataReader footer)
      throws IOException {
    FooterSchema known = RECENT.find(footer::sameSchema);
    if (known != null) {
      return known;
    }
    List<SchemaElement> elements = footer.schemaElements();
    if (FooterContradictions.annotations(elements).isPresent()) {
      // kept out of the cache: FooterReader declines the footer, the guard says what is wrong
      throw new IllegalArgumentException("contradictory annotations");
    }
    FileMetaData schemaOnly = new FileMetaData();
    schemaOnly.setSchema(elements);
    schemaOnly.setColumn_orders(footer.metaData().getColumn_orders());
    schemaOnly.setRow_groups(List.of());
    FooterSchema made =
        new FooterSchema(converter.fromParquetMetadata(schemaOnly).getFileMetaData().getSchema());
    RECENT.add(footer.schemaBytes(), made);
    return made;
  }

  /** The converted schema. */
  MessageType schema() {
    return schema;
  }

  /**
   * The index of the leaf at {@code path}, trying {@code hint} first (chunks come in leaf order).
   * Its type is {@code schema.getType(path)}, as {@code MessageType.getColumns} makes it (so even
   * where two fields share a name, parquet-java's conversion finds the same).
   *
   * @throws IllegalArgumentException if no leaf has that path, where {@code schema.getType(path)}
   *     would fail or name a group
   */
  int leaf(List<String> path, int hint) {
    if (hint < names.length && matches(names[hint], path)) {
      return hint;
    }
    Integer i = byPath.get(path);
    if (i == null) {
      throw new IllegalArgumentException("no leaf column " + path);
    }
    return i;
  }

  private static boolean matches(String[] names, List<String> path) {
    if (names.length != path.size()) {
      return false;
    }
    for (int i = 0; i < names.length; i++) {
      if (!names[i].equals(path.get(i))) {
        return false;
      }
    }
    return true;
  }

  ColumnPath path(int leaf) {
    return paths[leaf];
  }

  PrimitiveType type(int leaf) {
    return types[leaf];
  }

  /**
   * The physical type of {@code leaf} in the footer's own terms, as a chunk's metadata states it.
   */
  Type physical(int leaf) {
    return physical[leaf];
  }

  private static Type physical(PrimitiveTypeName name) {
    return switch (name) {
      case BOOLEAN -> Type.BOOLEAN;
      case INT32 -> Type.INT32;
      case INT64 -> Type.INT64;
      case INT96 -> Type.INT96;
      case FLOAT -> Type.FLOAT;
      case DOUBLE -> Type.DOUBLE;
      case BINARY -> Type.BYTE_ARRAY;
      case FIXED_LEN_BYTE_ARRAY -> Type.FIXED_LEN_BYTE_ARRAY;
    };
  }

  /**
   * The properties of a chunk of {@code leaf}, {@code convert} giving its encodings as
   * parquet-java's enum; the same object as for the leaf's previous chunk when those are equal.
   */
  ColumnChunkProperties properties(
      int leaf,
      CompressionCodec codec,
      List<Encoding> encodings,
      Function<List<Encoding>, Set<org.apache.parquet.column.Encoding>> convert) {
    Chunks last = lastChunks[leaf];
    if (last != null && last.codec() == codec && last.encodings().equals(encodings)) {
      return last.properties();
    }
    ColumnChunkProperties made =
        ColumnChunkProperties.get(
            paths[leaf],
            types[leaf],
            CompressionCodecName.valueOf(codec.toString()),
            convert.apply(encodings));
    lastChunks[leaf] = new Chunks(codec, List.copyOf(encodings), made);
    return made;
  }

  /**
   * The page encoding statistics {@code listed} for a chunk of {@code leaf}, converted by {@code
   * convert} (to an immutable object); the same object as for the leaf's previous chunk when the
   * lists are equal (comparing them costs less than hashing them).
   */
  EncodingStats encodingStats(
      int leaf,
      List<PageEncodingStats> listed,
      Function<List<PageEncodingStats>, EncodingStats> convert) {
    Stats last = lastStats[leaf];
    if (last != null && last.listed().equals(listed)) {
      return last.stats();
    }
    EncodingStats made = convert.apply(listed);
    List<PageEncodingStats> kept = new ArrayList<>(listed.size());
    for (PageEncodingStats s : listed) {
      kept.add(s.deepCopy()); // the caller's thrift objects are its own
    }
    lastStats[leaf] = new Stats(kept, made);
    return made;
  }
}
