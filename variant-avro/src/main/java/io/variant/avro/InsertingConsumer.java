// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import io.variant.core.Variant;
import io.variant.parquet.write.VariantColumnWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * The record consumer parquet-avro's writer writes through: its records lack the VARIANT column
 * (the Avro field is hidden from it as type {@code null}), so each top-level field index at or past
 * the column's position moves up by one, and the column itself is written, by our {@link
 * VariantColumnWriter}, just before the first such field (or at the end of the record). Everything
 * else passes through unchanged.
 */
final class InsertingConsumer extends RecordConsumer {
  private final RecordConsumer out;
  private final int position;
  private final VariantColumnWriter variant;
  private Variant pending;
  private boolean inserted;
  private int openFields;

  InsertingConsumer(RecordConsumer out, int position, VariantColumnWriter variant) {
    this.out = out;
    this.position = position;
    this.variant = variant;
  }

  /** The Variant of the record about to be written ({@code null}: SQL NULL). */
  void next(Variant v) {
    pending = v;
  }

  private void insert() {
    inserted = true;
    variant.write(out, position, pending);
  }

  private int shifted(int index) {
    return index >= position ? index + 1 : index;
  }

  @Override
  public void startMessage() {
    inserted = false;
    openFields = 0;
    out.startMessage();
  }

  @Override
  public void endMessage() {
    if (!inserted) {
      insert();
    }
    out.endMessage();
  }

  @Override
  public void startField(String field, int index) {
    if (openFields++ == 0) {
      if (!inserted && index >= position) {
        insert();
      }
      index = shifted(index);
    }
    out.startField(field, index);
  }

  @Override
  public void endField(String field, int index) {
    out.endField(field, --openFields == 0 ? shifted(index) : index);
  }

  @Override
  public void startGroup() {
    out.startGroup();
  }

  @Override
  public void endGroup() {
    out.endGroup();
  }

  @Override
  public void addInteger(int value) {
    out.addInteger(value);
  }

  @Override
  public void addLong(long value) {
    out.addLong(value);
  }

  @Override
  public void addBoolean(boolean value) {
    out.addBoolean(value);
  }

  @Override
  public void addBinary(Binary value) {
    out.addBinary(value);
  }

  @Override
  public void addFloat(float value) {
    out.addFloat(value);
  }

  @Override
  public void addDouble(double value) {
    out.addDouble(value);
  }

  @Override
  public void flush() {
    out.flush();
  }
}
