// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

/**
 * What {@link SmallestEncodingWriter} expects a chunk's first page to take in the encoding a kept
 * dictionary would fall back to: the rate its judged values compressed at, times the page's raw
 * bytes; and whether a dictionary's size comes close enough to that estimate for the page to be
 * weighed whole instead. <b>Thread safety:</b> none (a writer's).
 */
final class FallbackEstimate {
  /**
   * How near the dictionary's size must come to the estimate (a share of it) for the other
   * encoding's whole first page to be weighed. The estimate is taken from the judged head of a
   * page, where values repeat less than in the whole page, so it runs high: on {@code bench/sizes}'
   * corpora every decision it turned was within 8.2% (mixed and non-object rows 0.2% smaller), and
   * no decision on the real rows came within 10%, so they pay nothing for it.
   */
  static final double CLOSE_CONTEST = 0.10;

  private double bytesPerRawByte; // how the judged values compressed in that encoding
  private long judgedRaw; // the raw bytes they took

  /** The judged values took {@code raw} bytes raw and {@code compressed} compressed. */
  void judged(long compressed, long raw) {
    this.bytesPerRawByte = (double) compressed / raw;
    this.judgedRaw = raw;
  }

  /** The page of {@code rawBytes} raw bytes, compressed, as estimated from the judged values. */
  double estimate(long rawBytes) {
    return bytesPerRawByte * rawBytes;
  }

  /**
   * Whether a page of {@code rawBytes} should be weighed whole against a dictionary of {@code
   * dictionaryBytes}: it holds more than the values judged, and the two come within {@link
   * #CLOSE_CONTEST}.
   */
  boolean closeContest(long dictionaryBytes, long rawBytes) {
    double estimate = estimate(rawBytes);
    return rawBytes > judgedRaw && Math.abs(dictionaryBytes - estimate) < CLOSE_CONTEST * estimate;
  }
}
