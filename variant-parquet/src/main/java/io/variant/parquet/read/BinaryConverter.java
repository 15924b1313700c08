// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.nio.ByteBuffer;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * A binary column converter that hands each value on as a {@code byte[]} the caller may keep.
 * Values of a dictionary page are copied out once per dictionary entry and shared by every row that
 * uses the entry (callers never mutate them), so a dictionary-encoded metadata or residual column
 * costs one copy per distinct value.
 */
abstract class BinaryConverter extends PrimitiveConverter {
  private Dictionary dictionary;
  // the dictionary when PageValues made it (BINARY, PLAIN): entries copied straight from its page
  private BinaryDictionary plain;
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
    this.plain = dictionary instanceof BinaryDictionary d ? d : null;
    this.decoded = new byte[dictionary.getMaxId() + 1][];
  }

  @Override
  public void addValueFromDictionary(int dictionaryId) {
    accept(entry(dictionaryId), dictionaryId);
  }

  /**
   * Throws unless {@code dictionaryId} is an entry of the current dictionary: a damaged page's RLE
   * runs can hold any id.
   */
  final void checkId(int dictionaryId) {
    if (dictionaryId < 0 || dictionaryId >= decoded.length) {
      throw new ParquetDecodingException(
          "Cannot decode dictionary id "
              + dictionaryId
              + ": the column chunk's"
              + " dictionary holds "
              + decoded.length
              + " values");
    }
  }

  /** The bytes of dictionary entry {@code dictionaryId}, copied out on first use. */
  final byte[] entry(int dictionaryId) {
    checkId(dictionaryId);
    byte[] b = decoded[dictionaryId];
    if (b == null) {
      b =
          plain != null
              ? plain.copy(dictionaryId)
              : dictionaryEntry(dictionary.decodeToBinary(dictionaryId), dictionaryId);
      decoded[dictionaryId] = b;
    }
    return b;
  }

  @Override
  public void addBinary(Binary value) {
    accept(bytes(value), -1);
  }

  /**
   * A dictionary entry's bytes from a dictionary {@link PageValues} did not make (parquet-java's
   * record reader, fixed-length pages). parquet-java's plain dictionary takes each entry's length
   * from the page without checking it against the page, so a forged length would make {@code
   * getBytes()} allocate up to 2 GiB; copying through {@code toByteBuffer()} allocates only bytes
   * that exist and fails otherwise. Once per entry, so the extra check costs nothing per row.
   */
  private static byte[] dictionaryEntry(Binary value, int dictionaryId) {
    ByteBuffer view;
    try {
      view = value.toByteBuffer();
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      throw new ParquetDecodingException(
          "Cannot decode dictionary entry "
              + dictionaryId
              + ": its length of "
              + value.length()
              + " bytes runs past the dictionary page");
    }
    byte[] b = new byte[view.remaining()];
    view.get(b);
    return b;
  }

  /**
   * The value's bytes in an array nobody else writes to: Parquet may reuse a Binary's backing
   * array.
   */
  static byte[] bytes(Binary value) {
    byte[] b = value.getBytes();
    return value.isBackingBytesReused() ? b.clone() : b;
  }
}
