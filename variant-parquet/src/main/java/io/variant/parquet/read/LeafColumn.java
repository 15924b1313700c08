// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static io.variant.parquet.read.LeafSteps.ELEMENT;
import static io.variant.parquet.read.LeafSteps.FIELD;
import static io.variant.parquet.read.LeafSteps.LIST;
import static io.variant.parquet.read.LeafSteps.OBJECT;
import static io.variant.parquet.read.LeafSteps.ROOT;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.encoding.LeafPages;
import io.variant.parquet.schema.ShreddedSchemaNode;
import java.util.Arrays;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * One leaf column of the requested schema, read straight from its column chunk a page at a time
 * ({@link LeafPages} decodes levels and values) without parquet-java's record assembly: for every
 * entry of a row, the entry's definition and repetition levels say which slot of the row it belongs
 * to, and its value goes to that slot through the leaf's converter. The mirror of {@code
 * write.LevelSink}.
 *
 * <p>A leaf knows the chain of groups from its VARIANT column down to it ({@link LeafSteps}). An
 * entry walks the steps while its definition level says the group exists; the first leaf of a row
 * to reach a group starts it in the row's {@link SlotSource} tree, the others find it started, so
 * the leaves of one column can be read one after the other. In a list, each leaf counts its own
 * elements from the repetition levels (a new list below level {@code R}, a new element at {@code
 * R}, the same element above it). Ordinary columns have no steps.
 *
 * <p>Levels that no writer produces fail naming the column, as the batch reader refuses them: a
 * definition level above the leaf's maximum ({@link ParquetDecodingException}, as damaged pages
 * fail inside parquet-java), and a repetition level that continues a list the entry before it is
 * not inside of, a row that does not start at 0 included ({@link VariantParquetException}). Leaves
 * of one column that disagree fail the row once all its leaves are read: a list whose elements they
 * count differently or one says is null where another holds it ({@link ListAgreement}), and a field
 * group that the layout requires and its first leaf says is null ({@link NullGroupLevels}).
 */
final class LeafColumn implements SlotTarget {
  final ColumnDescriptor descriptor;
  private final VariantColumnReader column; // null for an ordinary column
  private final int[] kinds;
  private final int[] definedAt; // per step: the definition level at which its group exists
  private final int[] args; // FIELD: the field's index; ELEMENT: the list's repetition level
  private final int[] index; // ELEMENT: the element of the current entry, -1 if none
  private final int[] elementStep; // per repetition level: the ELEMENT step of that list, or -1
  // the repetition level of the list whose ELEMENT is the last step (leaves of scalar elements),
  // or -1; and that step
  private final int lastElementLevel;
  private final int lastStep;
  private final LeafSteps chain;
  private final SlotSource[] before; // per step: the source the last entry entered it with
  private final SlotSource[] fixed; // per step above the first list: its source
  private final FlatSlots flatSlots; // outside lists: where the entries go; else null
  private final int prefix; // the steps above the first list (all of them outside lists)
  private int walked; // steps the last entry walked
  private final int maxDefinition;
  private final int maxRepetition;
  private PrimitiveConverter converter;
  private int raw; // how runs of elements may take values as raw bits: ScalarConverters#rawKind
  private SlotSource target;
  private LeafPages reader;
  // Outside lists: values decoded ahead with the levels, and the batch of levels and values that
  // rows read (in the cursor: a row touches it, not this object's or the reader's fields)
  private FlatValues flat;
  final PullCursor cursor; // null in a list
  private long left; // entries of the row group not read yet
  // pulled (#pull): rows are read by the cursor (LevelRows calls it), into a source of its own
  private boolean pulled;
  private boolean pulledAbove; // #pullAbove
  private ScalarListRows rows; // #pullAbove: a list of scalars' well-formed rows, or null
  // In lists: by definition level, the lists an entry is inside an element of (LeafSteps); and
  // per ELEMENT step, the elements this row started, which counts compares with the list's
  private final int[] openLists;
  final ListAgreement counts; // null outside lists
  private final int[] started;
  final NullGroupLevels nullGroups;

