// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static io.variant.parquet.encoding.ByteViews.BIG_LONGS;
import static io.variant.parquet.encoding.ByteViews.INTS;
import static io.variant.parquet.encoding.ByteViews.LONGS;

import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.CorruptDeltaByteArrays;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The values of one column chunk's pages, for {@link LeafPages}: dictionary ids ({@link RleHybrid},
 * a few hundred at a time), PLAIN values read from the page's bytes, delta encodings ({@link
 * DeltaPages}); every other encoding (byte-stream-split, RLE booleans, and {@code DELTA_BYTE_ARRAY}
 * from writers with PARQUET-246) goes through parquet-java's own {@code ValuesReader} for it
 * ({@link DeclinedValues}).
 *
 * <p>The converter sees exactly the calls parquet-java's {@code ColumnReaderImpl} makes: {@code
 * setDictionary} once, then per value {@code addValueFromDictionary} (dictionary pages, converters
 * with dictionary support), else the decoded value's {@code addInt}, {@code addLong}, ..., {@code
 * addBinary}. A {@link BinaryConverter} receives binaries as its own arrays, without a {@code
 * Binary} in between. The chunk's dictionary page is a {@link ChunkDictionary}. Damaged pages fail
 * with {@link ParquetDecodingException}.
 */
public final class PageValues {
  private static final int CHUNK = 64; // ids decoded at a time: small, as LeafPages' levels
  private final ColumnDescriptor descriptor;
  private final PrimitiveConverter converter;
  private final BinaryConverter binaries; // the converter when it takes byte arrays directly
  private final boolean dictionarySupport;
  private final ParsedVersion writer;
  private final PrimitiveTypeName type;
  private final boolean bitsType; // INT32, INT64 or DOUBLE: values nextBits() can give
  private final int fixedLength; // FIXED_LEN_BYTE_ARRAY: each value's length
  private final ChunkDictionary dictionary; // or null
  // the dictionary's numbers as raw bits, if it decoded them (see ChunkDictionary): read per value
  private final long[] longs;
  private final int[] ints;
  private final int numberCount; // entries in longs or ints, -1 if neither
  private final int[] ids = new int[CHUNK];
  private final RleHybrid idRuns = new RleHybrid();
  private int idAt; // the next id in ids
  private int idChunk; // ids in ids
  private static final int DICTIONARY = 0;
  private static final int PLAIN = 1;
  private static final int DELTA_INTEGERS = 2;
  private static final int DELTA_BINARIES = 3;
  private static final int READER = 4; // parquet-java's ValuesReader
  private int mode; // how the page's values are decoded
  private final DeltaPages delta = new DeltaPages();
  private final DeclinedValues declined; // any other encoding
  private int nextValue; // dictionary ids: the next one to hand out
  private byte[] buf; // PLAIN values: the page's bytes
  private int pos; // PLAIN values: where the next one starts
  private int end;
  private int bit; // PLAIN booleans: the next bit
  private long low; // the low word of the last nextHigh()
  private Encoding encoding;

  /**
   * @param dictionaryPage the chunk's dictionary page, or {@code null}
   * @param writer the file's writer, for parquet-java's workaround of PARQUET-246
   */
  PageValues(
      ColumnDescriptor descriptor,
      DictionaryPage dictionaryPage,
      PrimitiveConverter converter,
      ParsedVersion writer) {
    this.descriptor = descriptor;
    this.converter = converter;
    this.binaries = converter instanceof BinaryConverter b ? b : null;
    this.dictionarySupport = converter.hasDictionarySupport();
    this.writer = writer;
    this.type = descriptor.getPrimitiveType().getPrimitiveTypeName();
    this.bitsType =
        type == PrimitiveTypeName.INT32
            || type == PrimitiveTypeName.INT64
            || type == PrimitiveTypeName.DOUBLE;
    this.fixedLength = descriptor.getPrimitiveType().getTypeLength();
    this.declined = new DeclinedValues(descriptor, converter, writer);
    this.dictionary =
        dictionaryPage == null ? null : new ChunkDictionary(descriptor, dictionaryPage, converter);
    this.longs = dictionary == null ? null : dictionary.longs;
    this.ints = dictionary == null ? null : dictionary.ints;
    this.numberCount = dictionary == null ? -1 : dictionary.numberCount;
  }

