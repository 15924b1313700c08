// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.encoding.BinaryConverter;
import io.variant.parquet.encoding.LeafPages;
import io.variant.parquet.file.FooterReader;
import io.variant.parquet.file.WriterVersion;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingException;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.TypedScalarRebuild;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * A projection that one typed column answers on every row: the path follows typed objects, key by
 * key, down to a typed scalar of the spec layout, and the footer's statistics show for every row
 * group that the scalar's residual {@code value} holds only nulls. Each row's answer is then in the
 * scalar's {@code typed_value} column alone:
 *
 * <ul>
 *   <li>a value there is the path's value: a shredded key never lives in its object's residual
 *       (VariantShredding §Objects), so no residual and no dictionary can change it;
 *   <li>a null there is SQL NULL when its definition level says the VARIANT group is null, and
 *       otherwise the path is absent: the scalar is missing (its residual is null), or a typed
 *       object on the way is null, whose slot then holds no object (VariantShredding §Objects),
 *       just as {@link PathResolver} reads such a row without that slot's residual ({@link
 *       RequestedSchema}).
 * </ul>
 *
 * The read requests that column and the scalar's residual, all null (its definition levels alone, a
 * few bytes a page), instead of them plus the metadata (usually the biggest column after the
 * top-level residual). The ids, timestamps and optional typed fields of an event log are such
 * paths. For the path {@code $} of a typed scalar column, whose typed null would leave the answer
 * to the residual, the typed column must also hold no null.
 *
 * <p><b>Statistics</b> are checked as the rows are read: a residual value that the residual
 * column's null count hides fails its row, beside a typed value as the rebuild refuses a typed
 * value and a residual that are both set (only a partially shredded object holds both:
 * VariantShredding §Objects), else with an error naming the column; so does a null that the typed
 * column's count hides in a {@code $} scan. Rows are otherwise the same as {@link PathResolver}
 * gives, values and errors alike.
 */
final class TypedPathScan {
  private final String column;
  private final VariantPath path;
  private final ShreddedSchemaNode end;
  private final ColumnPath typedPath;
  private final ColumnPath valuePath; // the end's residual column, or null when it has none
  private final GroupType requested;
  private final boolean wholeValue; // the path is $: a typed null leaves the answer to the residual

  private TypedPathScan(
      String column,
      VariantPath path,
      ShreddedSchemaNode end,
      ColumnPath typedPath,
      ColumnPath valuePath,
      GroupType requested,
      boolean wholeValue) {
    this.column = column;
    this.path = path;
    this.wholeValue = wholeValue;
    this.end = end;
    this.typedPath = typedPath;
    this.valuePath = valuePath;
    this.requested = requested;
  }

  /**
   * The scan of {@code steps} from VARIANT column {@code root}, or {@code null} if the path does
   * not lead through typed objects to a typed scalar that a scan reads as the rebuild would (a
   * decimal, whose values may not fit the column's precision, is left to the rebuild).
   */
  static TypedPathScan of(ShreddedSchemaNode root, List<Segment> steps) {
    if (!root.layout().hasMetadataColumn()) {
      return null;
    }
    List<ShreddedSchemaNode> chain = new ArrayList<>();
    ShreddedSchemaNode node = root;
    for (Segment step : steps) {
      if (!(step instanceof Segment.Key key)
          || node.shape() != ShreddingPlan.Shape.OBJECT
          || !node.hasTyped()) {
        return null;
      }
      chain.add(node);
      int i = node.fieldIndex(key.name());
      if (i < 0) {
        return null;
      }
      node = node.fields().get(i);
      if (NullFieldGroups.refused(node)) {
        return null; // a null group fails its row, which the typed column alone cannot tell
      }
    }
    if (node.shape() != ShreddingPlan.Shape.SCALAR
        || !node.hasTyped()
        || node.shreddedType().kind() == ShreddedType.Kind.DECIMAL) {
      return null;
    }
    // the leaf's path: the column, then each object's typed child and the field's group name
    List<String> leaf = new ArrayList<>();
    leaf.add(root.group().getName());
    for (int i = 0; i < chain.size(); i++) {
      leaf.add(chain.get(i).typedField());
      leaf.add((i + 1 < chain.size() ? chain.get(i + 1) : node).group().getName());
    }
    return new TypedPathScan(
        root.group().getName(),
        VariantPath.of(steps),
        node,
        append(leaf, node.typedField()),
        node.hasValue() ? append(leaf, node.valueField()) : null,
        narrow(chain, 0, node),
        chain.isEmpty());
  }

