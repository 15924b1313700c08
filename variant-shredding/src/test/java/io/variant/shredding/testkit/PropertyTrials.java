package io.variant.shredding.testkit;

import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Runs a property as N seeded trials until variant-core's test kit ({@code io.variant.testkit.Trials})
 * is on main; then this class goes. N comes from {@code -Dvariant.trials} (the parent pom passes it to
 * surefire), the base seed from {@code -Dvariant.seed} (default fixed, so runs are reproducible), and
 * {@code -Dvariant.trialSeed=S} runs the one trial with seed S. A failure names the property, the trial
 * and its seed.
 */
public final class PropertyTrials {
  private static final long DEFAULT_BASE_SEED = 0x5EED_2026L;
  private static final int DEFAULT_TRIALS = 100;

  private PropertyTrials() {}

  /** Number of trials each property runs. */
  public static int count() {
    return Integer.getInteger("variant.trials", DEFAULT_TRIALS);
  }

  /** Runs {@code trial} once per seed; rethrows the first failure with its seed in the message. */
  public static void run(String property, Consumer<Random> trial) {
    String only = System.getProperty("variant.trialSeed");
    if (only != null) {
      runOne(property, -1, Long.parseLong(only), trial);
      return;
    }
    SplittableRandom seeds = new SplittableRandom(Long.getLong("variant.seed", DEFAULT_BASE_SEED));
    int n = count();
    for (int i = 0; i < n; i++) {
      runOne(property, i, seeds.nextLong(), trial);
    }
  }

  private static void runOne(String property, int index, long seed, Consumer<Random> trial) {
    try {
      trial.accept(new Random(seed));
    } catch (AssertionError | RuntimeException e) {
      throw new AssertionError(
          "property " + property + " failed at trial " + index + " with seed " + seed
              + "; rerun it alone with -Dvariant.trialSeed=" + seed + ": " + e.getMessage(), e);
    }
  }
}