  /**
   * @param steps the chain of groups, each as {kind, definition level, argument} ({@link
   *     LeafSteps})
   * @param column the VARIANT column the leaf belongs to, or {@code null} for an ordinary column
   */
  LeafColumn(ColumnDescriptor descriptor, int[][] steps, VariantColumnReader column) {
    this.descriptor = descriptor;
    this.column = column;
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.maxRepetition = descriptor.getMaxRepetitionLevel();
    // copied to this leaf's own fields: the per-entry paths read no other object's
    LeafSteps chain = new LeafSteps(steps, maxDefinition, maxRepetition, column, descriptor);
    this.chain = chain;
    this.kinds = chain.kinds;
    this.definedAt = chain.definedAt;
    this.args = chain.args;
    this.elementStep = chain.elementStep;
    this.prefix = chain.prefix;
    this.fixed = chain.fixed;
    this.openLists = chain.openLists;
    int n = kinds.length;
    String path = String.join(".", descriptor.getPath());
    this.counts = maxRepetition > 0 ? new ListAgreement(path, column, n) : null;
    this.started = counts != null ? counts.started : null;
    this.nullGroups = new NullGroupLevels(column, maxDefinition);
    this.index = new int[n];
    this.before = new SlotSource[n];
    this.lastStep = n - 1;
    this.lastElementLevel = n > 0 && kinds[n - 1] == ELEMENT ? args[n - 1] : -1;
    this.cursor = maxRepetition == 0 ? new PullCursor(this, maxDefinition) : null;
    this.flatSlots =
        maxRepetition == 0 ? new FlatSlots(descriptor, column, chain, nullGroups) : null;
  }

  /**
   * Reads this leaf (outside lists) for a {@link PullSource} from now on: each row keeps only its
   * definition level ({@link PullCursor#level}) and its value, in a source of {@code node} of its
   * own ({@link #current()}), instead of starting groups and filling slots of the column's {@link
   * SlotSource} tree; the caller reads its rows with {@link #cursor}. Returns this leaf.
   */
  LeafColumn pull(ShreddedSchemaNode node) {
    if (maxRepetition != 0) {
      throw new IllegalArgumentException("Cannot pull column " + descriptor + ": it is in a list");
    }
    pulled = true;
    target = SlotSource.alone(node, column);
    cursor.target = target;
    return this;
  }

  /** True if {@link #pull} was called: the rows are the cursor's to read. */
  boolean pulled() {
    return pulled;
  }

  /**
   * This leaf (in a list) belongs to a column whose leaves outside lists are pulled: from now on it
   * starts only its list's slot, not the groups above it, which no {@link PullSource} reads; and
   * {@code rows}, if not null, reads the rows it can (a list of scalars, {@link ScalarListRows}).
   */
  void pullAbove(ScalarListRows rows) {
    pulledAbove = prefix > 0;
    this.rows = pulledAbove ? rows : null;
  }

  /** The converter that receives this leaf's values; set once, before the first row group. */
  void converter(PrimitiveConverter c) {
    this.converter = c;
    this.raw =
        ScalarConverters.rawKind(
            c,
            descriptor.getPrimitiveType().getPrimitiveTypeName(),
            descriptor.getPrimitiveType().getTypeLength());
  }

  @Override
  public SlotSource current() {
    return target;
  }

  /** Starts reading the leaf's chunk of a row group. */
  void open(PageReadStore pages, ParsedVersion writer) {
    reader = new LeafPages(descriptor, pages.getPageReader(descriptor), converter, writer);
    left = reader.total();
    if (maxRepetition == 0) {
      flat = new FlatValues(raw, converter);
      reader.decodeAhead(flat);
      cursor.take(reader, flat);
    }
  }

  /** Reads the entries of the row group's next row into the row's slots. */
  void readRow() {
    if (left <= 0) {
      throw damaged("it holds fewer rows than its row group");
    }
    if (maxRepetition == 0) {
      flatEntry(); // Invariant: the rows of a pulled leaf are its cursor's (LevelRows)
      return;
    }
    listRow();
    counts.endRow();
  }

  /** The entries of a row of a leaf in lists. */
  private void listRow() {
    ScalarListRows list = rows;
    if (list != null) {
      target = list.elements(); // where the converter puts the elements' values
      int n = list.read(reader, left, raw);
      if (n > 0) {
        left -= n;
        return;
      }
    }
    int r = reader.repetition();
    int open = 0; // a row starts inside no list
    Arrays.fill(index, -1);
    while (r <= open) {
      int d = reader.definition();
      entry(r, d); // fails for a d above the maximum
      if (left == 0) {
        return;
      }
      r = reader.repetition();
      if (r == 0) {
        return;
      }
      // An entry continues a list only inside an element of it: else it would add an element to
      // a list its row does not have (as the batch reader refuses it).
      open = openLists[d];
    }
    throw new VariantParquetException(
        null,
        String.join(".", descriptor.getPath()),
        -1,
        "Cannot read row: column "
            + String.join(".", descriptor.getPath())
            + " has an entry of repetition level "
            + r
            + " where the entries before it allow at most "
            + open
            + " (the page is damaged)",
        null);
  }

  /** An entry of a leaf outside lists: walks only if its deepest group has not started yet. */
  private void flatEntry() {
    PullCursor c = cursor;
    int p = c.pos;
    int d = c.defs[p];
    SlotSource s = flatSlots.enter(d);
    target = s;
    if (d == maxDefinition) {
      c.deliver(s);
    }
    left--;
    c.next(p);
  }

