// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import java.time.Duration;

/**
 * Time limits of the tests that guard against hangs (a forged value that loops, a decompressor that
 * never ends). They are far above what the work takes, but a test JVM slowed many times over (PIT's
 * coverage instrumentation on a loaded machine) can still reach them, so {@code
 * -Dvariant.hangGuardScale=N} multiplies every limit by N; the mutation profile sets it.
 */
public final class HangGuard {
  private static final long SCALE = Math.max(1, Long.getLong("variant.hangGuardScale", 1));

  private HangGuard() {}

  /** {@code seconds}, times the scale. */
  public static Duration seconds(long seconds) {
    return Duration.ofSeconds(seconds * SCALE);
  }
}
