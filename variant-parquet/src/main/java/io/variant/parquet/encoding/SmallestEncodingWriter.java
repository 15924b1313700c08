// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.io.IOException;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;

/**
 * A values writer that encodes each column chunk's first page every way it is offered (a dictionary
 * and one or more others, e.g. PLAIN and a delta encoding) and keeps, for the rest of the chunk,
 * the encoding whose page <em>compressed</em> is smallest: for a dictionary, its ids and its
 * dictionary page together. parquet-java's {@code FallbackValuesWriter} judges the first page by
 * its uncompressed size, which under ZSTD keeps dictionaries that lose: the ids of a column of many
 * distinct short strings are bit-packed numbers the compressor cannot shrink, while the same
 * strings written out compress to less than the dictionary alone (product names and SKUs as list
 * elements: 82 KB with a dictionary, 68 KB PLAIN). A dictionary kept falls back, as parquet-java's
 * does, to the smallest other encoding once it outgrows its size limit.
 *
 * <p>Costs: the first page's values are kept as they come until they hold {@link #JUDGE_BYTES}
 * (counted as parquet-java counts a page's values) or the page ends. Then they are written each way
 * offered but the dictionary, each is compressed once, and the smallest takes them and the rest of
 * the page. The dictionary is fed beside it until the page ends (or it gives up: past its size
 * limit, or a dictionary that judges early, {@link BinaryDictionaryWriter#judgingEarly}), since its
 * worth shows only once values repeat. If (nearly) every value of the page is new it is dropped
 * unweighed: its page holds them all, as PLAIN would, and its ids come on top. Else its ids and its
 * page are compressed and weighed against the page in the other encoding, estimated at the rate its
 * first values compressed, or weighed whole in a close contest ({@link FallbackEstimate}). With
 * PLAIN the only other candidate (residual {@code value} columns) there is nothing to choose:
 * values go to PLAIN and the dictionary from the first one, and PLAIN's judged values (the head of
 * its page) are compressed only if the dictionary comes to be weighed (2-3% fewer bytes compressed
 * on the generated event and mixed rows). Compressing every candidate's whole first page (up to 1
 * MB) cost as much as the rest of the write on real rows, whose chunks are often a page or two.
 * Each row group judges anew.
 *
 * <p><b>Thread safety:</b> none, as every values writer.
 */
public final class SmallestEncodingWriter extends ValuesWriter {
  /**
   * Values bytes of a chunk's first page that decide its encoding (or the whole page if less). 16
   * KB rather than 64: writing real rows took 5-11% less CPU (compressing the judged heads of two
   * candidates was a fifth of the write's compression), and the files of {@code bench/sizes} grew
   * by at most 0.09% (mixed rows; a dictionary in a close contest is weighed against the whole
   * page, {@link FallbackEstimate}). At 8 KB the product rows' file grew 10%: its strings' first 8
   * KB chose the wrong encoding.
   */
  static final long JUDGE_BYTES = 16 << 10;

  private final DictionaryValuesWriter dictionary; // null where dictionaries are off
  private final List<ValuesWriter> others;
  private final PageWeigher weigher;
  private ValuesWriter current; // null while the first page is judged
  private ValuesWriter fallback; // the smallest other encoding: where a kept dictionary falls back
  private boolean dictionaryUsed; // a page of this chunk was written with the dictionary
  private long rawBytes; // as parquet-java's FallbackValuesWriter counts them: what decides pages
  private long pageValues; // values of the open page
  private final BufferedValues judged = new BufferedValues(); // the first values, until judged
  private boolean dictionaryPending; // the dictionary is fed beside the first page's encoding
  private final FallbackEstimate fallbackEstimate = new FallbackEstimate();
  private BufferedValues.Kind kind = BufferedValues.Kind.BINARY;
  private final boolean plainBesideDictionary; // PLAIN the only other: it takes every value
  private long judgedBytes; // plainBesideDictionary: the PLAIN bytes that would have been judged

  /**
   * @param dictionary the dictionary candidate, or null for none
   * @param others the other candidates, at least one
   * @param weigher the size of bytes once compressed as the file's pages are
   */
  public SmallestEncodingWriter(
      DictionaryValuesWriter dictionary, List<ValuesWriter> others, PageWeigher weigher) {
    if (others.isEmpty()) {
      throw new IllegalArgumentException(
          "Cannot choose an encoding: no candidate besides the dictionary");
    }
    this.dictionary = dictionary;
    this.others = List.copyOf(others);
    this.weigher = weigher;
    this.plainBesideDictionary =
        dictionary != null && others.size() == 1 && others.get(0) instanceof PlainValuesWriter;
  }

