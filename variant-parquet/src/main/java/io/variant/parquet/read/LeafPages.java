package io.variant.parquet.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.CorruptDeltaByteArrays;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.values.RequiresPreviousReader;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One column chunk's entries, decoded a page at a time: what parquet-java's {@code
 * ColumnReaderImpl} gives {@link LeafColumn} entry by entry (levels, then the value to the
 * converter), without its per-entry stream reads and bindings. Each page's repetition and
 * definition levels go into {@code int[]}s ({@link RleHybrid}), dictionary ids too; PLAIN values
 * are read from the page's bytes; every other value encoding (delta, byte-stream-split, RLE
 * booleans) goes through parquet-java's own {@code ValuesReader} for it. Data pages v1 and v2.
 *
 * <p>The converter sees exactly the calls {@code ColumnReaderImpl} makes: {@code setDictionary}
 * once, then per non-null value {@code addValueFromDictionary} (dictionary pages, converters with
 * dictionary support), else the decoded value's {@code addInt}, {@code addLong}, ..., {@code
 * addBinary}. A {@link BinaryConverter} receives PLAIN binaries as its own copies without a {@code
 * Binary} in between. Damaged pages fail with {@link ParquetDecodingException}.
 */
final class LeafPages {
  private final ColumnDescriptor descriptor;
  private final PageReader pages;
  private final PrimitiveConverter converter;
  private final BinaryConverter binaries; // the converter when it takes byte arrays directly
  private final boolean dictionarySupport;
  private final ParsedVersion writer;
  private final PrimitiveTypeName type;
  private final int fixedLength; // FIXED_LEN_BYTE_ARRAY: each value's length
  private final Dictionary dictionary;
  private final int maxDefinition;
  private final int maxRepetition;
  private final long total;
  private long read; // entries of the chunk consumed

  // the current page
  private static final int CHUNK = 256; // levels and ids decoded at a time: buffers stay in cache
  private final int[] rep = new int[CHUNK];
  private final int[] def = new int[CHUNK];
  private final int[] ids = new int[CHUNK];
  private final Levels repetitions = new Levels();
  private final Levels definitions = new Levels();
  private final RleHybrid idRuns = new RleHybrid();
  private int entries; // in the page
  private int pageLeft; // entries of the page not yet in rep and def
  private int at; // the current entry in rep and def
  private int chunk; // entries in rep and def
  private int idAt; // the next id in ids
  private int idChunk; // ids in ids
  private static final int DICTIONARY = 0;
  private static final int PLAIN = 1;
  private static final int DELTA_INTEGERS = 2;
  private static final int DELTA_BINARIES = 3;
  private static final int READER = 4; // parquet-java's ValuesReader
  private int mode; // how the page's values are decoded
  private final DeltaPages delta = new DeltaPages();
  private int nextValue; // dictionary ids: the next one to hand out
  private byte[] buf; // PLAIN values: the page's bytes
  private int pos; // PLAIN values: where the next one starts
  private int end;
  private int bit; // PLAIN booleans: the next bit
  private ValuesReader values; // any other encoding
  private Encoding encoding;

  LeafPages(
      ColumnDescriptor descriptor,
      PageReader pages,
      PrimitiveConverter converter,
      ParsedVersion writer) {
    this.descriptor = descriptor;
    this.pages = pages;
    this.converter = converter;
    this.binaries = converter instanceof BinaryConverter b ? b : null;
    this.dictionarySupport = converter.hasDictionarySupport();
    this.writer = writer;
    this.type = descriptor.getPrimitiveType().getPrimitiveTypeName();
    this.fixedLength = descriptor.getPrimitiveType().getTypeLength();
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.maxRepetition = descriptor.getMaxRepetitionLevel();
    DictionaryPage page = pages.readDictionaryPage();
    if (page != null) {
      try {
        dictionary = page.getEncoding().initDictionary(descriptor, page);
        if (converter.hasDictionarySupport()) {
          converter.setDictionary(dictionary);
        }
      } catch (IOException e) {
        throw new ParquetDecodingException("could not decode the dictionary for " + descriptor, e);
      }
    } else {
      dictionary = null;
    }
    this.total = pages.getTotalValueCount();
    if (total <= 0) {
      throw new ParquetDecodingException("totalValueCount '" + total + "' <= 0");
    }
    nextPage();
  }

  /** Entries of the chunk, null or not. */
  long total() {
    return total;
  }

  /** The current entry's repetition level. */
  int repetition() {
    return rep[at];
  }

  /** The current entry's definition level. */
  int definition() {
    return def[at];
  }

  /** Moves to the next entry; past the last one of the chunk, stays there. */
  void consume() {
    read++;
    if (++at >= chunk && read < total) {
      if (pageLeft > 0) {
        levels();
      } else {
        nextPage();
      }
    }
  }

