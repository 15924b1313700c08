// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import org.apache.parquet.bytes.BytesUtils;

/**
 * Decides early what parquet-java decides at the end of a column chunk's first page: whether the
 * dictionary pays. parquet-java's {@code FallbackValuesWriter} keeps a dictionary when, for the
 * first page, the dictionary plus the encoded ids are smaller than the values as PLAIN ({@code
 * DictionaryValuesWriter.isCompressionSatisfying}); until then every value is hashed, copied into
 * the dictionary and given an id, and a dictionary that loses has all of them re-encoded for the
 * fallback. On a column of distinct values (a residual {@code value} column, long typed strings)
 * that was most of what writing the column cost.
 *
 * <p>This looks at the values written so far, at 256 values and then every four times as many (up
 * to 65,536): when all but one in 64 of them are distinct and they fail the same test, the
 * dictionary falls back there, and the values still to come go to the fallback encoding directly.
 * The ids are counted at the width of their largest id, bit-packed, as {@code
 * DictionaryValuesWriter.getBytes} writes distinct ids. Failing the test alone is not enough: a
 * column drawn from a population of a few thousand (e-mail addresses of an event log's users)
 * starts nearly all distinct, fails it at 256 values, and still passes it at the page's end (on the
 * 20,000-row event log, 34 KB with its dictionary against 44 KB without). When the whole page would
 * have failed the test too, the file is byte for byte the one parquet-java's rule gives (the
 * fallback receives the same values in the same order, and pages are cut by the same raw sizes);
 * when the values after a distinct start repeat enough for the whole page to pass, the page is
 * written in the fallback encoding instead of with a dictionary.
 *
 * <p>One per dictionary encoder; not thread-safe.
 */
final class FirstPageProbe {
  private static final int FIRST_JUDGEMENT = 256;
  private static final int LAST_JUDGEMENT = 65_536;

  private int values;
  private long rawBytes;
  private int nextJudgement = FIRST_JUDGEMENT;

  /** Counts one value of {@code plainBytes} as PLAIN (a binary's 4-byte length included). */
  void add(long plainBytes) {
    values++;
    rawBytes += plainBytes;
  }

  /**
   * Whether, at a judgement point, the values counted so far are nearly all distinct ({@code
   * entries} of them) and the dictionary, taking {@code entryBytes} as PLAIN, fails parquet-java's
   * first-page test on them.
   */
  boolean dictionaryLoses(int entries, long entryBytes) {
    if (values != nextJudgement) {
      return false;
    }
    nextJudgement = values < LAST_JUDGEMENT ? values * 4 : -1;
    if (valuesRepeat(entries, values)) {
      return false; // the rest of the page may repeat them more
    }
    int bitWidth = BytesUtils.getWidthFromMaxInt(entries - 1);
    long ids = 1 + ((long) values * bitWidth + 7) / 8; // the bit width's byte, then the ids
    return ids + entryBytes >= rawBytes;
  }

  /**
   * Whether {@code values} values of {@code entries} distinct ones repeat: more than one in 64 is a
   * value seen before. Below that a dictionary's page holds (nearly) every value, as PLAIN would,
   * and its ids come on top, so it is neither weighed ({@link SmallestEncodingWriter}) nor sorted
   * ({@link BinaryDictionaryWriter#sortedByKey}).
   */
  static boolean valuesRepeat(long entries, long values) {
    return 64L * entries < 63L * values;
  }

  /** Starts over, for a dictionary emptied by a new row group or a fallback. */
  void reset() {
    values = 0;
    rawBytes = 0;
    nextJudgement = FIRST_JUDGEMENT;
  }
}
