// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

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
 * <p>A leaf knows the chain of groups from its VARIANT column down to it, as steps: the column's
 * group ({@link #ROOT}), an object's {@code typed_value} ({@link #OBJECT}) and one of its field
 * groups ({@link #FIELD}), a list's {@code typed_value} ({@link #LIST}) and its repeated group
 * ({@link #ELEMENT}). An entry walks the steps while its definition level says the group exists;
 * the first leaf of a row to reach a group starts it in the row's {@link SlotSource} tree, the
 * others find it started, so the leaves of one column can be read one after the other. In a list,
 * each leaf counts its own elements from the repetition levels (a new list below level {@code R}, a
 * new element at {@code R}, the same element above it). Ordinary columns have no steps.
 *
 * <p>Levels that no writer produces (a definition level above the leaf's maximum, a row that does
 * not start at repetition level 0, elements skipped) fail with {@link ParquetDecodingException}
 * naming the column, as damaged pages do inside parquet-java.
 */
// Over 400 lines: the three ways an entry reaches its slot (in lists, outside lists pushed, and
// pulled) share the leaf's page state and its per-row hot paths, which a split would put behind
// another object's fields.
final class LeafColumn implements SlotTarget {
  static final int ROOT = 0;
  static final int OBJECT = 1;
  static final int FIELD = 2;
  static final int LIST = 3;
  static final int ELEMENT = 4;

  private static final int[] NONE = {};

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
  private final SlotSource[] before; // per step: the source the last entry entered it with
  // Leaves outside lists: every step has one source, and the steps an entry walks depend on its
  // definition level only, so an entry whose deepest group a sibling leaf already started in this
  // row needs no walk (most entries of an object's leaves).
  private final int[] reach; // per definition level: the steps an entry walks, or null in a list
  private final SlotSource[] fixed; // per step above the first list: its source
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
  // Outside lists, reach, fixed and kinds of the two most frequent definition levels (the maximum,
  // and one below: a null typed value or residual): deepest step, its source, an OBJECT's group?
  private int maxReach;
  private SlotSource maxSlot;
  private boolean maxObject;
  private int nearReach;
  private SlotSource nearSlot;
  private boolean nearObject;
  private long left; // entries of the row group not read yet
  // pulled (#pull): rows are read by the cursor (LevelRows calls it), into a source of its own
  private boolean pulled;
  private boolean pulledAbove; // #pullAbove
  private ScalarListRows rows; // #pullAbove: a list of scalars' well-formed rows, or null

  /**
   * @param steps the chain of groups, each as {kind, definition level, argument}
   * @param column the VARIANT column the leaf belongs to, or {@code null} for an ordinary column
   */
  LeafColumn(ColumnDescriptor descriptor, int[][] steps, VariantColumnReader column) {
    this.descriptor = descriptor;
    this.column = column;
    int n = steps.length;
    this.kinds = n == 0 ? NONE : new int[n];
    this.definedAt = n == 0 ? NONE : new int[n];
    this.args = n == 0 ? NONE : new int[n];
    for (int k = 0; k < n; k++) {
      kinds[k] = steps[k][0];
      definedAt[k] = steps[k][1];
      args[k] = steps[k][2];
    }
    this.index = n == 0 ? NONE : new int[n];
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.maxRepetition = descriptor.getMaxRepetitionLevel();
    this.elementStep = new int[maxRepetition + 1];
    Arrays.fill(elementStep, -1);
    for (int k = 0; k < n; k++) {
      if (kinds[k] == ELEMENT && args[k] <= maxRepetition) {
        elementStep[args[k]] = k;
      }
    }
    this.before = new SlotSource[n];
    this.lastStep = n - 1;
    this.lastElementLevel = n > 0 && kinds[n - 1] == ELEMENT ? args[n - 1] : -1;
    boolean flat = maxRepetition == 0;
    this.cursor = flat ? new PullCursor(this, maxDefinition) : null;
    int p = 0;
    while (p < n && kinds[p] != LIST && kinds[p] != ELEMENT) {
      p++;
    }
    if (flat && p < n) {
      throw new IllegalArgumentException(
          "Cannot read column " + descriptor + ": a list step in a column outside lists");
    }
    this.prefix = p;
    this.reach = flat ? new int[maxDefinition + 1] : null;
    this.fixed = new SlotSource[p];
    SlotSource s = null;
    for (int k = 0; k < p; k++) {
      s =
          kinds[k] == ROOT
              ? column.root
              : kinds[k] == FIELD ? s.fieldSlot(args[k]) : s; // OBJECT: s
      fixed[k] = s;
    }
    if (flat) {
      for (int d = 0; d <= maxDefinition; d++) {
        int k = 0;
        while (k < n && d >= definedAt[k]) {
          k++;
        }
        reach[d] = k;
      }
      maxReach = reach[maxDefinition];
      maxSlot = maxReach == 0 ? null : fixed[maxReach - 1];
      maxObject = maxReach > 0 && kinds[maxReach - 1] == OBJECT;
      if (maxDefinition > 0) {
        nearReach = reach[maxDefinition - 1];
        nearSlot = nearReach == 0 ? null : fixed[nearReach - 1];
        nearObject = nearReach > 0 && kinds[nearReach - 1] == OBJECT;
      }
    }
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
      flat = reader.flat(raw, converter);
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
    if (r != 0) {
      throw damaged("a row starts at repetition level " + r);
    }
    Arrays.fill(index, -1);
    do {
      entry(r, reader.definition());
      if (left == 0) {
        return;
      }
      r = reader.repetition();
      if (r > maxRepetition) {
        throw damaged("repetition level " + r + " is above the column's " + maxRepetition);
      }
    } while (r != 0);
  }

  /** An entry of a leaf outside lists: walks only if its deepest group has not started yet. */
  private void flatEntry() {
    PullCursor c = cursor;
    int p = c.pos;
    int d = c.defs[p];
    int k;
    SlotSource s;
    boolean object;
    if (d == maxDefinition) {
      k = maxReach;
      s = maxSlot;
      object = maxObject;
    } else if (d == maxDefinition - 1 && d >= 0) {
      k = nearReach;
      s = nearSlot;
      object = nearObject;
    } else {
      if (d < 0 || d > maxDefinition) {
        throw outside(d);
      }
      k = reach[d];
      s = k == 0 ? null : fixed[k - 1];
      object = k > 0 && kinds[k - 1] == OBJECT;
    }
    // started(k - 1), from the fields above
    if (s != null && !(s.startedIn(column.row()) && (!object || s.hasTyped()))) {
      startFrom(k);
    }
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
    return exhausted(descriptor);
  }

  /** A row past the entries of {@code column}'s chunk. */
  static ParquetDecodingException exhausted(ColumnDescriptor column) {
    return damaged(column, "it holds fewer rows than its row group");
  }

  /**
   * Starts the groups of steps below {@code k} that no sibling leaf started in this row (outside
   * lists): only those under the deepest started one, not the whole chain from the column down.
   */
  private void startFrom(int k) {
    int j = k - 2;
    while (j >= 0 && !started(j)) {
      j--;
    }
    for (int i = j + 1; i < k; i++) {
      switch (kinds[i]) {
        case ROOT -> column.start(); // not started, so not present: the first leaf of the row
        case OBJECT -> fixed[i].startObject();
        default -> fixed[i - 1].startField(args[i]); // FIELD: its object is step i - 1
      }
    }
  }

  /** True if the group of step {@code k} (above any list) started in this row. */
  private boolean started(int k) {
    SlotSource s = fixed[k];
    // Invariant: a group starts only after the groups above it, so their state is this row's too.
    return s.startedIn(column.row()) && (kinds[k] != OBJECT || s.hasTyped());
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
    if (r > 0) {
      // The next element of the list at level r: the groups above that list are the ones the
      // last entry walked through (a long list of scalars walks one step per element, not all).
      int e = elementStep[r];
      if (e >= 0 && e < walked && d >= definedAt[e]) {
        k = e;
        s = before[e];
      }
    } else if (prefix > 0 && d >= definedAt[prefix - 1] && started(prefix - 1)) {
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
        }
        default -> { // ELEMENT
          int level = args[k];
          int i = r < level ? 0 : r == level ? index[k] + 1 : index[k];
          index[k] = i;
          s = s.elementAt(i); // fails for an element that no earlier entry started
        }
      }
    }
    walked = k;
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
      value(reader.definition());
      return;
    }
    int n = reader.run(lastElementLevel, definedAt[e]);
    ScalarElements run = list.leafElements(first, n);
    target = run;
    reader.runValuesTo(run, first, n, reader.runValues(), raw);
    index[e] = first + n - 1;
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
    return outside(descriptor, d);
  }

  /** Definition level {@code d}, which no writer produces, in {@code column}. */
  static ParquetDecodingException outside(ColumnDescriptor column, int d) {
    return damaged(
        column,
        "definition level "
            + d
            + " is outside the column's 0 to "
            + column.getMaxDefinitionLevel());
  }

  private ParquetDecodingException damaged(String why) {
    return damaged(descriptor, why);
  }

  /** How a damaged chunk of {@code column} is reported; the row cursor names the file and row. */
  static ParquetDecodingException damaged(ColumnDescriptor column, String why) {
    return new ParquetDecodingException(
        "Cannot read column " + String.join(".", column.getPath()) + ": " + why);
  }
}
