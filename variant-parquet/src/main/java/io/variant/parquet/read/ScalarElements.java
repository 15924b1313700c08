// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.CheckedUtf8;
import io.variant.core.Variant;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.schema.ShreddedSchemaNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The elements of a list whose element slot is a leaf (a typed scalar, or a residual only), kept
 * column-wise in arrays that grow to the longest list seen, and read and written through this one
 * {@link SlotSource}, positioned at an element by {@link #at(int)}. A list of 160,000 numbers then
 * touches a few primitive arrays instead of 160,000 sources of a cache line or two each (the {@code
 * large} corpus spent a quarter of its read appending, filling and reading them).
 *
 * <p>Invariant: whoever positions the cursor uses it before positioning it again. The level
 * reader's leaves, parquet-java's record assembly and the rebuilders all handle one element at a
 * time, from {@link SlotSource#elementAt} (or {@code addElement}, {@code elementSource}) to its
 * last value; none keeps an element's source past the next call.
 */
final class ScalarElements extends SlotSource {
  private int at; // the element this cursor stands on
  private boolean[] typed = new boolean[0];
  private long[] bits = new long[0]; // as SlotSource#bits: the typed scalar's raw bits
  private byte[][] residualBytes = new byte[0][];
  // the rarer typed parts: made at their first value
  private byte[][] bytes; // binary, uuid and string values
  private CheckedUtf8[] checked; // strings checked once per dictionary entry, else null
  private BigDecimal[] decimals; // decimals given as BigDecimal (wider than 16 bytes)
  private long[] unscaledHigh; // decimals given unscaled: high word (bits holds the low one)
  private VariantParquetException[] errors; // unreadable typed values

  /**
   * @param element the list's element slot, a leaf
   */
  ScalarElements(ShreddedSchemaNode element, VariantColumnReader row) {
    super(element, row);
  }

  /** Stands on element {@code i}, which must be below the list's capacity. */
  ScalarElements at(int i) {
    at = i;
    return this;
  }

  /** Makes room for {@code n} elements. */
  void ensure(int n) {
    if (n > typed.length) {
      int m = Math.max(n, Math.max(8, typed.length * 2));
      typed = Arrays.copyOf(typed, m);
      bits = Arrays.copyOf(bits, m);
      residualBytes = Arrays.copyOf(residualBytes, m);
      bytes = bytes == null ? null : Arrays.copyOf(bytes, m);
      checked = checked == null ? null : Arrays.copyOf(checked, m);
      decimals = decimals == null ? null : Arrays.copyOf(decimals, m);
      unscaledHigh = unscaledHigh == null ? null : Arrays.copyOf(unscaledHigh, m);
      errors = errors == null ? null : Arrays.copyOf(errors, m);
    }
  }

  /** Clears the current element: residual and typed part null. */
  @Override
  void reset() {
    typed[at] = false;
    residualBytes[at] = null;
    if (errors != null) {
      errors[at] = null;
    }
  }

  /** Clears elements {@code from} to {@code to - 1} (below the capacity), as {@link #reset()}. */
  void clear(int from, int to) {
    Arrays.fill(typed, from, to, false);
    Arrays.fill(residualBytes, from, to, null);
    if (errors != null) {
      Arrays.fill(errors, from, to, null);
    }
  }

  /** Element {@code i}'s typed value as raw bits: {@link #setLong} at {@code i}, no cursor. */
  void setBits(int i, long v) {
    bits[i] = v;
    typed[i] = true;
  }

  /**
   * Marks elements {@code from} to {@code from + n - 1} typed and returns the array of raw bits
   * that the caller then fills for them, as {@link #setBits} would one at a time.
   */
  long[] typedBits(int from, int n) {
    Arrays.fill(typed, from, from + n, true);
    return bits;
  }

  /**
   * Element {@code i}'s decimal of unscaled value {@code high:low}, as {@link #setDecimal(long,
   * long)}.
   */
  void setUnscaled(int i, long high, long low) {
    if (unscaledHigh == null) {
      unscaledHigh = new long[typed.length];
    }
    if (decimals != null) {
      decimals[i] = null;
    }
    unscaledHigh[i] = high;
    setBits(i, low);
  }

  @Override
  void setResidual(byte[] b) {
    residualBytes[at] = b;
  }

  @Override
  boolean hasResidual() {
    return residualBytes[at] != null;
  }

  @Override
  void setLong(long v) {
    bits[at] = v;
    typed[at] = true;
  }

  @Override
  void setFloat(float v) {
    setLong(Float.floatToRawIntBits(v));
  }

  @Override
  void setDouble(double v) {
    setLong(Double.doubleToRawLongBits(v));
  }

  @Override
  void setBoolean(boolean v) {
    setLong(v ? 1 : 0);
  }

  @Override
  void setDecimal(BigDecimal v) {
    if (decimals == null) {
      decimals = new BigDecimal[typed.length];
    }
    decimals[at] = v;
    typed[at] = true;
  }

  @Override
  void setDecimal(long high, long low) {
    if (unscaledHigh == null) {
      unscaledHigh = new long[typed.length];
    }
    if (decimals != null) {
      decimals[at] = null;
    }
    unscaledHigh[at] = high;
    setLong(low);
  }

  @Override
  void setBytes(byte[] v) {
    setString(v, null);
  }

  @Override
  void setString(byte[] v, CheckedUtf8 c) {
    if (bytes == null) {
      bytes = new byte[typed.length][];
      checked = new CheckedUtf8[typed.length];
    }
    bytes[at] = v;
    checked[at] = c;
    typed[at] = true;
  }

  @Override
  void setTypedError(VariantParquetException e) {
    if (errors == null) {
      errors = new VariantParquetException[typed.length];
    }
    errors[at] = e;
    typed[at] = true;
    reportTypedError(e);
  }

  @Override
  public Variant residual() {
    byte[] b = residualBytes[at];
    return b == null ? null : residualOf(b);
  }

  @Override
  public boolean hasTyped() {
    return typed[at];
  }

  @Override
  public boolean typedBoolean() {
    return bits[at] != 0;
  }

  @Override
  public long typedLong() {
    return bits[at];
  }

  @Override
  public float typedFloat() {
    return Float.intBitsToFloat((int) bits[at]);
  }

  @Override
  public double typedDouble() {
    return Double.longBitsToDouble(bits[at]);
  }

  @Override
  public BigDecimal typedDecimal() {
    if (errors != null && errors[at] != null) {
      throw errors[at];
    }
    BigDecimal d = decimals == null ? null : decimals[at];
    return d != null ? d : unscaled(unscaledHigh[at], bits[at]);
  }

  @Override
  public boolean hasUnscaledDecimal() {
    return unscaledHigh != null
        && (decimals == null || decimals[at] == null)
        && (errors == null || errors[at] == null);
  }

  @Override
  public long typedUnscaledHigh() {
    return unscaledHigh[at];
  }

  @Override
  public long typedUnscaledLow() {
    return bits[at];
  }

  @Override
  public ByteBuffer typedBytes() {
    return ByteBuffer.wrap(bytes[at]); // writable: see SlotSource#typedBytes
  }

  @Override
  public byte[] typedByteArray() {
    return bytes[at];
  }

  @Override
  public CheckedUtf8 typedCheckedString() {
    return checked == null ? null : checked[at];
  }
}