  @Override
  public BytesInput getBytes() {
    if (current == null) {
      if (rawBytes == 0) { // a page of nulls: nothing to judge by, so the next page is judged
        BytesInput empty = copy(others.get(0).getBytes());
        resetCandidates();
        return empty;
      }
      choose();
    }
    if (dictionaryPending) {
      BytesInput ids = weighDictionary();
      if (ids != null) {
        dictionaryUsed = true;
        return ids;
      }
    }
    dictionaryUsed |= current == dictionary;
    return current.getBytes();
  }

  /**
   * Writes the values kept so far each way offered but the dictionary, keeps the one whose bytes
   * compress smallest, and gives it (unless it is PLAIN, which holds them as they are) and the
   * dictionary, which goes on until the page ends, the values again.
   */
  private void choose() {
    long best = Long.MAX_VALUE;
    for (ValuesWriter w : others) {
      if (w instanceof CappedPrefixWriter capped) {
        capped.capAt(judged.modalSharedPrefix());
      }
    }
    for (ValuesWriter w : others) {
      judged.writeTo(w, kind, () -> false);
      long size = weigher.compressedSize(w.getBytes());
      if (size < best) {
        best = size;
        fallback = w;
      }
    }
    fallbackEstimate.judged(best, rawBytes);
    current = fallback;
    for (ValuesWriter w : others) {
      if (w != current || !(w instanceof PlainValuesWriter)) {
        w.reset();
      }
    }
    // PLAIN's bytes stay as they were weighed and take the page's next values after them; a delta
    // encoder's are ended by being read, so it is given the values again
    if (!(current instanceof PlainValuesWriter)) {
      judged.writeTo(current, kind, () -> false);
    }
    if (dictionary != null) {
      // asked once per value, as below: a verdict of a dictionary that judges early holds only at
      // the value it was asked after
      boolean[] gaveUp = {false};
      judged.writeTo(dictionary, kind, () -> gaveUp[0] = dictionary.shouldFallBack());
      dictionaryPending = !gaveUp[0];
      if (!dictionaryPending) {
        dropDictionary();
      }
    }
    judged.clear();
  }

  /**
   * At the end of the first page: keeps the dictionary if its ids and its page compressed come to
   * less than the page in the other encoding would (estimated from the values judged; in a close
   * contest, that page weighed whole, {@link FallbackEstimate}), and returns the ids; else null.
   */
  private BytesInput weighDictionary() {
    dictionaryPending = false;
    BytesInput encodedIds = dictionary.getBytes(); // first: it ends the page the dictionary lists
    DictionaryPage page = dictionary.toDictPageAndClose();
    // (nearly) every value new: its page holds them all, as PLAIN would, and its ids come on top
    if (page == null || !FirstPageProbe.valuesRepeat(page.getDictionarySize(), pageValues)) {
      dropDictionary();
      return null;
    }
    BytesInput ids = copy(encodedIds); // read twice: weighed, then written
    if (plainBesideDictionary) {
      judgePlainPrefix();
    }
    long dictionaryBytes =
        weigher.compressedSize(ids) + weigher.dictionaryPageSize(page.getBytes());
    boolean dictionaryWins = dictionaryBytes < fallbackEstimate.estimate(rawBytes);
    if (fallbackEstimate.closeContest(dictionaryBytes, rawBytes)) {
      // read again if it wins: a page's values read twice give the same bytes
      dictionaryWins = dictionaryBytes < weigher.compressedSize(fallback.getBytes());
    }
    if (dictionaryWins) {
      fallback.reset(); // its page was only a candidate
      current = dictionary;
      return ids;
    }
    dropDictionary();
    return null;
  }

  /**
   * With PLAIN the only other candidate: the rate its judged values compress at, from the prefix of
   * its page that holds them. PLAIN writes each value's bytes one after the other, so that prefix
   * is byte for byte what {@link #choose()} would have compressed.
   */
  private void judgePlainPrefix() {
    long judged = judgedBytes == 0 ? rawBytes : judgedBytes;
    byte[] prefix;
    try {
      // the page is read again when written; only its judged head is copied here
      prefix = fallback.getBytes().toInputStream().readNBytes((int) judged);
    } catch (IOException e) {
      throw new ParquetEncodingException("could not read a page's values to judge its encoding", e);
    }
    fallbackEstimate.judged(weigher.compressedSize(BytesInput.from(prefix)), judged);
  }

  /** The dictionary leaves the contest for this chunk. */
  private void dropDictionary() {
    dictionaryPending = false;
    dictionary.reset();
    dictionary.resetDictionary();
  }

  @Override
  public Encoding getEncoding() {
    return current == null ? others.get(0).getEncoding() : current.getEncoding();
  }

  @Override
  public long getBufferedSize() {
    return rawBytes;
  }

