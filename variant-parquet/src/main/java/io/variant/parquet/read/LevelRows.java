// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.encoding.BinaryConverter;
import io.variant.parquet.file.WriterVersion;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Reads the rows of a requested schema leaf by leaf ({@link LeafColumn}) into the same column state
 * that parquet-java's record assembly fills through {@link RowConverter}: one {@link
 * VariantColumnReader} per VARIANT column (its {@link SlotSource} tree, metadata and errors) and
 * one {@link PlainColumnConverter} per ordinary column. What a row then becomes (a {@code
 * VariantRecord}, a {@link PathValue}) is the caller's, exactly as with the converters; only the
 * way the leaves' values reach the slots differs, which saves the assembly's per-value state
 * machine and group callbacks on files of many columns.
 *
 * <p>A row is read whole (every leaf) before it is rebuilt, so a row whose rebuild fails leaves the
 * leaves at the next row, as with parquet-java's assembly. A row whose reading fails (a value that
 * cannot be decoded, levels no writer produces) leaves its leaves inside it, no longer agreeing on
 * which entries make a row: every later row of the row group then fails too, with that failure as
 * its cause, instead of reading other rows' values. <b>Thread safety:</b> none.
 */
final class LevelRows {
  private final RowConverter row;
  private final LeafColumn[] leaves;
  private final PullCursor[] cursors; // per leaf: its cursor if it is pulled, else null
  private final VariantColumnReader[] variants;
  private final ParsedVersion writer;
  private int at; // the row group's next row
  private RuntimeException failed; // the failure of a row of this row group, which ends its reading
  private int failedRow;
  private ColumnDescriptor failedLeaf; // the leaf whose pages that failure was met in, or null

  /**
   * @param requested a schema that {@link FileColumns#requestedSchema} produced
   * @param createdBy the file's {@code created_by}, which tells parquet-java's decoders which known
   *     writer bugs to work around
   * @param pull whether the rows are rebuilt whole ({@link VariantColumnReader#rebuild}): then the
   *     leaves outside lists of shredded spec-layout columns are pulled ({@link PullSource}), not
   *     pushed into the slots (which a projection reads)
   */
  LevelRows(MessageType requested, RebuildOptions options, String createdBy, boolean pull) {
    this.row = new RowConverter(requested, options);
    List<LeafColumn> out = new ArrayList<>();
    for (int i = 0; i < requested.getFieldCount(); i++) {
      Type field = requested.getType(i);
      String[] path = {field.getName()};
      VariantColumnReader c = row.variantColumn(i);
      if (c == null) {
        LeafColumn leaf = new LeafColumn(requested.getColumnDescription(path), new int[0][], null);
        leaf.converter((PrimitiveConverter) row.getConverter(i));
        out.add(leaf);
      } else {
        int[][] root = {{LeafSteps.ROOT, requested.getMaxDefinitionLevel(path), 0}};
        GroupType g = field.asGroupType();
        PullSource p =
            new Leaves(requested, c, out, pull && pullable(c.root.node, g))
                .slot(c.root.node, g, path, root, true, c.root);
        c.pull(p);
      }
    }
    this.leaves = out.toArray(new LeafColumn[0]);
    List<VariantColumnReader> variants = new ArrayList<>();
    for (int i = 0; i < requested.getFieldCount(); i++) {
      if (row.variantColumn(i) != null) {
        variants.add(row.variantColumn(i));
      }
    }
    this.variants = variants.toArray(new VariantColumnReader[0]);
    this.cursors = new PullCursor[leaves.length];
    for (int i = 0; i < leaves.length; i++) {
      cursors[i] = leaves[i].pulled() ? leaves[i].cursor : null;
    }
    this.writer = WriterVersion.parse(createdBy);
  }

  /**
   * True if the column's leaves outside lists can be pulled: the spec layout with its metadata leaf
   * (which starts the column's group for the lists' leaves) and a typed part (an unshredded column
   * has nothing to gain).
   */
  private static boolean pullable(ShreddedSchemaNode node, GroupType g) {
    return node.layout().hasMetadataColumn()
        && g.containsField(VariantSchema.METADATA)
        && node.typedField() != null
        && g.containsField(node.typedField())
        && covered(node, g);
  }

