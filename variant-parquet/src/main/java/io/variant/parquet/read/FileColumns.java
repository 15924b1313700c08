// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.path.Segment;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * What a file offers: its VARIANT columns (top-level groups annotated VARIANT or shaped like one)
 * with their slot trees, and its ordinary top-level primitive columns. Other groups (VARIANT groups
 * nested in structs or lists included) and repeated columns are not read. Immutable: {@link #of}
 * shares one per schema between readers.
 */
final class FileColumns {
  // the last schemas described, by identity: FooterSchema hands equal footers the same schema
  private static final RecentCache<MessageType, FileColumns> RECENT = new RecentCache<>(16);

  private final MessageType fileSchema;
  private final Map<String, ShreddedSchemaNode> variants = new LinkedHashMap<>();
  private final List<String> plain = new ArrayList<>();
  // requested schemas made so far (up to MAX_REQUESTS), by column selection or column and path: a
  // reader that requests one again gets the same object, and so does what it derives from it
  // (RowConverter's slot trees)
  private final Map<Object, MessageType> requests = new ConcurrentHashMap<>();
  private static final int MAX_REQUESTS = 64;

  /**
   * The columns of {@code fileSchema}: the same object as for the previous readers of the same
   * schema object, since describing a file's VARIANT columns was 2% of a projected read of a
   * 3,000-row file.
   *
   * @throws VariantSchemaException if a VARIANT column's schema is not readable (every time)
   */
  static FileColumns of(MessageType fileSchema) {
    return RECENT.byIdentity(fileSchema, () -> new FileColumns(fileSchema));
  }

  /**
   * @throws VariantSchemaException if a VARIANT column's schema is not readable
   */
  FileColumns(MessageType fileSchema) {
    this.fileSchema = fileSchema;
    for (Type t : fileSchema.getFields()) {
      if (VariantSchema.isVariantGroup(t) && t.getRepetition() != Type.Repetition.REPEATED) {
        variants.put(t.getName(), VariantSchema.describe(t.asGroupType()));
      } else if (PlainColumnConverter.supports(t)) {
        plain.add(t.getName());
      }
    }
  }

  /** Column name → slot tree, in schema order. */
  Map<String, ShreddedSchemaNode> variants() {
    return Collections.unmodifiableMap(variants);
  }

  /** Column name → plan, in schema order. */
  Map<String, ShreddingPlan> plans() {
    Map<String, ShreddingPlan> m = new LinkedHashMap<>();
    variants.forEach((k, v) -> m.put(k, v.plan()));
    return Collections.unmodifiableMap(m);
  }

  /**
   * The schema to request: every readable column (or only those named in {@code columns}, if not
   * null), each VARIANT group pruned of ignorable fields.
   *
   * @throws IllegalArgumentException if {@code columns} names a column the file lacks or cannot
   *     read
   */
  MessageType requestedSchema(Set<String> columns) {
    check(columns);
    return request(columns == null ? List.of() : Set.copyOf(columns), () -> pruned(columns));
  }

  private MessageType pruned(Set<String> columns) {
    List<Type> fields = new ArrayList<>();
    for (Type t : fileSchema.getFields()) {
      String name = t.getName();
      if (columns != null && !columns.contains(name)) {
        continue;
      }
      if (variants.containsKey(name)) {
        fields.add(RequestedSchema.whole(variants.get(name)));
      } else if (plain.contains(name)) {
        fields.add(t);
      }
    }
    return new MessageType(fileSchema.getName(), fields);
  }

  /**
   * Checks a column selection as {@link #requestedSchema(Set)} does, without pruning anything.
   *
   * @throws IllegalArgumentException if {@code columns} names a column the file lacks or cannot
   *     read
   */
  void check(Set<String> columns) {
    if (columns != null) {
      for (String c : columns) {
        if (!variants.containsKey(c) && !plain.contains(c)) {
          throw new IllegalArgumentException(
              "Cannot read column \""
                  + c
                  + "\": the file's readable columns are "
                  + variants.keySet()
                  + " (VARIANT) and "
                  + plain);
        }
      }
    }
  }

  /** The schema to request for one path of one VARIANT column. */
  MessageType requestedSchema(String column, List<Segment> steps) {
    ShreddedSchemaNode node = variants.get(column);
    if (node == null) {
      throw new IllegalArgumentException(
          "Cannot project column \""
              + column
              + "\": the file's VARIANT columns are "
              + variants.keySet());
    }
    return request(
        List.of(column, List.copyOf(steps)),
        () -> new MessageType(fileSchema.getName(), RequestedSchema.forPath(node, steps)));
  }

  /**
   * The scan that answers {@code steps} of VARIANT column {@code column} from one typed column when
   * the statistics allow it, or {@code null} if the path's shape never does ({@link
   * TypedPathScan#of}).
   */
  TypedPathScan typedScan(String column, List<Segment> steps) {
    ShreddedSchemaNode node = variants.get(column);
    return node == null ? null : TypedPathScan.of(node, steps);
  }

  private MessageType request(Object key, Supplier<MessageType> make) {
    MessageType known = requests.get(key);
    if (known == null) {
      known = make.get();
      if (requests.size() < MAX_REQUESTS) {
        requests.putIfAbsent(key, known);
      }
    }
    return known;
  }
}
