// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

/**
 * A fuzzer's input read as a Parquet file, as every Parquet fuzz target reads it: byte 0 even, the
 * rest is the file; odd, byte 1 picks one of the {@link ParquetFuzzSeeds} and the rest drives
 * structure-aware damage ({@link FuzzDamage}).
 *
 * @param file the file's bytes
 * @param name how messages name it
 */
public record FuzzInput(byte[] file, String name) {
  /** The file {@code input} stands for, or {@code null} for an input under two bytes. */
  public static FuzzInput of(byte[] input) {
    if (input.length < 2) {
      return null;
    }
    if ((input[0] & 1) == 0) {
      return new FuzzInput(Arrays.copyOfRange(input, 1, input.length), "fuzz-raw.parquet");
    }
    byte[][] seeds = ParquetFuzzSeeds.files();
    int seed = (input[1] & 0xFF) % seeds.length;
    return new FuzzInput(
        FuzzDamage.apply(seeds[seed], new BytesRandom(input, 2)), "fuzz-seed-" + seed + ".parquet");
  }

  /** Each seed file as it is, as an input. */
  public static byte[][] rawSeeds() {
    byte[][] seeds = ParquetFuzzSeeds.files();
    byte[][] raw = new byte[seeds.length][];
    for (int i = 0; i < seeds.length; i++) {
      raw[i] = new byte[seeds[i].length + 1]; // mode 0: the file as it is
      System.arraycopy(seeds[i], 0, raw[i], 1, seeds[i].length);
    }
    return raw;
  }

  /**
   * Writes the seed corpus for fuzzing mode into {@code dir}: each seed as it is, and each with
   * damage drawn from {@code random}.
   */
  public static void writeCorpus(Path dir, Random random) throws IOException {
    Files.createDirectories(dir);
    byte[][] raw = rawSeeds();
    for (int i = 0; i < raw.length; i++) {
      Files.write(dir.resolve("seed-raw-" + i), raw[i]);
      byte[] damage = new byte[34]; // mode 1: seed i, random damage
      random.nextBytes(damage);
      damage[0] = 1;
      damage[1] = (byte) i;
      Files.write(dir.resolve("seed-damage-" + i), damage);
    }
    System.out.println("wrote " + 2 * raw.length + " seeds to " + dir);
  }
}