  /**
   * True if every field of the slot's typed object (recursively, outside lists) has a leaf outside
   * lists, which tells a {@link PullSource} whether the field and the object are present.
   */
  private static boolean covered(ShreddedSchemaNode node, GroupType g) {
    if (node.shape() != ShreddingPlan.Shape.OBJECT || !g.containsField(node.typedField())) {
      return true;
    }
    GroupType object = g.getType(node.typedField()).asGroupType();
    for (int i = 0; i < object.getFieldCount(); i++) {
      ShreddedSchemaNode f = node.fields().get(i);
      GroupType fg = object.getType(i).asGroupType();
      if (!flatLeaf(f, fg) || !covered(f, fg)) {
        return false;
      }
    }
    return object.getFieldCount() > 0;
  }

  /** True if the slot {@code node} (group {@code g}) has a leaf outside lists. */
  private static boolean flatLeaf(ShreddedSchemaNode node, GroupType g) {
    if (node.valueField() != null && g.containsField(node.valueField())) {
      return true;
    }
    if (node.typedField() == null || !g.containsField(node.typedField())) {
      return false;
    }
    return switch (node.shape()) {
      case SCALAR -> true;
      case OBJECT -> {
        GroupType object = g.getType(node.typedField()).asGroupType();
        for (int i = 0; i < object.getFieldCount(); i++) {
          if (flatLeaf(node.fields().get(i), object.getType(i).asGroupType())) {
            yield true;
          }
        }
        yield false;
      }
      default -> false;
    };
  }

  /** The column state the leaves fill: the caller turns it into its row. */
  RowConverter columns() {
    return row;
  }

  /** Starts a row group. */
  void open(PageReadStore pages) {
    at = 0;
    failed = null;
    failedLeaf = null;
    for (LeafColumn leaf : leaves) {
      try {
        leaf.open(pages, writer); // reads its dictionary page and its first data page
      } catch (RuntimeException e) {
        failedLeaf = leaf.descriptor;
        throw e;
      }
    }
  }

  /**
   * Reads the row group's next row into {@link #columns()}.
   *
   * @throws io.variant.parquet.VariantParquetException naming the column if the row's leaves
   *     disagree ({@link VariantColumnReader#setLevelFault}); the leaves are at the next row
   */
  void readRow() {
    int r = at++;
    if (failed != null) {
      throw new ParquetDecodingException(
          "Cannot read row " + r + " of the row group: row " + failedRow + " could not be decoded",
          failed);
    }
    row.start();
    LeafColumn[] all = leaves;
    PullCursor[] pulled = cursors;
    int i = 0;
    try {
      for (; i < all.length; i++) {
        PullCursor c = pulled[i];
        if (c != null) {
          if (r >= c.skipUntil) { // else the row's level is the last one's
            c.readRow(r); // no call through the leaf: its fields stay untouched
          }
        } else {
          all[i].readRow();
        }
      }
    } catch (RuntimeException e) {
      failed = e;
      failedRow = r;
      failedLeaf = all[i].descriptor;
      throw e;
    }
    for (VariantColumnReader c : variants) {
      if (c.levelFault() != null) {
        throw c.levelFault();
      }
    }
  }

  /**
   * The leaf whose pages the row group's failure was met in (its dictionary or a page that does not
   * decode, levels outside the column's), or {@code null}: the decoders' exceptions name no column.
   */
  ColumnDescriptor failedLeaf() {
    return failedLeaf;
  }

  /** A slot's residual {@code value} column: the slot's {@code setResidual}. */
  static final class ResidualConverter extends BinaryConverter {
    private final SlotTarget owner;

    ResidualConverter(SlotTarget owner) {
      this.owner = owner;
    }

    @Override
    protected void accept(byte[] bytes, int dictionaryId) {
      owner.current().setResidual(bytes);
    }
  }

