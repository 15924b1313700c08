// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.ShreddedSource;
import java.math.BigDecimal;
import java.nio.ByteBuffer;

/**
 * One slot of one row of a Variant column, as {@link io.variant.shredding.Rebuilder} reads it:
 * positions {@code index} of the slot's vectors (the row for the top level and object fields, the
 * element's position in the list's data for array elements).
 */
final class VectorSource implements ShreddedSource {
  private final SlotVectors slot;
  private final int index;
  private final VariantMetadata metadata;

  VectorSource(SlotVectors slot, int index, VariantMetadata metadata) {
    this.slot = slot;
    this.index = index;
    this.metadata = metadata;
  }

  @Override
  public Variant residual() {
    return slot.residual(metadata, index);
  }

  @Override
  public boolean hasTyped() {
    return slot.hasTyped(index);
  }

  @Override
  public boolean typedBoolean() {
    return slot.scalar.readBoolean(index);
  }

  @Override
  public long typedLong() {
    return slot.scalar.readLong(index);
  }

  @Override
  public float typedFloat() {
    return slot.scalar.readFloat(index);
  }

  @Override
  public double typedDouble() {
    return slot.scalar.readDouble(index);
  }

  @Override
  public BigDecimal typedDecimal() {
    return slot.scalar.readDecimal(index);
  }

  @Override
  public ByteBuffer typedBytes() {
    return ByteBuffer.wrap(slot.scalar.readBytes(index));
  }

  @Override
  public byte[] typedByteArray() {
    return slot.scalar.readBytes(index);
  }

  @Override
  public ShreddedSource field(int i) {
    SlotVectors field = slot.fields[i];
    return field.group.isNull(index) ? null : new VectorSource(field, index, metadata);
  }

  @Override
  public int elementCount() {
    return slot.list().getElementEndIndex(index) - slot.list().getElementStartIndex(index);
  }

  @Override
  public ShreddedSource element(int i) {
    return new VectorSource(slot.element, slot.list().getElementStartIndex(index) + i, metadata);
  }
}