  /**
   * The current entry's value to {@code s} through the converter: the {@code i}th dictionary id of
   * the batch, or (-1) the page's next value.
   */
  void converterValue(SlotSource s, int i) {
    if (pulled) {
      s.reset(); // clears what an earlier row's value left (a decimal's error)
    }
    if (i >= 0) {
      converter.addValueFromDictionary(cursor.ids[i]);
    } else {
      flat.take();
      reader.writeValue();
    }
  }

  /** Consumes the cursor's batch, all read, and takes the next one. */
  void nextBatch() {
    PullCursor c = cursor;
    reader.consume(c.end - c.begin);
    c.take(reader, flat);
  }

  /** A row past the chunk's entries. */
  ParquetDecodingException exhausted() {
    return LeafPages.exhausted(descriptor);
  }

  /** One entry: finds its slot, hands its value (if any) to the converter, and consumes it. */
  private void entry(int r, int d) {
    if (d > maxDefinition) {
      throw damaged("definition level " + d + " is above the column's " + maxDefinition);
    }
    SlotSource s = null;
    int k = 0;
    if (r > 0 && r == lastElementLevel && walked == kinds.length && d >= definedAt[lastStep]) {
      // The next scalar of a list whose elements are this leaf's last step: one step, no walk.
      elements();
      return;
    }
    nullGroups.check(d);
    if (r > 0) {
      // The next element of the list at level r: the groups above that list are the ones the
      // last entry walked through (a long list of scalars walks one step per element, not all).
      int e = elementStep[r];
      if (e >= 0 && e < walked && d >= definedAt[e]) {
        k = e;
        s = before[e];
      }
    } else if (prefix > 0 && d >= definedAt[prefix - 1] && chain.started(prefix - 1)) {
      // A new row whose groups above the list a sibling leaf started: no walk down to the list
      // (before[] of the steps above it is never read: only at ELEMENT steps).
      k = prefix;
      s = fixed[prefix - 1];
    } else if (pulledAbove && k == 0) {
      // The groups above the list are PullSources': of them, only the list's slot is started
      // (stamped with this row), not walked down to from the column's group.
      k = prefix;
      if (d >= definedAt[prefix - 1]) {
        s = fixed[prefix - 1];
        if (kinds[prefix - 1] == ROOT) {
          if (!column.present()) {
            column.start();
          }
        } else if (!s.startedIn(column.row())) {
          s.reset();
        }
      }
    }
    for (; k < kinds.length && d >= definedAt[k]; k++) {
      before[k] = s;
      switch (kinds[k]) {
        case ROOT -> {
          if (!column.present()) {
            column.start();
          }
          s = column.root;
        }
        case OBJECT -> {
          if (!s.hasTyped()) {
            s.startObject();
          }
        }
        case FIELD -> s = s.fieldOrStart(args[k]);
        case LIST -> {
          if (!s.hasTyped()) {
            s.startList();
          }
          if (r < args[k + 1]) { // a slot of the list, not an element of it
            counts.slot(k + 1, true);
          }
        }
        default -> { // ELEMENT
          int level = args[k];
          int i = r < level ? 0 : r == level ? index[k] + 1 : index[k];
          index[k] = i;
          started[k] += r <= level ? 1 : 0; // a new element
          s = s.elementAt(i); // fails for an element that no earlier entry started
        }
      }
    }
    walked = k;
    if (k > 0 && k < kinds.length && kinds[k] == LIST && d >= definedAt[k - 1] && r < args[k + 1]) {
      counts.slot(k + 1, false); // a slot whose list is null
    }
    for (int j = k; j < kinds.length; j++) {
      index[j] = -1; // no element at this depth in this entry
    }
    target = s;
    value(d);
  }

  /**
   * The current entry and the ones after it that are further elements of the same list, this leaf's
   * last step: when the elements are leaves ({@link ScalarElements}), appended as one run and their
   * values handed over in a loop, instead of an entry, an append and a consume each (a list of
   * 40,000 numbers spent most of its read there).
   */
  private void elements() {
    int e = lastStep;
    SlotSource list = before[e];
    int first = index[e] + 1;
    if (!list.hasLeafElements()) { // elements that are groups: their sources one at a time
      target = list.elementAt(first);
      index[e] = first;
      started[e]++;
      value(reader.definition());
      return;
    }
    int n = reader.run(lastElementLevel, definedAt[e]);
    ScalarElements run = list.leafElements(first, n);
    target = run;
    run.takeRun(reader, first, n, reader.runValues(), raw);
    index[e] = first + n - 1;
    started[e] += n;
    reader.consume(n);
    left -= n;
  }

  /** Hands the entry's value (if any) to the converter and consumes the entry. */
  private void value(int d) {
    if (d == maxDefinition) {
      reader.writeValue();
    }
    reader.consume();
    left--;
  }

  ParquetDecodingException outside(int d) {
    return LeafPages.outside(descriptor, d);
  }

  private ParquetDecodingException damaged(String why) {
    return LeafPages.damaged(descriptor, why);
  }
}