  @Override
  public long getAllocatedSize() {
    if (current != null) {
      return current.getAllocatedSize() + (dictionaryPending ? dictionary.getAllocatedSize() : 0);
    }
    long sum = judged.allocatedSize() + (dictionary == null ? 0 : dictionary.getAllocatedSize());
    for (ValuesWriter w : others) {
      sum += w.getAllocatedSize();
    }
    return sum;
  }

  @Override
  public void reset() {
    rawBytes = 0;
    pageValues = 0;
    if (current != null) {
      current.reset();
      if (dictionary != null && current != dictionary) {
        dictionary.reset(); // after a fallback: the ids of the page it fell back in
      }
    }
  }

  @Override
  public void close() {
    if (dictionary != null) {
      dictionary.close();
    }
    others.forEach(ValuesWriter::close);
  }

  /**
   * The dictionary page, if a page of this chunk used the dictionary. The end of a column chunk:
   * without a dictionary page nothing else tells this writer so (parquet-java calls {@link
   * #resetDictionary()} only after writing one), so the next chunk's first page is judged anew
   * here.
   */
  @Override
  public DictionaryPage toDictPageAndClose() {
    if (dictionaryUsed) {
      return dictionary.toDictPageAndClose();
    }
    resetDictionary();
    return null;
  }

  /** The end of a column chunk: the next one judges its first page anew. */
  @Override
  public void resetDictionary() {
    if (dictionary != null) {
      dictionary.resetDictionary();
    }
    resetCandidates();
    current = null;
    fallback = null;
    dictionaryUsed = false;
    dictionaryPending = false;
  }

  private void resetCandidates() {
    judged.clear();
    pageValues = 0;
    if (dictionary != null) {
      dictionary.reset();
    }
    for (ValuesWriter w : others) {
      w.reset();
    }
  }

  @Override
  public String memUsageString(String prefix) {
    return prefix + " SmallestEncodingWriter{" + getAllocatedSize() + " bytes}";
  }

  /** {@code bytes} in memory, to be read more than once. */
  private static BytesInput copy(BytesInput bytes) {
    try {
      return BytesInput.copy(bytes);
    } catch (IOException e) {
      throw new ParquetEncodingException("could not copy a page's values to judge its encoding", e);
    }
  }

  /** After a value: a kept dictionary past its size limit falls back, as parquet-java's does. */
  private void written() {
    if (current == dictionary && dictionary.shouldFallBack()) {
      dictionary.fallBackAllValuesTo(fallback);
      current = fallback;
    }
  }

  @Override
  public void writeBytes(Binary v) {
    if (counted(v.length() + 4)) {
      current.writeBytes(v);
      if (dictionaryPending) {
        dictionary.writeBytes(v);
        fedDictionary();
      }
      written();
      return;
    }
    kind = BufferedValues.Kind.BINARY;
    judged.addBinary(v);
    chooseOnceEnough();
  }

  @Override
  public void writeInteger(int v) {
    if (counted(4)) {
      current.writeInteger(v);
      if (dictionaryPending) {
        dictionary.writeInteger(v);
        fedDictionary();
      }
      written();
      return;
    }
    kind = BufferedValues.Kind.INT;
    judged.addInt(v);
    chooseOnceEnough();
  }

  @Override
  public void writeLong(long v) {
    if (counted(8)) {
      current.writeLong(v);
      if (dictionaryPending) {
        dictionary.writeLong(v);
        fedDictionary();
      }
      written();
      return;
    }
    kind = BufferedValues.Kind.LONG;
    judged.addLong(v);
    chooseOnceEnough();
  }

  /**
   * Counts a value of {@code plainBytes} as PLAIN; whether an encoding is chosen to take it (else
   * it is kept for judging).
   */
  private boolean counted(int plainBytes) {
    rawBytes += plainBytes;
    pageValues++;
    if (current == null && plainBesideDictionary) {
      startPlain();
    }
    return current != null;
  }

  /** After the dictionary took a value beside the first page's encoding. */
  private void fedDictionary() {
    if (dictionary.shouldFallBack()) {
      dropDictionary();
    } else if (plainBesideDictionary && judgedBytes == 0 && rawBytes >= JUDGE_BYTES) {
      judgedBytes = rawBytes; // where choose() would have judged
    }
  }

  /** PLAIN beside the dictionary: both take the chunk's values from its first one. */
  private void startPlain() {
    fallback = others.get(0);
    current = fallback;
    dictionaryPending = true;
    judgedBytes = 0;
  }

  /** While judging: once the values kept hold {@link #JUDGE_BYTES}, they decide. */
  private void chooseOnceEnough() {
    if (rawBytes >= JUDGE_BYTES) {
      choose();
    }
  }
}
