// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

/**
 * How wide inference makes numeric columns: for the whole file, or just for the sample. A sample
 * shows the values of part of a file; ids, counters and timestamps keep growing after it, and a
 * value that does not fit its column goes to the residual, where it costs more and is invisible to
 * typed readers.
 */
public enum TypeWidth {
  /**
   * The default: widths with headroom for values the sample did not see (see {@link
   * ExactNumericRange}).
   *
   * <ul>
   *   <li>Integers are at least {@code int32}: Parquet stores int8, int16 and int32 alike as a
   *       physical INT32, so a narrower annotation saves no byte and only risks the residual.
   *   <li>Integers are {@code int64} when the field looks like an identifier, sequence number or
   *       time (its name is {@code id}, ends in {@code _id}, {@code Id}, {@code _at}, {@code _ts},
   *       ..., see {@link IdLikeNames}), when its values grow along the sample, or when the largest
   *       magnitude seen is more than 1/256 of int32's range (values may grow 256-fold before
   *       leaving the column).
   *   <li>Decimals keep the largest scale seen and get three more integer digits, rounded up to the
   *       widest precision of the same physical storage: 9 (INT32), 18 (INT64) or 38 (16-byte).
   * </ul>
   */
  FILE,
  /**
   * The narrowest column holding every sampled value: int8 to int64 by the sample's minimum and
   * maximum, {@code decimal(P,S)} with exactly the digits seen. Use it when the sample is the whole
   * data or a plan is reviewed by hand ({@code variant plan --narrow-types}).
   */
  SAMPLE
}
