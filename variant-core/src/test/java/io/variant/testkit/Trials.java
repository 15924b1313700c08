// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import java.io.File;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a property as N seeded trials, so that every failure reproduces with one command.
 *
 * <ul>
 *   <li>N comes from the system property {@code variant.trials} (default {@value #DEFAULT_TRIALS}).
 *   <li>The base seed comes from {@code variant.seed}; without it, each property has its own fixed
 *       seed derived from its name, so plain runs are deterministic.
 *   <li>Trial 0 runs with the base seed itself and trial {@code i > 0} with a seed mixed from
 *       (base, i). Hence the reproduction command of a failed trial is simply {@code
 *       -Dvariant.seed=<that trial's seed> -Dvariant.trials=1}.
 * </ul>
 *
 * <p>On failure the first failing trial is rethrown as an {@link AssertionError} that names the
 * property, the trial, its seed and the command, with the original failure as the cause.
 *
 * <pre>{@code
 * Trials.run("decodeUndoesEncode", rnd -> {
 *   Model m = Gen.model(rnd, Gen.Config.defaults());
 *   m.assertMatches(Gen.build(m));
 * });
 * }</pre>
 */
public final class Trials {
  /** Trials per property when {@code variant.trials} is not set. */
  public static final int DEFAULT_TRIALS = 500;

  private static final long GOLDEN = 0x9E3779B97F4A7C15L;
  private static final Map<String, AtomicLong> COUNTS = new TreeMap<>();

  private Trials() {}

  /** A test body that may throw anything (assertions, checked exceptions). */
  @FunctionalInterface
  public interface ThrowingConsumer<T> {
    void accept(T t) throws Throwable;
  }

  /** Runs {@link #trials()} trials of {@code body}, each with its own seeded {@link Random}. */
  public static void run(String property, ThrowingConsumer<Random> body) {
    run(property, trials(), body);
  }

  /**
   * Runs {@code n} trials; for expensive properties that run a fixed fraction of {@link #trials()}.
   * A {@code -Dvariant.trials=1} reproduction still runs exactly one trial.
   */
  public static void run(String property, int n, ThrowingConsumer<Random> body) {
    long base = baseSeed(property);
    int count = trials() == 1 ? 1 : n; // a one-trial reproduction run
    for (int i = 0; i < count; i++) {
      long seed = seedOf(base, i);
      try {
        body.accept(new Random(seed));
      } catch (Throwable t) {
        record(property, i + 1);
        throw new AssertionError(
            "Property '"
                + property
                + "' failed on trial "
                + (i + 1)
                + " of "
                + count
                + " with seed "
                + seed
                + ": "
                + t
                + "\n  reproduce: "
                + command(seed),
            t);
      }
    }
    record(property, count);
    System.out.println(
        "[trials] " + property + ": " + count + " trials passed (base seed " + base + ")");
  }

  /** Trials per property: {@code -Dvariant.trials}, default {@value #DEFAULT_TRIALS}. */
  public static int trials() {
    return Integer.getInteger("variant.trials", DEFAULT_TRIALS);
  }

  /** Total trials run so far in this JVM, over every property. */
  public static synchronized long count() {
    long total = 0;
    for (AtomicLong c : COUNTS.values()) {
      total += c.get();
    }
    return total;
  }

  /** Trials run so far in this JVM for {@code property}; 0 if it never ran. */
  public static synchronized long count(String property) {
    AtomicLong c = COUNTS.get(property);
    return c == null ? 0 : c.get();
  }

  /** A snapshot of trials run per property, sorted by name. */
  public static synchronized Map<String, Long> counts() {
    Map<String, Long> copy = new TreeMap<>();
    COUNTS.forEach((k, v) -> copy.put(k, v.get()));
    return copy;
  }

  private static synchronized void record(String property, int n) {
    COUNTS.computeIfAbsent(property, k -> new AtomicLong()).addAndGet(n);
  }

  static long baseSeed(String property) {
    Long fixed = Long.getLong("variant.seed");
    return fixed != null ? fixed : mix(property.hashCode() * GOLDEN);
  }

  static long seedOf(long base, int trial) {
    return trial == 0 ? base : mix(base + trial * GOLDEN);
  }

  /** SplitMix64's finaliser: neighbouring inputs give unrelated seeds. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The Maven command that reruns only the calling test method with one trial. */
  private static String command(long seed) {
    String test = "";
    for (StackTraceElement e : new Throwable().getStackTrace()) {
      String cls = e.getClassName();
      if (!cls.startsWith(Trials.class.getName())
          && !cls.startsWith("java.")
          && cls.endsWith("Test")) {
        test =
            " -Dtest="
                + cls.substring(cls.lastIndexOf('.') + 1)
                + "#"
                + e.getMethodName().replaceAll("^lambda\\$(.*)\\$\\d+$", "$1");
        break;
      }
    }
    String module = new File(System.getProperty("user.dir")).getName();
    return "mvn -B -o -pl "
        + module
        + " -am test -Dsurefire.failIfNoSpecifiedTests=false"
        + test
        + " -Dvariant.seed="
        + seed
        + " -Dvariant.trials=1";
  }
}
