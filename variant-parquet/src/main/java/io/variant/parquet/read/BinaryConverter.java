package io.variant.parquet.read;

import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * A binary column converter that hands each value on as a {@code byte[]} the caller may keep. Values of a
 * dictionary page are copied out once per dictionary entry and shared by every row that uses the entry
 * (callers never mutate them), so a dictionary-encoded metadata or residual column costs one copy per
 * distinct value.
 */
abstract class BinaryConverter extends PrimitiveConverter {
  private Dictionary dictionary;
  private byte[][] decoded;

  /** Receives one non-null value of the current row. */
  abstract void accept(byte[] bytes, int dictionaryId);

  @Override
  public boolean hasDictionarySupport() {
    return true;
  }

  @Override
  public void setDictionary(Dictionary dictionary) {
    this.dictionary = dictionary;
    this.decoded = new byte[dictionary.getMaxId() + 1][];
  }

  @Override
  public void addValueFromDictionary(int dictionaryId) {
    byte[] b = decoded[dictionaryId];
    if (b == null) {
      b = bytes(dictionary.decodeToBinary(dictionaryId));
      decoded[dictionaryId] = b;
    }
    accept(b, dictionaryId);
  }

  @Override
  public void addBinary(Binary value) {
    accept(bytes(value), -1);
  }

  /** The value's bytes in an array nobody else writes to: Parquet may reuse a Binary's backing array. */
  static byte[] bytes(Binary value) {
    byte[] b = value.getBytes();
    return value.isBackingBytesReused() ? b.clone() : b;
  }
}
