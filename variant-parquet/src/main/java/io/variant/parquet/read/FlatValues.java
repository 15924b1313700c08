// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.CheckedUtf8;
import io.variant.parquet.encoding.BinaryConverter;
import io.variant.parquet.encoding.LeafPages;
import io.variant.parquet.encoding.PageValues;
import io.variant.parquet.encoding.ValuesAhead;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * The values of a leaf outside lists for the levels {@link LeafPages} has decoded (up to a few
 * hundred entries), decoded column by column in one loop when the levels are: dictionary ids, or
 * numbers as raw bits ({@link ScalarConverters#BITS}). A row then takes its value from an array
 * instead of walking the page decoder and its id decoder: with dozens of leaves per row, each
 * leaf's decoders were touched once per row and fell out of the cache between rows.
 *
 * <p>A value that cannot be decoded (an id past the page's ids, a number past the page) stops the
 * batch: its error is kept and thrown by the row whose value it is ({@link #take}), so the rows
 * before it read as they did value by value, and the message is the page decoder's own. Pages of
 * other encodings, and converters that take neither ids nor raw bits, are read value by value.
 * <b>Thread safety:</b> none.
 */
final class FlatValues implements ValuesAhead {
  static final int NONE = 0; // nothing decoded ahead: the page decoder, value by value
  static final int BITS = 1; // bits[]: each value's raw bits, for the slot's setLong
  static final int IDS = 2; // ids[]: dictionary ids, for the converter's addValueFromDictionary
  // refs[] (and checks[]): dictionary entries, for the slot's setString, setResidual or setBytes
  static final int STRINGS = 3;
  static final int RESIDUALS = 4;
  static final int BYTES = 5;

  private final int raw; // ScalarConverters#rawKind of the leaf's converter
  private final PrimitiveConverter converter;
  private final int entries; // how dictionary pages are taken: IDS, STRINGS, ..., or NONE
  int kind;
  long[] bits = new long[0];
  int[] ids = new int[0];
  byte[][] refs = new byte[0][];
  CheckedUtf8[] checks = new CheckedUtf8[0];
  int filled; // values decoded ahead
  private RuntimeException error; // what decoding value #filled threw, or null

  FlatValues(int raw, PrimitiveConverter converter) {
    this.raw = raw;
    this.converter = converter;
    this.entries =
        converter instanceof ScalarConverters.StringConverter
            ? STRINGS
            : converter instanceof LevelRows.ResidualConverter
                ? RESIDUALS
                : converter instanceof ScalarConverters.BytesConverter
                    ? BYTES
                    : converter.hasDictionarySupport() ? IDS : NONE;
  }

  /** Decodes the next {@code n} values of the page ahead (fewer where one fails). */
  @Override
  public boolean fill(PageValues values, int n) {
    filled = 0;
    error = null;
    kind =
        raw == ScalarConverters.BITS && values.hasBits()
            ? BITS
            : values.dictionaryPage() ? entries : NONE;
    if (kind == NONE) {
      return n == 0;
    }
    if (bits.length < n) { // one size for all arrays: a leaf's pages may change encoding
      int size = Math.max(n, 2 * bits.length);
      bits = new long[size];
      ids = new int[size];
      refs = new byte[size][];
      checks = new CheckedUtf8[size];
    }
    int i = 0;
    try {
      switch (kind) {
        case BITS -> {
          for (long[] out = bits; i < n; i++) {
            out[i] = values.nextBits();
          }
        }
        case IDS -> {
          for (int[] out = ids; i < n; i++) {
            out[i] = values.nextId();
          }
        }
        default -> {
          BinaryConverter c = (BinaryConverter) converter;
          ScalarConverters.StringConverter strings =
              kind == STRINGS ? (ScalarConverters.StringConverter) c : null;
          for (byte[][] out = refs; i < n; i++) {
            int id = values.nextId();
            byte[] b = c.entry(id); // fails for an id outside the dictionary, as at the row
            out[i] = b;
            if (strings != null) {
              checks[i] = strings.checked(b, id);
            }
          }
        }
      }
    } catch (RuntimeException e) {
      error = e;
    }
    filled = i;
    return i == n;
  }

  /**
   * Called when a row wants a value past the {@link #filled} ones: throws the error that stopped
   * the batch there (once), else returns so that the page decoder reads the value.
   */
  void take() {
    RuntimeException e = error;
    if (e != null) {
      error = null;
      throw e;
    }
  }
}