  /**
   * Starts the values of a page of {@code entries} entries, encoded {@code e}, at {@code
   * bytes[p...]}.
   */
  void start(Encoding e, byte[] bytes, int p, int entries) throws IOException {
    boolean afterDeclined = mode == READER;
    buf = null;
    nextValue = 0;
    encoding = e;
    if (e.usesDictionary()) {
      mode = DICTIONARY;
      if (dictionary == null) {
        throw new ParquetDecodingException(
            "could not read page in col "
                + descriptor
                + " as the dictionary was missing for encoding "
                + e);
      }
      if (p >= bytes.length) {
        idRuns.start(bytes, p, p, 0); // no ids: fails when one is asked for
      } else {
        idRuns.start(bytes, p + 1, bytes.length, bytes[p] & 0xFF);
      }
      idAt = 0;
      idChunk = 0;
      return;
    }
    boolean binary = type == PrimitiveTypeName.BINARY;
    boolean integer = type == PrimitiveTypeName.INT32 || type == PrimitiveTypeName.INT64;
    if (e == Encoding.PLAIN && type != PrimitiveTypeName.INT96) {
      mode = PLAIN;
      buf = bytes;
      pos = p;
      end = bytes.length;
      bit = 0;
    } else if (e == Encoding.DELTA_BINARY_PACKED && integer) {
      mode = DELTA_INTEGERS;
      delta.integers(bytes, p, bytes.length, entries);
    } else if (e == Encoding.DELTA_LENGTH_BYTE_ARRAY && binary) {
      mode = DELTA_BINARIES;
      delta.binaries(bytes, p, bytes.length, false, entries);
    } else if (e == Encoding.DELTA_BYTE_ARRAY
        && (binary || type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
        // PARQUET-246: old writers continued a page's prefixes from the previous page
        && !CorruptDeltaByteArrays.requiresSequentialReads(writer, e)) {
      mode = DELTA_BINARIES;
      delta.binaries(bytes, p, bytes.length, true, entries);
    } else {
      mode = READER;
      declined.start(e, bytes, p, entries, afterDeclined);
    }
  }

  /**
   * True if the page's values can be taken as {@link #nextBits()}: INT32, INT64 or DOUBLE values,
   * PLAIN, delta-encoded, or from a dictionary decoded once per chunk.
   */
  public boolean hasBits() {
    return bitsType
        && (mode == PLAIN || mode == DELTA_INTEGERS || mode == DICTIONARY && numberCount >= 0);
  }

  /**
   * The page's next value as raw bits, when {@link #hasBits()}: an INT32 sign-extended, an INT64, a
   * DOUBLE's raw bits. What {@link #write()} hands a number converter, without the call.
   */
  public long nextBits() {
    if (mode == DICTIONARY) {
      int id = nextId();
      if (id < 0 || id >= numberCount) {
        throw damaged("dictionary id " + id + " outside its " + numberCount, null);
      }
      return longs != null ? longs[id] : ints[id];
    }
    long v;
    try {
      if (mode == PLAIN) {
        v = type == PrimitiveTypeName.INT32 ? intAt() : longAt();
      } else {
        v = delta.nextLong();
        v = type == PrimitiveTypeName.INT32 ? (int) v : v;
      }
    } catch (ParquetDecodingException e) {
      throw e;
    } catch (RuntimeException e) {
      throw damaged("cannot read value " + (nextValue + 1), e);
    }
    nextValue++;
    return v;
  }

  /**
   * True if the page's values can be taken as {@link #nextHigh()} and {@link #low()}: PLAIN
   * FIXED_LEN_BYTE_ARRAY(16), a decimal's unscaled value in 128-bit big-endian two's complement.
   */
  boolean hasWords() {
    return mode == PLAIN && type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY && fixedLength == 16;
  }

  /**
   * The page's next 16-byte value, when {@link #hasWords()}: returns its high word; {@link #low()}
   * then gives its low word. No copy of the bytes, as {@link #write()} makes for a converter.
   */
  long nextHigh() {
    if (end - pos < 16) {
      throw damaged("a value of 16 bytes runs past the page", null);
    }
    long high = (long) BIG_LONGS.get(buf, pos);
    low = (long) BIG_LONGS.get(buf, pos + 8);
    pos += 16;
    nextValue++;
    return high;
  }

  /** The low word of the value {@link #nextHigh()} read. */
  long low() {
    return low;
  }

  /**
   * The page's next {@code n} values as raw bits into {@code out[from, from + n)}, when {@link
   * #hasBits()}: {@link #nextBits()} {@code n} times, in one loop for dictionary ids and PLAIN
   * values (a run of list elements whose entries all hold a value).
   */
  public void nextBits(long[] out, int from, int n) {
    int stop = from + n;
    int width = type == PrimitiveTypeName.INT32 ? 4 : 8;
    if (mode == DICTIONARY) {
      for (int i = from; i < stop; ) {
        if (idAt >= idChunk) {
          out[i++] = nextBits(); // refills the ids, or fails as one value would
          continue;
        }
        int take = Math.min(idChunk - idAt, stop - i);
        for (int k = 0; k < take; k++) {
          int id = ids[idAt + k];
          if (id < 0 || id >= numberCount) {
            throw damaged("dictionary id " + id + " outside its " + numberCount, null);
          }
          out[i + k] = longs != null ? longs[id] : ints[id];
        }
        idAt += take;
        i += take;
      }
    } else if (mode == PLAIN && (long) n * width <= end - pos) {
      for (int i = from; i < stop; i++) {
        out[i] = width == 4 ? (int) INTS.get(buf, pos) : (long) LONGS.get(buf, pos);
        pos += width;
      }
      nextValue += n;
    } else { // delta-encoded, or values that run past the page: each fails where it should
      for (int i = from; i < stop; i++) {
        out[i] = nextBits();
      }
    }
  }

  /**
   * True if the page's values are read by parquet-java's own reader for their encoding, which this
   * class declines ({@link DeclinedValues}).
   */
  boolean declined() {
    return mode == READER;
  }

  /**
   * Once the values the levels call for are read: why the page's bytes go on after them, or null.
   * spec: Encodings.md (PLAIN booleans end in their last bit's byte); see each decoder's leftover.
   */
  String leftover() {
    int used = type == PrimitiveTypeName.BOOLEAN ? pos + ((bit + 7) >>> 3) : pos;
    return switch (mode) {
      case DICTIONARY -> idRuns.leftover(idRuns.decoded() - (idChunk - idAt));
      case PLAIN -> used == end ? null : PageEnd.bytesLeft(end - used);
      case DELTA_INTEGERS, DELTA_BINARIES -> delta.leftover();
      default -> declined.leftover(nextValue);
    };
  }

  /** True if the page's values are dictionary ids ({@link #nextId()}). */
  public boolean dictionaryPage() {
    return mode == DICTIONARY;
  }

  /** The page's next dictionary id, instead of {@link #write()} (values decoded ahead). */
  public int nextId() {
    if (idAt >= idChunk) {
      idChunk = idRuns.readUpTo(ids, CHUNK);
      idAt = 0;
      if (idChunk == 0) {
        throw damaged("more values than the page holds dictionary ids for", null);
      }
    }
    return ids[idAt++];
  }

  /** Hands the page's next value to the converter. */
  void write() {
    if (mode == DICTIONARY) {
      int id = nextId();
      if (dictionarySupport) {
        converter.addValueFromDictionary(id);
      } else {
        fromDictionary(id);
      }
      return;
    }
    try {
      switch (mode) {
        case PLAIN -> plain();
        case DELTA_INTEGERS -> {
          long v = delta.nextLong();
          if (type == PrimitiveTypeName.INT32) {
            converter.addInt((int) v);
          } else {
            converter.addLong(v);
          }
        }
        case DELTA_BINARIES -> {
          byte[] v = delta.nextBinary();
          if (binaries != null) {
            binaries.accept(v, -1);
          } else {
            converter.addBinary(Binary.fromConstantByteArray(v));
          }
        }
        default -> declined.write();
      }
    } catch (ParquetDecodingException e) {
      throw e;
    } catch (RuntimeException e) {
      throw damaged("cannot read value " + (nextValue + 1), e);
    }
    nextValue++;
  }

  private void fromDictionary(int id) {
    int size = dictionary.size;
    if (id < 0 || id >= size) {
      throw damaged("dictionary id " + id + " outside its " + size, null);
    }
    dictionary.write(id);
  }

  /** spec: Parquet Encodings, PLAIN: little-endian fixed widths, length-prefixed binaries. */
  private void plain() {
    switch (type) {
      case INT32 -> converter.addInt(intAt());
      case INT64 -> converter.addLong(longAt());
      case FLOAT -> converter.addFloat(Float.intBitsToFloat(intAt()));
      case DOUBLE -> converter.addDouble(Double.longBitsToDouble(longAt()));
      case BOOLEAN -> {
        if (pos + (bit >>> 3) >= end) {
          throw damaged("a boolean past the page", null);
        }
        boolean v = (buf[pos + (bit >>> 3)] >> (bit & 7) & 1) != 0;
        bit++;
        converter.addBoolean(v);
      }
      default -> {
        int length = type == PrimitiveTypeName.BINARY ? intAt() : fixedLength;
        if (length < 0 || length > end - pos) {
          throw damaged("a value of " + length + " bytes runs past the page", null);
        }
        byte[] v = Arrays.copyOfRange(buf, pos, pos + length);
        pos += length;
        if (binaries != null) {
          binaries.accept(v, -1);
        } else {
          converter.addBinary(Binary.fromConstantByteArray(v));
        }
      }
    }
  }

  private int intAt() {
    if (end - pos < 4) {
      throw damaged("a value past the page", null);
    }
    int v = (int) INTS.get(buf, pos);
    pos += 4;
    return v;
  }

  private long longAt() {
    if (end - pos < 8) {
      throw damaged("a value past the page", null);
    }
    long v = (long) LONGS.get(buf, pos);
    pos += 8;
    return v;
  }

  private ParquetDecodingException damaged(String why, Throwable cause) {
    return new ParquetDecodingException(
        "Cannot read column "
            + String.join(".", descriptor.getPath())
            + " ("
            + encoding
            + "): "
            + why,
        cause);
  }
}
