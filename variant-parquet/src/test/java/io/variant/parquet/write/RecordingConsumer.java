// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.testkit.Hex;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/** Records RecordConsumer calls as a compact trace: {@code a{ v=0c01 t{ ... } }}. */
final class RecordingConsumer extends RecordConsumer {
  private final StringBuilder trace = new StringBuilder();

  String trace() {
    return trace.toString().trim();
  }

  private void emit(String s) {
    trace.append(s).append(' ');
  }

  @Override
  public void startMessage() {}

  @Override
  public void endMessage() {}

  @Override
  public void startField(String field, int index) {
    emit(field + "#" + index + "=");
  }

  @Override
  public void endField(String field, int index) {
    emit(";");
  }

  @Override
  public void startGroup() {
    emit("{");
  }

  @Override
  public void endGroup() {
    emit("}");
  }

  @Override
  public void addInteger(int value) {
    emit("i" + value);
  }

  @Override
  public void addLong(long value) {
    emit("l" + value);
  }

  @Override
  public void addBoolean(boolean value) {
    emit("b" + value);
  }

  @Override
  public void addBinary(Binary value) {
    emit("0x" + Hex.of(value.getBytes()).replace(" ", ""));
  }

  @Override
  public void addFloat(float value) {
    emit("f" + value);
  }

  @Override
  public void addDouble(double value) {
    emit("d" + value);
  }
}