  /** Builds the leaves of one VARIANT column, walking its slots as {@link SlotConverter} does. */
  private record Leaves(
      MessageType schema, VariantColumnReader column, List<LeafColumn> out, boolean pull) {
    /**
     * The leaves under slot {@code node}, whose group {@code g} is at {@code path}, reached by
     * {@code steps}; returns the slot's {@link PullSource} if the leaves are pulled and the slot is
     * outside lists ({@code tree}, its source in the column's tree, is then non-null), else null.
     */
    PullSource slot(
        ShreddedSchemaNode node,
        GroupType g,
        String[] path,
        int[][] steps,
        boolean top,
        SlotSource tree) {
      PullSource p =
          pull && tree != null ? new PullSource(column, tree, steps[steps.length - 1][1]) : null;
      for (Type f : g.getFields()) {
        String name = f.getName();
        String[] at = append(path, name);
        if (top && name.equals(VariantSchema.METADATA)) {
          leaf(at, steps).converter(new MetadataConverter(column));
        } else if (name.equals(node.valueField())) {
          LeafColumn leaf = leaf(at, steps);
          leaf.converter(new ResidualConverter(leaf));
          if (p != null) {
            p.residualLeaf(leaf.pull(node), schema.getMaxDefinitionLevel(at));
          }
        } else if (name.equals(node.typedField())) {
          typed(node, f, at, steps, tree, p);
        } else {
          // Invariant: RequestedSchema keeps only the slot's residual, typed child and metadata.
          throw new IllegalArgumentException(
              "Cannot read field " + String.join(".", at) + ": not part of the requested schema");
        }
      }
      return p == null ? null : p.done();
    }

    /**
     * The leaves under a slot's typed child {@code f}, at {@code at}; {@code tree} and {@code p} as
     * in {@link #slot}.
     */
    private void typed(
        ShreddedSchemaNode node,
        Type f,
        String[] at,
        int[][] steps,
        SlotSource tree,
        PullSource p) {
      int d = schema.getMaxDefinitionLevel(at); // where the typed child exists
      switch (node.shape()) {
        case SCALAR -> {
          LeafColumn leaf = leaf(at, steps);
          leaf.converter(ScalarConverters.create(node.shreddedType(), leaf, String.join(".", at)));
          if (p != null) {
            p.scalarLeaf(leaf.pull(node), d);
          }
        }
        case OBJECT -> {
          GroupType object = f.asGroupType();
          int[][] inObject = append(steps, LeafSteps.OBJECT, d, 0);
          PullSource[] fields = new PullSource[object.getFieldCount()];
          for (int i = 0; i < object.getFieldCount(); i++) {
            Type field = object.getType(i);
            String[] fieldPath = append(at, field.getName());
            int defined = schema.getMaxDefinitionLevel(fieldPath);
            int first = out.size();
            ShreddedSchemaNode fieldNode = node.fields().get(i);
            fields[i] =
                slot(
                    fieldNode,
                    field.asGroupType(),
                    fieldPath,
                    append(inObject, LeafSteps.FIELD, defined, i),
                    false,
                    tree == null ? null : tree.fieldSlot(i));
            if (out.size() > first
                && NullFieldGroups.refused(fieldNode)
                && !column.nullFieldGroupIsMissing) {
              out.get(first).nullGroups.add(defined - 1, fieldNode); // its group's first leaf
            }
          }
          if (p != null) {
            p.object(fields, d);
          }
        }
        case ARRAY -> {
          GroupType list = f.asGroupType();
          GroupType repeated = list.getType(0).asGroupType();
          GroupType element = repeated.getType(0).asGroupType();
          String[] repeatedPath = append(at, repeated.getName());
          int[][] inList =
              append(
                  append(steps, LeafSteps.LIST, d, 0),
                  LeafSteps.ELEMENT,
                  schema.getMaxDefinitionLevel(repeatedPath),
                  schema.getMaxRepetitionLevel(repeatedPath));
          int from = out.size();
          slot(
              node.element(),
              element,
              append(repeatedPath, element.getName()),
              inList,
              false,
              null);
          ListAgreement.OfList counted = new ListAgreement.OfList(String.join(".", at));
          for (LeafColumn leaf : out.subList(from, out.size())) {
            leaf.counts.add(inList.length - 1, counted); // in the order rows read them
          }
          if (p != null) {
            p.list();
            if (tree.hasLeafElements()) { // its leaves read their well-formed rows as runs
              boolean root = steps[steps.length - 1][0] == LeafSteps.ROOT;
              for (LeafColumn leaf : out.subList(from, out.size())) {
                int max = leaf.descriptor.getMaxDefinitionLevel();
                leaf.pullAbove(new ScalarListRows(column, tree, root, inList, max, leaf.counts));
              }
            }
          }
        }
        case RESIDUAL -> throw new AssertionError(node); // only slots with a typed child get here
      }
    }

    private LeafColumn leaf(String[] path, int[][] steps) {
      LeafColumn leaf = new LeafColumn(schema.getColumnDescription(path), steps, column);
      if (pull && leaf.descriptor.getMaxRepetitionLevel() > 0) {
        leaf.pullAbove(null);
      }
      out.add(leaf);
      return leaf;
    }

    private static String[] append(String[] path, String name) {
      String[] p = Arrays.copyOf(path, path.length + 1);
      p[path.length] = name;
      return p;
    }

    private static int[][] append(int[][] steps, int kind, int defined, int arg) {
      int[][] s = Arrays.copyOf(steps, steps.length + 1);
      s[steps.length] = new int[] {kind, defined, arg};
      return s;
    }
  }
}
