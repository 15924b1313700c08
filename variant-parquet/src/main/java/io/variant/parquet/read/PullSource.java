// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.CheckedUtf8;
import io.variant.core.Variant;
import io.variant.shredding.ShreddedSource;
import java.math.BigDecimal;
import java.nio.ByteBuffer;

/**
 * One slot outside lists of a VARIANT column that the level reader reads as whole records, as the
 * rebuild sees it: instead of its leaves pushing each row's entries into the column's {@link
 * SlotSource} tree (finding the slot, starting its groups), the rebuild pulls the row's state from
 * the leaves ({@link LeafColumn#pull}), which only keep their current definition level and value.
 *
 * <ul>
 *   <li>The residual is the {@code value} leaf's value when its level is the leaf's maximum.
 *   <li>A scalar's typed value is its {@code typed_value} leaf's, present at the leaf's maximum.
 *   <li>Both are read where the leaf's batch decoded them ({@link PullCursor#at}), without a copy
 *       per row, else from the source the leaf's converter filled.
 *   <li>An object's typed group is present when the level of the first leaf outside lists under its
 *       {@code typed_value} (in schema order) reaches the group's; a field is present when the
 *       level of the first such leaf under the field's group (its {@code value} leaf if it has one)
 *       reaches the field group's.
 *   <li>A list and everything in it stay in the tree, filled by the list's leaves as before; of the
 *       groups above the list they start only the list's own slot ({@link LeafColumn#pullAbove}),
 *       which tells whether the list is present in this row. The column's group is started by its
 *       {@code metadata} leaf, read as before.
 * </ul>
 *
 * <p>Only columns where every field has a leaf outside lists are pulled ({@code LevelRows}).
 *
 * <p>Levels that no writer produces can disagree between the leaves of one group (a damaged file):
 * each question is then answered by the one leaf named above, so the row reads as that leaf says,
 * and the rebuild decides, as for any file, whether the parts make a Variant. Nothing here throws.
 * <b>Thread safety:</b> none.
 */
final class PullSource implements ShreddedSource {
  private final VariantColumnReader column;
  private final SlotSource tree; // this slot in the column's tree: lists, presence without a leaf
  private final int presentAt; // the definition level at which this slot's group is non-null
  private PullCursor value; // the residual leaf, or null
  private SlotSource residual; // where value keeps its value
  private int valueAt;
  // a scalar: its leaf and where it keeps its value; an object: the leaf that tells whether its
  // typed group is present; null: the typed part (a list's, or one of no leaf) is the tree's
  private PullCursor typed;
  private SlotSource scalar;
  private int typedAt;
  private boolean shredded; // the slot has a typed part in the requested schema
  private PullSource[] fields = {};
  private PullCursor probe; // the leaf that tells whether this slot's group is present, or null

  /**
   * @param tree the slot's source in the column's tree
   * @param presentAt the definition level at which the slot's group is non-null
   */
  PullSource(VariantColumnReader column, SlotSource tree, int presentAt) {
    this.column = column;
    this.tree = tree;
    this.presentAt = presentAt;
  }

  /** The slot's {@code value} leaf, pulled, non-null at level {@code at}. */
  void residualLeaf(LeafColumn leaf, int at) {
    value = leaf.cursor;
    residual = leaf.current();
    valueAt = at;
  }

  /**
   * The slot is a scalar whose {@code typed_value} leaf (pulled) is non-null at level {@code at}.
   */
  void scalarLeaf(LeafColumn leaf, int at) {
    shredded = true;
    typed = leaf.cursor;
    scalar = leaf.current();
    typedAt = at;
  }

  /** The slot is an object whose typed group is non-null at level {@code at}. */
  void object(PullSource[] fields, int at) {
    shredded = true;
    this.fields = fields;
    for (PullSource f : fields) {
      if (typed == null) {
        typed = f.probe;
      }
    }
    typedAt = at;
  }

  /** The slot is a list: its typed part is the tree's. */
  void list() {
    shredded = true;
  }

  /** Settles which leaf tells whether the slot is present; once its parts are set. */
  PullSource done() {
    probe = value != null ? value : typed;
    return this;
  }

  /** True if the slot's group is non-null in this row (for its object's {@link #field}). */
  private boolean present() {
    // Invariant: LevelRows pulls only columns where every field has a leaf outside lists.
    return probe.level >= presentAt;
  }

  @Override
  public Variant residual() {
    PullCursor v = value;
    if (v == null || v.level < valueAt) {
      return null;
    }
    return v.at >= 0 ? residual.residualOf(v.ref()) : residual.residual();
  }

  @Override
  public boolean hasTyped() {
    PullCursor t = typed;
    if (t != null) {
      return t.level >= typedAt;
    }
    return shredded && tree.startedIn(column.row()) && tree.hasTyped();
  }

  @Override
  public boolean typedBoolean() {
    PullCursor t = typed;
    return t.at >= 0 ? t.bits() != 0 : scalar.typedBoolean();
  }

  @Override
  public long typedLong() {
    PullCursor t = typed;
    return t.at >= 0 ? t.bits() : scalar.typedLong();
  }

  @Override
  public float typedFloat() {
    PullCursor t = typed;
    return t.at >= 0 ? Float.intBitsToFloat((int) t.bits()) : scalar.typedFloat();
  }

  @Override
  public double typedDouble() {
    PullCursor t = typed;
    return t.at >= 0 ? Double.longBitsToDouble(t.bits()) : scalar.typedDouble();
  }

  // Decimals: Invariant: their leaves never keep a value in the batch (FlatValues decodes only
  // numbers, dictionary entries and ids ahead; a decimal's ids go through its converter).
  @Override
  public BigDecimal typedDecimal() {
    return scalar.typedDecimal();
  }

  @Override
  public boolean hasUnscaledDecimal() {
    return scalar.hasUnscaledDecimal();
  }

  @Override
  public long typedUnscaledHigh() {
    return scalar.typedUnscaledHigh();
  }

  @Override
  public long typedUnscaledLow() {
    return scalar.typedUnscaledLow();
  }

  @Override
  public ByteBuffer typedBytes() {
    PullCursor t = typed;
    // writable so that hasArray() lets the rebuilder read it without a copy, as SlotSource's
    return t.at >= 0 ? ByteBuffer.wrap(t.ref()) : scalar.typedBytes();
  }

  @Override
  public byte[] typedByteArray() {
    PullCursor t = typed;
    return t.at >= 0 ? t.ref() : scalar.typedByteArray();
  }

  @Override
  public CheckedUtf8 typedCheckedString() {
    PullCursor t = typed;
    return t.at >= 0 ? t.check() : scalar.typedCheckedString();
  }

  @Override
  public ShreddedSource field(int index) {
    PullSource f = fields[index];
    return f.present() ? f : NullFieldGroups.absent(f.tree.node, column);
  }

  @Override
  public int elementCount() {
    return tree.elementCount();
  }

  @Override
  public ShreddedSource element(int i) {
    return tree.elementSource(i);
  }
}
