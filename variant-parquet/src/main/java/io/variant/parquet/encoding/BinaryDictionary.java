// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;

/**
 * The PLAIN dictionary page of a BINARY column (spec: Parquet Encodings, PLAIN: each entry a 4-byte
 * little-endian length, then its bytes), located in one pass over the page's bytes. An entry is
 * copied out only when {@link #copy} asks for it, straight from the page: parquet-java's own plain
 * dictionary makes a {@code Binary} per entry up front, and copying one out of it goes through a
 * {@code ByteBuffer} view per entry; on columns of nearly unique strings that is a cost per row.
 *
 * <p>Every entry's length is checked against the page while locating it. The first entry whose
 * length runs past the page (or is negative, or whose length itself is cut off) and every entry
 * after it cannot be read: asking for one fails with a {@link ParquetDecodingException} naming it,
 * never with an allocation of the forged size. The entries before it read as usual, as they do from
 * parquet-java's dictionary.
 */
final class BinaryDictionary extends Dictionary {
  private final byte[] page;
  private final int size; // entries the page claims
  // entry i's length prefix is at bounds[i], its bytes are page[bounds[i] + 4, bounds[i + 1]), for
  // i < readable; bounds[readable] is where the first unreadable entry (if any) starts
  private final int[] bounds;
  private final int readable; // entries before the first damaged one
  private final String damage; // why entry `readable` cannot be read, or null

  private BinaryDictionary(Encoding encoding, byte[] page, int from, int to, int size) {
    super(encoding);
    this.page = page;
    this.size = size;
    // each entry takes at least its 4-byte length: a page never locates more than this many,
    // whatever count its header claims
    int most = Math.min(size, (to - from) / 4);
    this.bounds = new int[most + 1];
    int p = from;
    int i = 0;
    String why = null;
    for (; i < most; i++) {
      bounds[i] = p;
      if (to - p < 4) {
        break; // its length is cut off
      }
      int length = (int) ByteViews.INTS.get(page, p);
      if (length < 0 || length > to - p - 4) {
        why =
            "its length of "
                + length
                + (length < 0 ? " bytes is negative" : " bytes runs past the dictionary page");
        break;
      }
      p += 4 + length;
    }
    if (why == null && i < size) {
      why = "the dictionary page ends before its length";
    }
    bounds[i] = p;
    this.readable = i;
    this.damage = why;
  }

  /**
   * True if {@link #of} decodes the dictionary pages of encoding {@code e}: PLAIN and
   * PLAIN_DICTIONARY, which hold the same bytes.
   */
  static boolean decodes(Encoding e) {
    return e == Encoding.PLAIN || e == Encoding.PLAIN_DICTIONARY;
  }

  /** The dictionary of {@code dictionaryPage}, a BINARY column's page {@link #decodes} reads. */
  static BinaryDictionary of(DictionaryPage dictionaryPage) throws IOException {
    ByteBuffer bytes = dictionaryPage.getBytes().toByteBuffer();
    int size = dictionaryPage.getDictionarySize();
    Encoding e = dictionaryPage.getEncoding();
    if (bytes.hasArray()) { // read in place, as parquet-java's dictionary does
      int from = bytes.arrayOffset() + bytes.position();
      return new BinaryDictionary(e, bytes.array(), from, from + bytes.remaining(), size);
    }
    byte[] copy = new byte[bytes.remaining()];
    bytes.get(copy);
    return new BinaryDictionary(e, copy, 0, copy.length, size);
  }

  @Override
  public int getMaxId() {
    return size - 1;
  }

  /**
   * A fresh array holding entry {@code id}'s bytes.
   *
   * @throws ParquetDecodingException if the entry is outside the dictionary or cannot be read
   */
  byte[] copy(int id) {
    check(id);
    return Arrays.copyOfRange(page, bounds[id] + 4, bounds[id + 1]);
  }

  /** Entry {@code id}, a view of the page's bytes (as parquet-java's dictionary hands out). */
  @Override
  public Binary decodeToBinary(int id) {
    check(id);
    int start = bounds[id] + 4;
    return Binary.fromConstantByteArray(page, start, bounds[id + 1] - start);
  }

  private void check(int id) {
    if (id >= 0 && id < readable) {
      return;
    }
    String why;
    if (id < 0 || id >= size) {
      why = "the dictionary holds " + size + " values";
    } else if (id == readable) {
      why = damage;
    } else {
      why = "entry " + readable + " before it cannot be read: " + damage;
    }
    throw new ParquetDecodingException("Cannot decode dictionary entry " + id + ": " + why);
  }
}
