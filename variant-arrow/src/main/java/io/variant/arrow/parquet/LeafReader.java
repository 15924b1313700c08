// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.parquet.encoding.LeafPages;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * One Parquet leaf column read into its Arrow vector, a batch of rows at a time: entry by entry
 * from our page decoders ({@link LeafPages}), each value handed straight to the vector, and the
 * struct and list vectors this leaf {@linkplain VectorNode#owner owns} advanced by the entry's
 * levels. Levels that no writer produces fail as damage naming the column: a repetition level that
 * continues a list never started, a definition level above the maximum, slots or elements that
 * other leaves under the same vectors do not have ({@link ListAgreement}).
 */
final class LeafReader {
  final ColumnDescriptor descriptor;
  private final VectorNode[] owned; // top down; this leaf's own vector's node is not among them
  private final VectorNode parent; // the struct holding the leaf's vector, or null at the top
  private final int depth; // the leaf's own slots: as VectorNode#depth
  private final int elementDefinition;
  private final int maxDefinition;
  private final boolean flat; // no repeated group above it: one entry per row
  // by definition level: the repeated groups an entry of that level is inside of (an element of
  // each exists), so the most the next entry's repetition level may be
  private final int[] openGroups;
  private final ListAgreement lists; // the lists above it that other leaves write, or null
  private final SlotConverter.Slot slot = new SlotConverter.Slot();
  private final PrimitiveConverter converter;
  private final LeafBuffers buffers;
  private LeafPages pages;
  private long left; // entries of the chunk not yet read
  private int slots;

  /**
   * @param ancestors the struct and list vectors above the leaf, top down; the leaf becomes the
   *     owner of those that have none yet
   * @param elementDefinitions for each repeated group above the leaf (or the leaf itself), outer
   *     first, the definition level at which an element of it exists
   */
  LeafReader(
      ColumnDescriptor descriptor,
      FieldVector vector,
      List<VectorNode> ancestors,
      int depth,
      int elementDefinition,
      int[] elementDefinitions) {
    this.descriptor = descriptor;
    List<VectorNode> mine = new ArrayList<>();
    for (VectorNode n : ancestors) {
      if (n.owner == null) {
        n.owner = this;
        mine.add(n);
      }
    }
    this.owned = mine.toArray(new VectorNode[0]);
    this.lists = ListAgreement.of(String.join(".", descriptor.getPath()), ancestors, this);
    this.parent = ancestors.isEmpty() ? null : ancestors.get(ancestors.size() - 1);
    this.depth = depth;
    this.elementDefinition = elementDefinition;
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.flat = descriptor.getMaxRepetitionLevel() == 0;
    if (elementDefinitions.length != descriptor.getMaxRepetitionLevel()) {
      throw new IllegalArgumentException(
          "column " + String.join(".", descriptor.getPath()) + ": repeated groups do not match");
    }
    this.openGroups = new int[maxDefinition + 1];
    for (int d = 0; d <= maxDefinition; d++) {
      for (int e : elementDefinitions) {
        openGroups[d] += d >= e ? 1 : 0;
      }
    }
    SlotConverter.Bound bound = SlotConverter.of(vector, descriptor.getPrimitiveType(), slot);
    this.converter = bound.converter();
    this.buffers = bound.buffers();
  }

  /** Starts the leaf's chunk in a new row group. */
  void open(PageReadStore rowGroup, ParsedVersion writer) {
    pages = new LeafPages(descriptor, rowGroup.getPageReader(descriptor), converter, writer);
    left = pages.total();
  }

  /**
   * Resets the counts of a new batch, whose first row is the file's row {@code firstRow} (the
   * vectors are reset by the caller).
   */
  void startBatch(long firstRow) {
    slots = 0;
    if (lists != null) {
      lists.startBatch(firstRow);
    }
    buffers.startBatch();
    for (VectorNode n : owned) {
      n.startBatch();
    }
  }

  /**
   * Reads the entries of the next {@code rows} rows.
   *
   * @throws ParquetDecodingException if the chunk ends before them
   */
  void read(int rows) {
    if (flat) {
      readFlat(rows);
    } else {
      readNested(rows);
      if (lists != null) {
        lists.finish(rows - 1);
      }
    }
    buffers.finishBatch(slots);
    for (VectorNode n : owned) {
      n.finishBatch();
    }
    // A leaf beside others under one struct has a slot wherever the struct has one; a file whose
    // sibling leaves disagree would otherwise pair one leaf's values with another's rows.
    if (parent != null && parent.slotsStarted() != slots) {
      throw new ParquetDecodingException(
          "column "
              + String.join(".", descriptor.getPath())
              + " holds "
              + slots
              + " entries in rows where the columns beside it hold "
              + parent.slotsStarted()
              + " (the file is damaged)");
    }
  }

  /** A leaf under lists: entry by entry, each starting slots where its levels say. */
  private void readNested(int rows) {
    int started = 0;
    int open = 0; // a batch starts at a row: inside no list
    VectorNode[] nodes = owned;
    while (left > 0) {
      int r = pages.repetition();
      if (r == 0 && started++ == rows) {
        return;
      }
      int d = pages.definition();
      // An entry continues a list only inside an element of it: a damaged page's levels could
      // otherwise add an element to a list this batch never started, at an address of no slot.
      if (r > open || d > maxDefinition) {
        throw badLevels(r, d, open);
      }
      open = openGroups[d];
      if (lists != null) {
        lists.entry(r, d, started - 1);
      }
      for (VectorNode n : nodes) {
        if (n.starts(r, d)) {
          n.start(d);
        }
      }
      if (r <= depth && d >= elementDefinition) {
        int at = slots++;
        if (d == maxDefinition) {
          slot.at = at;
          pages.writeValue();
        }
      }
      pages.consume();
      left--;
    }
    if (started < rows) {
      throw endsEarly(started);
    }
  }

  /**
   * A leaf outside lists: an entry per row, so the decoded definition levels are taken a run at a
   * time, without looking at repetition levels.
   */
  private void readFlat(int rows) {
    int done = 0;
    VectorNode[] nodes = owned;
    while (done < rows && left > 0) {
      int from = pages.position();
      int n = (int) Math.min(Math.min(pages.decoded() - from, rows - done), left);
      int[] definitions = pages.definitions();
      // the structs above first, a loop each, then the values
      for (VectorNode node : nodes) {
        node.startFlat(definitions, from, n);
      }
      int first = slots - from;
      int highest = 0;
      for (int k = from; k < from + n; k++) {
        int d = definitions[k];
        highest = Math.max(highest, d);
        if (d == maxDefinition) {
          slot.at = first + k;
          pages.writeValue();
        }
      }
      if (highest > maxDefinition) {
        throw badLevels(0, highest, 0);
      }
      slots += n;
      pages.consume(n);
      left -= n;
      done += n;
    }
    if (done < rows) {
      throw endsEarly(done);
    }
  }

  private ParquetDecodingException badLevels(int r, int d, int open) {
    String column = "column " + String.join(".", descriptor.getPath());
    return new ParquetDecodingException(
        d > maxDefinition
            ? column
                + " has a definition level of "
                + d
                + ", above the column's maximum "
                + maxDefinition
                + " (the page is damaged)"
            : column
                + " has an entry of repetition level "
                + r
                + " where the entries before it allow at most "
                + open
                + " (the page is damaged)");
  }

  private ParquetDecodingException endsEarly(int rows) {
    return new ParquetDecodingException(
        "column "
            + String.join(".", descriptor.getPath())
            + " ends after "
            + rows
            + " of the row group's rows");
  }
}
