// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * One column chunk's entries, decoded a page at a time: what parquet-java's {@code
 * ColumnReaderImpl} gives {@link LeafColumn} entry by entry (levels, then the value to the
 * converter), without its per-entry stream reads and bindings. Repetition and definition levels are
 * decoded a few hundred at a time into small {@code int[]}s ({@link RleHybrid}; levels of another
 * encoding through parquet-java's reader for it), values by {@link PageValues}. Data pages v1 and
 * v2. Damaged pages fail with {@link ParquetDecodingException}. <b>Thread safety:</b> none.
 */
// Over 400 lines: the level buffers' ways of being read (a batch, a run, a row kept while more are
// decoded after it) share their fields, which a split would put behind another object.
final class LeafPages {
  private final ColumnDescriptor descriptor;
  private final PageReader pages;
  private final PageValues values;
  private final int maxDefinition;
  private final int maxRepetition;
  private final long total;
  private long read; // entries of the chunk consumed

  // the current page
  // Levels decoded at a time. A row reads one entry of every leaf, so every leaf's buffers are in
  // use at once: 49 leaves of two int[256] each took 100 KB, twice a core's L1 data cache; at 64
  // they take a quarter of that, for a decode call every 64 rows instead of 256.
  private static final int CHUNK = 64;
  // A leaf whose lists fill its buffers decodes up to this many at a time: one list is then read
  // in fewer runs, and the rows of such a leaf have few other entries competing for the cache.
  private static final int MAX_CHUNK = 1024;
  // A leaf outside lists decodes this many levels and values at a time ({@link FlatValues}): a
  // row then reads one int and one value of its arrays, sequentially, so larger batches cost the
  // cache little and spread each decode call's set-up over more rows.
  static final int FLAT_CHUNK = 256;
  private static final java.lang.invoke.VarHandle INTS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
  private int[] rep = new int[CHUNK];
  private int[] def = new int[CHUNK];
  private boolean grow; // a run filled the buffers: make them larger at the next decode
  private int runValues; // entries of the last run that hold a value
  private final Levels repetitions = new Levels();
  private final Levels definitions = new Levels();
  private int entries; // in the page
  private int pageLeft; // entries of the page not yet in rep and def
  private int at; // the current entry in rep and def
  private int chunk; // entries in rep and def
  private FlatValues flat; // a leaf outside lists: its values decoded with its levels, or null
  private int constant = -1; // see constant()

  LeafPages(
      ColumnDescriptor descriptor,
      PageReader pages,
      PrimitiveConverter converter,
      ParsedVersion writer) {
    this.descriptor = descriptor;
    this.pages = pages;
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.maxRepetition = descriptor.getMaxRepetitionLevel();
    this.values = new PageValues(descriptor, pages.readDictionaryPage(), converter, writer);
    this.total = pages.getTotalValueCount();
    if (total <= 0) {
      throw new ParquetDecodingException("totalValueCount '" + total + "' <= 0");
    }
    nextPage();
  }

  /**
   * Decodes the values of a leaf outside lists together with its levels from now on, into the
   * returned {@link FlatValues}, as far as {@code raw} ({@link ScalarConverters#rawKind}) and the
   * converter allow.
   */
  FlatValues flat(int raw, PrimitiveConverter converter) {
    flat = new FlatValues(raw, converter);
    flat.fill(values, valuesAhead());
    return flat;
  }

  /** Decoded definition levels from {@link #position()} to {@link #decoded()} (flat leaves). */
  int[] definitions() {
    return def;
  }

  /** Decoded repetition levels, as {@link #definitions()}. */
  int[] repetitions() {
    return rep;
  }

  /** The current entry's index in {@link #definitions()}. */
  int position() {
    return at;
  }

  /** The end of the decoded levels in {@link #definitions()}. */
  int decoded() {
    return chunk;
  }

  /**
   * How many of the decoded levels from the current entry on hold a value; also notes whether they
   * are all one level ({@link #constant()}).
   */
  private int valuesAhead() {
    int n = 0;
    int max = maxDefinition;
    int[] d = def;
    int to = chunk;
    int first = at < to ? d[at] : -1;
    int differ = 0;
    for (int i = at; i < to; i++) {
      int x = d[i];
      n += x == max ? 1 : 0;
      differ |= x ^ first;
    }
    constant = differ == 0 ? first : -1;
    return n;
  }

  /**
   * A leaf outside lists: the one definition level of all levels decoded with the current values
   * ({@link #flat}), or -1 if they differ or there are none. Valid until the next decode.
   */
  int constant() {
    return constant;
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

  /** Hands the current entry's value (its definition level is the maximum) to the converter. */
  void writeValue() {
    values.write();
  }

  /** True if this page's values can be taken as {@link #nextBits()} ({@link PageValues}). */
  boolean hasBits() {
    return values.hasBits();
  }

  /** The next value as raw bits instead of {@link #writeValue()}: see {@link PageValues}. */
  long nextBits() {
    return values.nextBits();
  }

  /** The next {@code n} values as raw bits into {@code out[from, from + n)}. */
  void nextBits(long[] out, int from, int n) {
    values.nextBits(out, from, n);
  }

  /** True if this page's values can be taken as {@link #nextHigh()} ({@link PageValues}). */
  boolean hasWords() {
    return values.hasWords();
  }

  /** The next 16-byte value's high word instead of {@link #writeValue()}; then {@link #low()}. */
  long nextHigh() {
    return values.nextHigh();
  }

  /** The low word of the value {@link #nextHigh()} read. */
  long low() {
    return values.low();
  }

  /** Moves to the next entry; past the last one of the chunk, stays there. */
  void consume() {
    read++;
    if (++at >= chunk && read < total) {
      refill();
    }
  }

  /**
   * How many entries, from the current one on and among the levels already decoded, have repetition
   * level {@code level} and a definition level from {@code minDefinition} to the column's maximum:
   * the further elements of one list that a leaf can take as a run, without looking at each entry's
   * levels twice. Stops before a level no writer produces, so that the entry-by-entry path reports
   * it. At most the entries left in the level buffers (from {@link #CHUNK} up to {@link
   * #MAX_CHUNK}, grown for leaves whose lists fill them): a list that spans more (or a page
   * boundary) is several runs.
   */
  int run(int level, int minDefinition) {
    int i = at;
    int stop = chunk;
    int values = 0;
    for (; i < stop; i++) {
      int d = def[i];
      if (rep[i] != level || d < minDefinition || d > maxDefinition) {
        break;
      }
      values += d == maxDefinition ? 1 : 0;
    }
    runValues = values;
    if (i == stop && at == 0 && rep.length < MAX_CHUNK) {
      grow = true; // a list longer than the buffers: decode more levels at a time
    }
    return i - at;
  }

  /** How many entries of the last {@link #run} hold a value (the maximum definition level). */
  int runValues() {
    return runValues;
  }

  /**
   * Hands over the {@code valued} values ({@link #runValues}) of a run of {@code n} elements, from
   * element {@code first} on, to {@code run}: as raw bits or words where {@code raw} ({@link
   * ScalarConverters#rawKind}) and the page allow, else through the converter. Consumes nothing.
   */
  void runValuesTo(ScalarElements run, int first, int n, int valued, int raw) {
    if (valued == 0) {
      return; // a residual leaf where every element is typed, or the reverse
    }
    boolean dense = valued == n; // every entry holds a value
    if (dense && raw == ScalarConverters.BITS && hasBits()) {
      nextBits(run.typedBits(first, n), first, n); // every entry a number: one copy loop
    } else if (raw == ScalarConverters.BITS && hasBits()) {
      // numbers straight from the page into the elements' arrays: no converter call per value
      for (int j = 0; j < n; j++) {
        if (definitionAhead(j) == maxDefinition) {
          run.setBits(first + j, nextBits());
        }
      }
    } else if (raw == ScalarConverters.UNSCALED && hasBits()) {
      for (int j = 0; j < n; j++) {
        if (definitionAhead(j) == maxDefinition) {
          long v = nextBits();
          run.setUnscaled(first + j, v >> 63, v);
        }
      }
    } else if (raw == ScalarConverters.WORDS && hasWords()) {
      for (int j = 0; j < n; j++) {
        if (definitionAhead(j) == maxDefinition) {
          long high = nextHigh();
          run.setUnscaled(first + j, high, low());
        }
      }
    } else {
      for (int j = 0; j < n; j++) {
        if (definitionAhead(j) == maxDefinition) {
          run.at(first + j);
          writeValue();
        }
      }
    }
  }

  /** The definition level of the entry {@code ahead} entries after the current one, in a run. */
  int definitionAhead(int ahead) {
    return def[at + ahead];
  }

  /** Consumes the {@code n} entries of a {@link #run} (values already handed over). */
  void consume(int n) {
    read += n;
    at += n;
    if (at >= chunk && read < total) {
      refill();
    }
  }

  /**
   * Keeps the levels from the current entry on and decodes more of the page's after them, if the
   * page has more and the buffers room: a row of a list that reaches past the decoded levels is
   * then read whole ({@link ScalarListRows}). Returns false if nothing more was decoded.
   */
  boolean extend() {
    int keep = chunk - at;
    int m = Math.min(rep.length - keep, pageLeft);
    if (m <= 0) {
      return false;
    }
    System.arraycopy(rep, at, rep, 0, keep);
    System.arraycopy(def, at, def, 0, keep);
    repetitions.read(rep, keep, m);
    definitions.read(def, keep, m);
    pageLeft -= m;
    chunk = keep + m;
    at = 0;
    return true;
  }

  private void refill() {
    if (pageLeft > 0) {
      levels();
    } else {
      nextPage();
    }
  }

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
        values.start(v1.getValueEncoding(), bytes, p, entries);
      } else {
        DataPageV2 v2 = (DataPageV2) page;
        repetitions.v2(maxRepetition, v2.getRepetitionLevels());
        definitions.v2(maxDefinition, v2.getDefinitionLevels());
        values.start(v2.getDataEncoding(), array(v2.getData()), 0, entries);
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
    if (grow) {
      grow = false;
      rep = new int[rep.length * 4]; // all of the old buffers' levels are consumed by now
      def = new int[rep.length];
    } else if (flat != null && rep.length < FLAT_CHUNK) {
      rep = new int[FLAT_CHUNK];
      def = new int[FLAT_CHUNK];
    }
    chunk = Math.min(rep.length, pageLeft);
    repetitions.read(rep, 0, chunk);
    if (flat == null) {
      definitions.read(def, 0, chunk);
      pageLeft -= chunk;
      at = 0;
      return;
    }
    int valued = definitions.readCounting(def, chunk); // the levels and valuesAhead() in one pass
    pageLeft -= chunk;
    at = 0;
    flat.fill(values, valued);
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

    /**
     * The next {@code n} levels into {@code out[0, n)}, returning how many are the maximum (the
     * entries that hold a value) and setting {@link #constant} as {@link #valuesAhead()} does.
     */
    int readCounting(int[] out, int n) {
      if (reader != null || zero) {
        read(out, 0, n);
        at = 0;
        chunk = n;
        return valuesAhead();
      }
      int valued = runs.readCounting(out, n, maxDefinition);
      constant = n > 0 ? runs.single() : -1;
      return valued;
    }

    /** The next {@code n} levels into {@code out[from, from + n)}. */
    void read(int[] out, int from, int n) {
      // A level that is always 0 writes nothing. Invariant: out is this kind's own buffer and the
      // column's maximum never changes, so it holds only the zeros it was created with.
      if (zero) {
        return;
      }
      if (reader == null) {
        runs.read(out, from, n);
      } else {
        for (int i = from; i < from + n; i++) {
          out[i] = reader.readInteger();
        }
      }
    }
  }

  private ParquetDecodingException damaged(String why, Throwable cause) {
    return new ParquetDecodingException(
        "Cannot read column " + String.join(".", descriptor.getPath()) + ": " + why, cause);
  }
}
