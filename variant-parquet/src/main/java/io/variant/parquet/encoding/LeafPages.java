// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * One column chunk's entries, decoded a page at a time: what parquet-java's {@code
 * ColumnReaderImpl} gives its caller entry by entry (levels, then the value to the converter),
 * without its per-entry stream reads and bindings. Repetition and definition levels are decoded a
 * few hundred at a time into small {@code int[]}s ({@link PageLevels}), values by {@link
 * PageValues}. Data pages v1 and v2. Besides the entry at a time ({@link #repetition()}, {@link
 * #definition()}, {@link #writeValue()}, {@link #consume()}), a reader may take a run of one list's
 * elements ({@link #run}), a row's levels decoded past the current batch ({@link #extend}), or the
 * values of a leaf outside lists decoded with its levels ({@link #decodeAhead}). Damaged pages fail
 * with {@link ParquetDecodingException}, and so does a page whose levels and values, once read to
 * its end, do not use up its bytes ({@link PageEnd}). <b>Thread safety:</b> none.
 */
public final class LeafPages {
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
  // A leaf outside lists decodes this many levels and values at a time (decodeAhead): a row then
  // reads one int and one value of its arrays, sequentially, so larger batches cost the
  // cache little and spread each decode call's set-up over more rows.
  static final int FLAT_CHUNK = 256;
  private int[] rep = new int[CHUNK];
  private int[] def = new int[CHUNK];
  private boolean grow; // a run filled the buffers: make them larger at the next decode
  private int runValues; // entries of the last run that hold a value
  private final PageLevels repetitions;
  private final PageLevels definitions;
  private final PageEnd end;
  private int entries; // in the page
  private int pageNumber; // the current page's in the chunk, from 1
  private int pageLeft; // entries of the page not yet in rep and def
  private int at; // the current entry in rep and def
  private int chunk; // entries in rep and def
  private ValuesAhead flat; // a leaf outside lists: its values decoded with its levels, or null
  private int constant = -1; // see constant()

  public LeafPages(
      ColumnDescriptor descriptor,
      PageReader pages,
      PrimitiveConverter converter,
      ParsedVersion writer) {
    this.descriptor = descriptor;
    this.pages = pages;
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.maxRepetition = descriptor.getMaxRepetitionLevel();
    this.repetitions = new PageLevels(descriptor, ValuesType.REPETITION_LEVEL);
    this.definitions = new PageLevels(descriptor, ValuesType.DEFINITION_LEVEL);
    this.values = new PageValues(descriptor, pages.readDictionaryPage(), converter, writer);
    this.end = new PageEnd(descriptor, repetitions, definitions, values);
    this.total = pages.getTotalValueCount();
    if (total <= 0) {
      throw new ParquetDecodingException("totalValueCount '" + total + "' <= 0");
    }
    nextPage();
  }

  /**
   * Decodes the values of a leaf outside lists together with its levels from now on: {@code ahead}
   * takes the values of the levels decoded now and of every batch of levels decoded after them.
   */
  public void decodeAhead(ValuesAhead ahead) {
    flat = ahead;
    // the page's last values, all taken: the page is read to its end before a row takes any
    if (ahead.fill(values, valuesAhead()) && pageLeft == 0) {
      end.check(pageNumber, def, at, chunk);
    }
  }

  /** Decoded definition levels from {@link #position()} to {@link #decoded()} (flat leaves). */
  public int[] definitions() {
    return def;
  }

  /** Decoded repetition levels, as {@link #definitions()}. */
  public int[] repetitions() {
    return rep;
  }

  /** The current entry's index in {@link #definitions()}. */
  public int position() {
    return at;
  }

  /** The end of the decoded levels in {@link #definitions()}. */
  public int decoded() {
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
  public int constant() {
    return constant;
  }

  /** The column's maximum definition level: an entry at it holds a value. */
  public int maxDefinition() {
    return maxDefinition;
  }

  /** Entries of the chunk, null or not. */
  public long total() {
    return total;
  }

  /** The current entry's repetition level. */
  public int repetition() {
    return rep[at];
  }

  /** The current entry's definition level. */
  public int definition() {
    return def[at];
  }

  /** Hands the current entry's value (its definition level is the maximum) to the converter. */
  public void writeValue() {
    values.write();
  }

  /** True if this page's values can be taken as {@link #nextBits()} ({@link PageValues}). */
  public boolean hasBits() {
    return values.hasBits();
  }

  /** The next value as raw bits instead of {@link #writeValue()}: see {@link PageValues}. */
  public long nextBits() {
    return values.nextBits();
  }

  /** The next {@code n} values as raw bits into {@code out[from, from + n)}. */
  public void nextBits(long[] out, int from, int n) {
    values.nextBits(out, from, n);
  }

  /** True if this page's values can be taken as {@link #nextHigh()} ({@link PageValues}). */
  public boolean hasWords() {
    return values.hasWords();
  }

  /** The next 16-byte value's high word instead of {@link #writeValue()}; then {@link #low()}. */
  public long nextHigh() {
    return values.nextHigh();
  }

  /** The low word of the value {@link #nextHigh()} read. */
  public long low() {
    return values.low();
  }

  /**
   * True if the current page's values are read by parquet-java's own decoder for their encoding,
   * which {@link PageValues} declines ({@code DeclinedValues}).
   */
  boolean declinedPage() {
    return values.declined();
  }

  /** Moves to the next entry; past the last one of the chunk, stays there. */
  public void consume() {
    read++;
    if (++at >= chunk) {
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
  public int run(int level, int minDefinition) {
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
  public int runValues() {
    return runValues;
  }

  /** The definition level of the entry {@code ahead} entries after the current one, in a run. */
  public int definitionAhead(int ahead) {
    return def[at + ahead];
  }

  /** Consumes the {@code n} entries of a {@link #run} (values already handed over). */
  public void consume(int n) {
    read += n;
    at += n;
    if (at >= chunk) {
      refill();
    }
  }

  /**
   * Keeps the levels from the current entry on and decodes more of the page's after them, if the
   * page has more and the buffers room: a row of a list that reaches past the decoded levels is
   * then read whole, as one run. Returns false if nothing more was decoded.
   */
  public boolean extend() {
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

  /** The decoded levels are consumed: decodes more, or at the chunk's end checks its last page. */
  private void refill() {
    if (read < total) {
      if (pageLeft > 0) {
        levels();
      } else {
        nextPage();
      }
    } else if (read == total) {
      end.check(pageNumber);
    }
  }

  private void nextPage() {
    if (pageNumber++ > 0) {
      end.check(pageNumber - 1);
    }
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
        int p = repetitions.v1(v1.getRlEncoding(), bytes, 0, entries);
        p = definitions.v1(v1.getDlEncoding(), bytes, p, entries);
        values.start(v1.getValueEncoding(), bytes, p, entries);
      } else {
        DataPageV2 v2 = (DataPageV2) page;
        repetitions.v2(v2.getRepetitionLevels());
        definitions.v2(v2.getDefinitionLevels());
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
    if (valued < 0) {
      valued = valuesAhead();
    } else {
      constant = chunk > 0 ? definitions.single() : -1;
    }
    if (flat.fill(values, valued) && pageLeft == 0) {
      end.check(pageNumber, def, 0, chunk); // as in decodeAhead
    }
  }

  /** A page part's bytes as one array from offset 0 (a copy only when not heap-backed). */
  static byte[] array(BytesInput in) throws IOException {
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

  private ParquetDecodingException damaged(String why, Throwable cause) {
    return new ParquetDecodingException(
        "Cannot read column " + String.join(".", descriptor.getPath()) + ": " + why, cause);
  }

  /** How a damaged chunk of {@code column} is reported; the row cursor names the file and row. */
  public static ParquetDecodingException damaged(ColumnDescriptor column, String why) {
    return new ParquetDecodingException(
        "Cannot read column " + String.join(".", column.getPath()) + ": " + why);
  }

  /** Definition level {@code d}, which no writer produces, in {@code column}. */
  public static ParquetDecodingException outside(ColumnDescriptor column, int d) {
    return damaged(
        column,
        "definition level "
            + d
            + " is outside the column's 0 to "
            + column.getMaxDefinitionLevel());
  }

  /** A row past the entries of {@code column}'s chunk. */
  public static ParquetDecodingException exhausted(ColumnDescriptor column) {
    return damaged(column, "it holds fewer rows than its row group");
  }
}