  private static ColumnPath append(List<String> path, String last) {
    String[] a = path.toArray(new String[path.size() + 1]);
    a[path.size()] = last;
    return ColumnPath.get(a);
  }

  /** {@code chain[i]}'s group with only the typed child that leads to {@code end}'s typed leaf. */
  private static GroupType narrow(List<ShreddedSchemaNode> chain, int i, ShreddedSchemaNode end) {
    ShreddedSchemaNode node = i < chain.size() ? chain.get(i) : end;
    GroupType g = node.group();
    Type typed = g.getType(node.typedField());
    if (i == chain.size()) {
      List<Type> kept = new ArrayList<>(); // the scalar's residual too, in the file's order
      for (Type f : g.getFields()) {
        if (f == typed || node.hasValue() && f.getName().equals(node.valueField())) {
          kept.add(f);
        }
      }
      return g.withNewFields(kept);
    }
    return g.withNewFields(typed.asGroupType().withNewFields(narrow(chain, i + 1, end)));
  }

  /**
   * True if {@code footer} shows, in every row group, nothing but nulls in the residual column
   * (and, for {@code $}, no null in the typed one), by the chunks' null counts, which even a footer
   * read without statistics keeps ({@link FooterReader#nullCount}).
   */
  boolean provenBy(ParquetMetadata footer) {
    for (BlockMetaData group : footer.getBlocks()) {
      ColumnChunkMetaData typed = chunk(group, typedPath);
      if (typed == null
          || typed.getValueCount() != group.getRowCount()
          || (wholeValue && FooterReader.nullCount(typed) != 0)) {
        return false;
      }
      ColumnChunkMetaData value = valuePath == null ? null : chunk(group, valuePath);
      if (value != null && FooterReader.nullCount(value) != value.getValueCount()) {
        return false;
      }
    }
    return true;
  }

  private static ColumnChunkMetaData chunk(BlockMetaData group, ColumnPath path) {
    for (ColumnChunkMetaData c : group.getColumns()) {
      if (path.equals(c.getPath())) {
        return c;
      }
    }
    return null;
  }

  /** The schema the scan requests: the typed chain down to the one leaf. */
  MessageType requestedSchema(String fileSchemaName) {
    return new MessageType(fileSchemaName, requested);
  }

  /** The rows, as {@link LevelSource#path} would give them under {@code options}. */
  RowCursor.Source<PathValue> rows(MessageType requestedSchema, VariantReadOptions options) {
    return new Rows(requestedSchema, options);
  }

  private final class Rows extends RowCursor.Source<PathValue> implements SlotTarget {
    private final MessageType schema;
    private final ColumnDescriptor leaf;
    private final ColumnDescriptor residualLeaf; // the scalar's residual, or null
    private final ResidualBytes residual = new ResidualBytes();
    private final int presentAt; // the definition level at which the VARIANT group is non-null
    private final SlotSource slot;
    private final PrimitiveConverter converter;
    private final TypedScalarRebuild scalar;
    private final RebuildOptions rebuildOptions;
    private final Consumer<PathValue> validator;
    private Rebuilder rebuilder; // made for a value the scalar rebuild declines: it reports it
    private ParsedVersion writer;
    private LeafPages values; // the row group's chunk of the typed column
    private long left; // its entries not read yet
    private LeafPages residuals; // the row group's chunk of the residual column
    private long residualsLeft;
    private ColumnDescriptor failing; // the leaf whose pages are being read, else null

    Rows(MessageType schema, VariantReadOptions options) {
      this.schema = schema;
      this.leaf = schema.getColumnDescription(typedPath.toArray());
      this.residualLeaf =
          valuePath == null ? null : schema.getColumnDescription(valuePath.toArray());
      this.presentAt = schema.getMaxDefinitionLevel(column);
      this.slot = SlotSource.alone(end, null);
      this.converter = ScalarConverters.create(end.shreddedType(), this, end.path());
      this.rebuildOptions = options.rebuild();
      this.scalar = new TypedScalarRebuild(end.shreddedType(), rebuildOptions);
      this.validator = FullValidation.path(column, path, options.validation());
    }

    @Override
    public SlotSource current() {
      return slot;
    }

