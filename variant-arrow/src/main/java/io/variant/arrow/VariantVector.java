// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.hash.ArrowBufHasher;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.util.CallBack;
import org.apache.arrow.vector.util.TransferPair;

/**
 * A column of {@code arrow.parquet.variant} ({@link VariantExtensionType}) over its struct storage,
 * unshredded or shredded ({@link StorageFields}). A null row is SQL NULL; a Variant null is a row
 * whose value is the Variant null.
 *
 * <pre>{@code
 * try (VariantVector column = VariantVector.create("event", ShreddingPlan.residual(), allocator)) {
 *   column.setSafe(0, VariantJson.parse("{\"id\": 1}"));
 *   column.setValueCount(1);
 *   Variant row = column.getObject(0);
 * }
 * }</pre>
 *
 * <p><b>Thread safety:</b> as any Arrow vector: none for writes; reads of a finished vector may run
 * on several threads.
 */
public final class VariantVector extends ExtensionTypeVector<StructVector> {
  private final FieldType fieldType;
  private volatile DerivedPlan derived;

  VariantVector(String name, FieldType fieldType, BufferAllocator allocator, StructVector storage) {
    super(name, allocator, storage);
    this.fieldType = fieldType;
  }

  /**
   * An empty column named {@code name} whose storage follows {@code plan} ({@link
   * ShreddingPlan#residual()} for unshredded storage), allocated from {@code allocator}.
   */
  public static VariantVector create(String name, ShreddingPlan plan, BufferAllocator allocator) {
    return (VariantVector) StorageFields.column(name, plan).createVector(allocator);
  }

  /** The field with this extension type and the storage's children, as IPC writes it. */
  @Override
  public Field getField() {
    List<Field> children = new ArrayList<>();
    for (FieldVector child : getUnderlyingVector().getChildrenFromFields()) {
      children.add(child.getField());
    }
    return new Field(getName(), fieldType, children);
  }

  /**
   * The plan the storage follows, read from its children.
   *
   * @throws IllegalArgumentException if the storage is not a Variant storage
   */
  public ShreddingPlan plan() {
    Field field = getField();
    DerivedPlan last = derived;
    if (last == null || !last.field.equals(field)) {
      // derived again whenever the storage's fields change, so a changed vector gets no stale plan
      last = new DerivedPlan(field, StorageFields.plan(field));
      derived = last;
    }
    return last.plan;
  }

  /**
   * The plan last derived and the field it was derived from: a kernel asks for the plan once per
   * batch and path, and deriving it each time was a fourteenth of reading a batch's typed paths.
   * One immutable object, so that a reader on another thread sees a field with its own plan.
   */
  private record DerivedPlan(Field field, ShreddingPlan plan) {}

  /** True when the storage has a {@code typed_value}. */
  public boolean isShredded() {
    return getUnderlyingVector().getChild(StorageFields.TYPED_VALUE) != null;
  }

  /** The {@code metadata} child: each non-null row's dictionary. */
  public VarBinaryVector metadataVector() {
    return (VarBinaryVector) getUnderlyingVector().getChild(StorageFields.METADATA);
  }

  /** The top-level {@code value} child (the whole value when unshredded), or {@code null}. */
  public VarBinaryVector valueVector() {
    return (VarBinaryVector) getUnderlyingVector().getChild(StorageFields.VALUE);
  }

  /**
   * Row {@code index} as a Variant, or {@code null} for SQL NULL; a shredded row is rebuilt as
   * {@link Unshred} rebuilds it. For many rows, {@link Unshred} or {@link #reader()} make the
   * plan's rebuilder once.
   */
  @Override
  public Variant getObject(int index) {
    return reader().variant(index);
  }

  /** A reader of this column's rows as Variants, for one thread. */
  public ColumnReader reader() {
    return ColumnReader.of(this);
  }

  /**
   * Sets row {@code index} of an unshredded column to {@code v}'s bytes ({@code null}: SQL NULL);
   * shredded columns are written by {@link Shred}.
   *
   * @throws IllegalStateException if the column is shredded
   */
  public void setSafe(int index, Variant v) {
    if (isShredded()) {
      throw new IllegalStateException(
          "Cannot set a row of the shredded column " + getName() + ": use Shred.shred");
    }
    if (v == null) {
      getUnderlyingVector().setNull(index);
      return;
    }
    getUnderlyingVector().setIndexDefined(index);
    metadataVector().setSafe(index, v.metadataBytes());
    valueVector().setSafe(index, v.valueBytes());
  }

  /**
   * A transfer to a new {@code VariantVector} named {@code ref}: slices and batches keep the type.
   */
  @Override
  public TransferPair getTransferPair(String ref, BufferAllocator allocator) {
    return makeTransferPair(renamed(ref).createVector(allocator));
  }

  @Override
  public TransferPair getTransferPair(String ref, BufferAllocator allocator, CallBack callBack) {
    return getTransferPair(ref, allocator);
  }

  @Override
  public TransferPair getTransferPair(Field field, BufferAllocator allocator) {
    return getTransferPair(field.getName(), allocator);
  }

  @Override
  public TransferPair getTransferPair(Field field, BufferAllocator allocator, CallBack callBack) {
    return getTransferPair(field.getName(), allocator);
  }

  @Override
  public TransferPair getTransferPair(BufferAllocator allocator) {
    return getTransferPair(getName(), allocator);
  }

  /**
   * A transfer into {@code target}, a {@code VariantVector} of the same storage: the storage's own
   * transfer, so the buffers move (or are sliced) without a copy.
   */
  @Override
  public TransferPair makeTransferPair(ValueVector target) {
    VariantVector to = (VariantVector) target;
    TransferPair storage = getUnderlyingVector().makeTransferPair(to.getUnderlyingVector());
    return new TransferPair() {
      @Override
      public void transfer() {
        storage.transfer();
      }

      @Override
      public void splitAndTransfer(int startIndex, int length) {
        storage.splitAndTransfer(startIndex, length);
      }

      @Override
      public ValueVector getTo() {
        return to;
      }

      @Override
      public void copyValueSafe(int from, int to) {
        storage.copyValueSafe(from, to);
      }
    };
  }

  private Field renamed(String name) {
    Field field = getField();
    return new Field(name, field.getFieldType(), field.getChildren());
  }

  @Override
  public int hashCode(int index) {
    return getUnderlyingVector().hashCode(index);
  }

  @Override
  public int hashCode(int index, ArrowBufHasher hasher) {
    return getUnderlyingVector().hashCode(index, hasher);
  }
}