  /** Hands the current entry's value (its definition level is the maximum) to the converter. */
  void writeValue() {
    if (mode == DICTIONARY) {
      if (idAt >= idChunk) {
        idChunk = idRuns.readUpTo(ids, CHUNK);
        idAt = 0;
        if (idChunk == 0) {
          throw damaged("more values than the page holds dictionary ids for", null);
        }
      }
      int id = ids[idAt++];
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
        default -> fromReader();
      }
    } catch (ParquetDecodingException e) {
      throw e;
    } catch (RuntimeException e) {
      throw damaged("cannot read value " + (nextValue + 1), e);
    }
    nextValue++;
  }

  private void fromDictionary(int id) {
    if (id < 0 || id > dictionary.getMaxId()) {
      throw damaged("dictionary id " + id + " outside its " + (dictionary.getMaxId() + 1), null);
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

  private void fromReader() {
    switch (type) {
      case INT32 -> converter.addInt(values.readInteger());
      case INT64 -> converter.addLong(values.readLong());
      case FLOAT -> converter.addFloat(values.readFloat());
      case DOUBLE -> converter.addDouble(values.readDouble());
      case BOOLEAN -> converter.addBoolean(values.readBoolean());
      default -> converter.addBinary(values.readBytes());
    }
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
        byte[] v = java.util.Arrays.copyOfRange(buf, pos, pos + length);
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

  private static final java.lang.invoke.VarHandle INTS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  private void nextPage() {
    DataPage page = pages.readPage();
    if (page == null) {
      throw damaged("its pages hold fewer values than its chunk's " + total, null);
    }
    entries = page.getValueCount();
    if (entries <= 0) {
      throw damaged("a data page of " + entries + " values", null);
    }
    try {
      if (page instanceof DataPageV1 v1) {
        byte[] bytes = array(v1.getBytes());
        int p = repetitions.v1(v1.getRlEncoding(), ValuesType.REPETITION_LEVEL, bytes, 0);
        p = definitions.v1(v1.getDlEncoding(), ValuesType.DEFINITION_LEVEL, bytes, p);
        startValues(v1.getValueEncoding(), bytes, p);
      } else {
        DataPageV2 v2 = (DataPageV2) page;
        repetitions.v2(maxRepetition, v2.getRepetitionLevels());
        definitions.v2(maxDefinition, v2.getDefinitionLevels());
        startValues(v2.getDataEncoding(), array(v2.getData()), 0);
      }
    } catch (IOException e) {
      throw new ParquetDecodingException(
          "could not read page " + page + " in col " + descriptor, e);
    }
    pageLeft = entries;
    levels();
  }

  /** Decodes the page's next levels into {@link #rep} and {@link #def}. */
  private void levels() {
    chunk = Math.min(CHUNK, pageLeft);
    repetitions.read(rep, chunk);
    definitions.read(def, chunk);
    pageLeft -= chunk;
    at = 0;
  }

  /** A page part's bytes as one array from offset 0 (a copy only when not heap-backed). */
  private byte[] array(BytesInput in) throws IOException {
    ByteBuffer b = in.toByteBuffer();
    if (b.hasArray()
        && b.arrayOffset() == 0
        && b.position() == 0
        && b.remaining() == b.array().length) {
      return b.array();
    }
    byte[] a = new byte[b.remaining()];
    b.duplicate().get(a);
    return a;
  }

  /** One kind of level of the current page. */
  private final class Levels {
    private final RleHybrid runs = new RleHybrid();
    private ValuesReader reader; // levels of another encoding than RLE (v1 pages only)
    private boolean zero; // the column's maximum is 0: no levels stored

    /** Levels of a v1 page starting at {@code p}; returns where they end. */
    int v1(Encoding e, ValuesType kind, byte[] bytes, int p) throws IOException {
      int max = kind == ValuesType.REPETITION_LEVEL ? maxRepetition : maxDefinition;
      reader = null;
      zero = max == 0;
      if (zero) {
        return p; // parquet-java reads nothing for a level that is always 0
      }
      if (e == Encoding.RLE) {
        if (bytes.length - p < 4) {
          throw damaged("its levels run past the page", null);
        }
        int length = (int) INTS.get(bytes, p);
        if (length < 0 || length > bytes.length - p - 4) {
          throw damaged("levels of " + length + " bytes run past the page", null);
        }
        runs.start(bytes, p + 4, p + 4 + length, BytesUtils.getWidthFromMaxInt(max));
        return p + 4 + length;
      }
      // BIT_PACKED (deprecated) and anything else: parquet-java's own reader
      reader = e.getValuesReader(descriptor, kind);
      ByteBufferInputStream in =
          ByteBufferInputStream.wrap(ByteBuffer.wrap(bytes, p, bytes.length - p));
      reader.initFromPage(entries, in);
      return p + (int) in.position();
    }

    /** Levels of a v2 page: RLE, no length. */
    void v2(int max, BytesInput in) throws IOException {
      reader = null;
      zero = max == 0;
      if (!zero) {
        byte[] bytes = array(in);
        runs.start(bytes, 0, bytes.length, BytesUtils.getWidthFromMaxInt(max));
      }
    }

    /** The next {@code n} levels into {@code out}. */
    void read(int[] out, int n) {
      if (zero) {
        java.util.Arrays.fill(out, 0, n, 0);
      } else if (reader == null) {
        runs.read(out, 0, n);
      } else {
        for (int i = 0; i < n; i++) {
          out[i] = reader.readInteger();
        }
      }
    }
  }

  private void startValues(Encoding e, byte[] bytes, int p) throws IOException {
    ValuesReader previous = values;
    values = null;
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
      readerValues(e, bytes, p, previous);
    }
  }

  private void readerValues(Encoding e, byte[] bytes, int p, ValuesReader previous)
      throws IOException {
    values = e.getValuesReader(descriptor, ValuesType.VALUES);
    values.initFromPage(
        entries, ByteBufferInputStream.wrap(ByteBuffer.wrap(bytes, p, bytes.length - p)));
    if (CorruptDeltaByteArrays.requiresSequentialReads(writer, e)
        && previous instanceof RequiresPreviousReader) {
      ((RequiresPreviousReader) values).setPreviousReader(previous);
    }
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