    @Override
    MessageType open(FileMetaData meta, ParquetConfiguration configuration) {
      writer = WriterVersion.parse(meta.getCreatedBy());
      return schema;
    }

    @Override
    void startRowGroup(PageReadStore pages) {
      // the level reader's page decoding, not parquet-java's column reader: its level and value
      // decoders trust run lengths and sizes read from the page (damaged pages allocate or loop)
      failing = leaf; // its dictionary page and first data page are read here
      values = new LeafPages(leaf, pages.getPageReader(leaf), converter, writer);
      left = values.total();
      if (residualLeaf != null) {
        failing = residualLeaf;
        residuals =
            new LeafPages(residualLeaf, pages.getPageReader(residualLeaf), residual, writer);
        residualsLeft = residuals.total();
      }
      failing = null;
    }

    @Override
    ColumnDescriptor failedLeaf() {
      return failing;
    }

    @Override
    PathValue read() {
      byte[] hidden = residualEntry();
      failing = leaf;
      if (left-- <= 0) {
        throw LeafPages.exhausted(leaf);
      }
      int d = values.definition();
      if (d != leaf.getMaxDefinitionLevel()) {
        PathValue absent = nullAt(d);
        if (hidden != null) {
          failing = residualLeaf; // the path's value, which the scan does not read
          throw LeafPages.damaged(
              residualLeaf, "it holds a value where its row group's statistics count none");
        }
        failing = null;
        return absent;
      }
      values.writeValue();
      values.consume();
      failing = null;
      if (hidden != null) {
        throw conflict(hidden);
      }
      Variant v = scalar.rebuild(slot);
      if (v == null) {
        v = declined();
      }
      PathValue p = PathValue.of(v, true);
      if (validator != null) {
        validator.accept(p);
      }
      return p;
    }

    /** The row whose typed value is null at definition level {@code d} (see the class comment). */
    private PathValue nullAt(int d) {
      if (d < 0 || d > leaf.getMaxDefinitionLevel()) {
        throw LeafPages.outside(leaf, d);
      }
      values.consume(); // the entry is read: the next row is the next entry
      if (wholeValue) {
        throw LeafPages.damaged(
            leaf, "it holds a null where its row group's statistics count none");
      }
      return d < presentAt ? PathValue.SQL_NULL : PathValue.absent(true);
    }

    /** The row's entry of the residual column: its bytes, or {@code null} (null, or none). */
    private byte[] residualEntry() {
      if (residuals == null) {
        return null;
      }
      failing = residualLeaf;
      if (residualsLeft-- <= 0) {
        throw LeafPages.exhausted(residualLeaf);
      }
      int d = residuals.definition();
      if (d < 0 || d > residualLeaf.getMaxDefinitionLevel()) {
        throw LeafPages.outside(residualLeaf, d);
      }
      residual.bytes = null;
      if (d == residualLeaf.getMaxDefinitionLevel()) {
        residuals.writeValue();
      }
      residuals.consume();
      failing = null;
      return residual.bytes;
    }

    /**
     * A typed value with residual {@code bytes} beside it, refused in the rebuild's words (the
     * metadata is not read: the residual's type is read from its header alone).
     */
    private VariantParquetException conflict(byte[] bytes) {
      String type;
      try {
        type = Variant.of(TypedScalarRebuild.NO_KEYS, bytes, 0, bytes.length).type().toString();
      } catch (VariantException e) {
        type = "malformed";
      }
      ShreddingException e =
          new ShreddingException(
              "$",
              "conflicting value and typed_value: typed_value "
                  + end.shreddedType()
                  + " is set and so is value ("
                  + type
                  + ")");
      return PathResolver.failure(column, path, e.at(path.toString()));
    }

    /** The value the scalar rebuild declined, through the rebuild, which reports why. */
    private Variant declined() {
      if (rebuilder == null) {
        rebuilder = Rebuilder.of(end.plan(), rebuildOptions);
      }
      try {
        return rebuilder.rebuild(TypedScalarRebuild.NO_KEYS, slot);
      } catch (ShreddingException e) {
        throw PathResolver.failure(column, path, e.at(path.toString()));
      } catch (VariantException e) {
        throw PathResolver.failure(column, path, e);
      }
    }
  }

  /** The residual column's value of the current row, as its bytes. */
  private static final class ResidualBytes extends BinaryConverter {
    private byte[] bytes;

    @Override
    protected void accept(byte[] value, int dictionaryId) {
      bytes = value;
    }
  }
}
