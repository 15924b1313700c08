// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.io.IOException;
import java.util.List;
import java.util.function.ToLongFunction;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
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
 * <p>Costs: while the first page is open, every value is written to every candidate (to the
 * dictionary only until it gives up: past its size limit, or a dictionary that judges early, {@link
 * BinaryDictionaryWriter#judgingEarly}), and its end compresses each candidate once more; the other
 * pages cost what the kept encoding costs. Each row group judges anew.
 *
 * <p><b>Thread safety:</b> none, as every values writer.
 */
public final class SmallestEncodingWriter extends ValuesWriter {
  private final DictionaryValuesWriter dictionary; // null where dictionaries are off
  private final List<ValuesWriter> others;
  private final ToLongFunction<BytesInput> compressedSize;
  private ValuesWriter current; // null while the first page is judged
  private ValuesWriter fallback; // the smallest other encoding: where a kept dictionary falls back
  private boolean dictionaryUsed; // a page of this chunk was written with the dictionary
  private boolean dictionaryOut; // the dictionary gave up while the first page was judged
  private long rawBytes; // as parquet-java's FallbackValuesWriter counts them: what decides pages

  /**
   * @param dictionary the dictionary candidate, or null for none
   * @param others the other candidates, at least one
   * @param compressedSize the size of bytes once compressed as the file's pages are; called while a
   *     page is being written, and must not keep or change what it is given
   */
  public SmallestEncodingWriter(
      DictionaryValuesWriter dictionary,
      List<ValuesWriter> others,
      ToLongFunction<BytesInput> compressedSize) {
    if (others.isEmpty()) {
      throw new IllegalArgumentException(
          "Cannot choose an encoding: no candidate besides the dictionary");
    }
    this.dictionary = dictionary;
    this.others = List.copyOf(others);
    this.compressedSize = compressedSize;
  }

  @Override
  public BytesInput getBytes() {
    if (current != null) {
      dictionaryUsed |= current == dictionary;
      return current.getBytes();
    }
    if (rawBytes == 0) { // a page of nulls: nothing to judge by, so the next page is judged
      BytesInput empty = copy(others.get(0).getBytes());
      resetCandidates();
      return empty;
    }
    long best = Long.MAX_VALUE;
    BytesInput bestBytes = null;
    for (ValuesWriter w : others) {
      BytesInput bytes = copy(w.getBytes()); // read twice: judged, then written
      long size = compressedSize.applyAsLong(bytes);
      if (size < best) {
        best = size;
        bestBytes = bytes;
        fallback = w;
      }
    }
    current = fallback;
    if (dictionary != null && !dictionaryOut && !dictionary.shouldFallBack()) {
      BytesInput ids = copy(dictionary.getBytes());
      DictionaryPage page = dictionary.toDictPageAndClose();
      long size = compressedSize.applyAsLong(ids) + compressedSize.applyAsLong(page.getBytes());
      if (size < best) {
        bestBytes = ids;
        current = dictionary;
        dictionaryUsed = true;
      }
    }
    for (ValuesWriter w : others) {
      if (w != current) {
        w.reset(); // its page was judged; after a kept dictionary, the fallback starts empty
      }
    }
    if (dictionary != null && current != dictionary) {
      dictionary.reset();
      dictionary.resetDictionary();
    }
    return bestBytes;
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
      return current.getAllocatedSize();
    }
    long sum = dictionary == null ? 0 : dictionary.getAllocatedSize();
    for (ValuesWriter w : others) {
      sum += w.getAllocatedSize();
    }
    return sum;
  }

  @Override
  public void reset() {
    rawBytes = 0;
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
    dictionaryOut = false;
  }

  private void resetCandidates() {
    dictionaryOut = false;
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
    rawBytes += v.length() + 4;
    if (current != null) {
      current.writeBytes(v);
      written();
      return;
    }
    if (dictionary != null && !dictionaryOut) {
      dictionary.writeBytes(v);
      dictionaryOut = dictionary.shouldFallBack();
    }
    for (ValuesWriter w : others) {
      w.writeBytes(v);
    }
  }

  @Override
  public void writeInteger(int v) {
    rawBytes += 4;
    if (current != null) {
      current.writeInteger(v);
      written();
      return;
    }
    if (dictionary != null && !dictionaryOut) {
      dictionary.writeInteger(v);
      dictionaryOut = dictionary.shouldFallBack();
    }
    for (ValuesWriter w : others) {
      w.writeInteger(v);
    }
  }

  @Override
  public void writeLong(long v) {
    rawBytes += 8;
    if (current != null) {
      current.writeLong(v);
      written();
      return;
    }
    if (dictionary != null && !dictionaryOut) {
      dictionary.writeLong(v);
      dictionaryOut = dictionary.shouldFallBack();
    }
    for (ValuesWriter w : others) {
      w.writeLong(v);
    }
  }
}
