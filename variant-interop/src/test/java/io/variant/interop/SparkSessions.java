// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.spark.sql.SparkSession;

/**
 * The one Spark SQL session of this module's test JVM ({@code local[1]}, no UI, UTC), started on
 * first use and shared by every test class, because starting Spark costs seconds. Surefire runs all
 * classes of the module in one JVM with the {@code --add-opens} flags JDK 17 needs (see the
 * module's pom).
 *
 * <p>Tests must not stop it or change its configuration for good: set a conf inside a try/finally
 * and restore it ({@link #withConf}).
 */
public final class SparkSessions {
  private static SparkSession session;

  private SparkSessions() {}

  /** The shared session. */
  public static synchronized SparkSession shared() {
    if (session == null) {
      session =
          SparkSession.builder()
              .master("local[1]")
              .appName("variant-interop")
              .config("spark.ui.enabled", "false")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .config("spark.sql.shuffle.partitions", "1")
              .config("spark.default.parallelism", "1")
              .config("spark.sql.session.timeZone", "UTC")
              .config("spark.sql.ansi.enabled", "true")
              .getOrCreate();
      session.sparkContext().setLogLevel("ERROR");
      Runtime.getRuntime().addShutdownHook(new Thread(SparkSessions::stop));
    }
    return session;
  }

  private static synchronized void stop() {
    if (session != null) {
      session.stop();
    }
  }

  /** Fails unless this is the Spark version the known differences were recorded on. */
  public static void requireRecordedVersion() {
    assertEquals(
        Engine.SPARK.recordedVersion,
        shared().version(),
        "Spark version changed: re-run the interop tests and update KnownDifference for it");
  }

  /** Runs {@code body} with the SQL conf {@code key} set to {@code value}, then restores it. */
  public static <T> T withConf(String key, String value, java.util.function.Supplier<T> body) {
    return withConf(java.util.Map.of(key, value), body);
  }

  /** Runs {@code body} with the SQL confs {@code settings} set, then restores each. */
  public static <T> T withConf(
      java.util.Map<String, String> settings, java.util.function.Supplier<T> body) {
    var conf = shared().conf();
    java.util.Map<String, String> before = new java.util.HashMap<>();
    for (var e : settings.entrySet()) {
      before.put(e.getKey(), conf.getOption(e.getKey()).getOrElse(() -> null));
      conf.set(e.getKey(), e.getValue());
    }
    try {
      return body.get();
    } finally {
      for (var e : before.entrySet()) {
        if (e.getValue() == null) {
          conf.unset(e.getKey());
        } else {
          conf.set(e.getKey(), e.getValue());
        }
      }
    }
  }
}
