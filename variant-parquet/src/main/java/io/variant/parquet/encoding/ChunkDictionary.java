// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.io.IOException;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A column chunk's dictionary page as {@link PageValues} reads it: a BINARY column's PLAIN page as
 * a {@link BinaryDictionary}, every other page parquet-java's own dictionary, handed to the
 * converter when it has dictionary support. For a converter that takes decoded values instead,
 * INT32, INT64, FLOAT and DOUBLE entries are decoded once per chunk into raw bits (ints for the
 * 4-byte types): a value is then one array read, not the dictionary's bound and decode calls
 * (interface calls on parquet-java's dictionary classes). <b>Thread safety:</b> none.
 */
final class ChunkDictionary {
  final Dictionary dictionary;
  final long[] longs; // INT64, DOUBLE entries as raw bits, or null
  final int[] ints; // INT32, FLOAT entries as raw bits, or null
  final int numberCount; // entries in longs or ints, -1 if neither
  final int size; // entries: ids from 0 to size - 1
  private final PrimitiveTypeName type;
  private final PrimitiveConverter converter;

  /**
   * The dictionary of {@code page}, a dictionary page of {@code descriptor}'s chunk, which {@code
   * converter} receives the values of.
   *
   * @throws ParquetDecodingException if the page cannot be decoded
   */
  ChunkDictionary(ColumnDescriptor descriptor, DictionaryPage page, PrimitiveConverter converter) {
    this.type = descriptor.getPrimitiveType().getPrimitiveTypeName();
    this.converter = converter;
    boolean dictionarySupport = converter.hasDictionarySupport();
    try {
      dictionary =
          type == PrimitiveTypeName.BINARY && BinaryDictionary.decodes(page.getEncoding())
              ? BinaryDictionary.of(page)
              : page.getEncoding().initDictionary(descriptor, page);
      if (dictionarySupport) {
        converter.setDictionary(dictionary);
      }
    } catch (IOException e) {
      throw new ParquetDecodingException("could not decode the dictionary for " + descriptor, e);
    }
    boolean decoded = !dictionarySupport;
    boolean wide = type == PrimitiveTypeName.INT64 || type == PrimitiveTypeName.DOUBLE;
    boolean narrow = type == PrimitiveTypeName.INT32 || type == PrimitiveTypeName.FLOAT;
    this.longs = decoded && wide ? new long[dictionary.getMaxId() + 1] : null;
    this.ints = decoded && narrow ? new int[dictionary.getMaxId() + 1] : null;
    this.numberCount = longs != null ? longs.length : ints != null ? ints.length : -1;
    for (int id = 0; id < numberCount; id++) {
      switch (type) {
        case INT32 -> ints[id] = dictionary.decodeToInt(id);
        case FLOAT -> ints[id] = Float.floatToRawIntBits(dictionary.decodeToFloat(id));
        case INT64 -> longs[id] = dictionary.decodeToLong(id);
        default -> longs[id] = Double.doubleToRawLongBits(dictionary.decodeToDouble(id));
      }
    }
    this.size = numberCount >= 0 ? numberCount : dictionary.getMaxId() + 1;
  }

  /**
   * Hands entry {@code id} (below {@link #size}) to the converter as a decoded value, for a
   * converter without dictionary support.
   */
  void write(int id) {
    if (numberCount >= 0) {
      switch (type) {
        case INT32 -> converter.addInt(ints[id]);
        case FLOAT -> converter.addFloat(Float.intBitsToFloat(ints[id]));
        case INT64 -> converter.addLong(longs[id]);
        default -> converter.addDouble(Double.longBitsToDouble(longs[id]));
      }
      return;
    }
    switch (type) {
      case INT32 -> converter.addInt(dictionary.decodeToInt(id));
      case INT64 -> converter.addLong(dictionary.decodeToLong(id));
      case FLOAT -> converter.addFloat(dictionary.decodeToFloat(id));
      case DOUBLE -> converter.addDouble(dictionary.decodeToDouble(id));
      case BOOLEAN -> converter.addBoolean(dictionary.decodeToBoolean(id));
      default -> converter.addBinary(dictionary.decodeToBinary(id));
    }
  }
}
