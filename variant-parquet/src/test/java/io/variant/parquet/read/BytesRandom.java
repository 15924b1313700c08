// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.util.Random;

/**
 * A {@link Random} whose every draw comes from a fuzzer's input bytes (zeros once they run out), so
 * that a randomised test procedure ({@link Corruption}, {@link FuzzDamage}) becomes a
 * structure-aware mutator: the fuzzer's byte mutations steer each choice, and coverage feedback
 * learns which choices matter.
 */
public final class BytesRandom extends Random {
  private final byte[] input;
  private int at;

  public BytesRandom(byte[] input, int from) {
    super(0);
    this.input = input;
    this.at = from;
  }

  @Override
  protected int next(int bits) {
    int v = 0;
    for (int i = 0; i < 4; i++) {
      v = v << 8 | (at < input.length ? input[at++] & 0xFF : 0);
    }
    return v >>> (32 - bits);
  }
}
