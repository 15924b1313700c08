// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.lang.management.ManagementFactory;

/**
 * What counts as a finding when a damaged file is read: an {@link Error} anywhere in the chain (out
 * of memory, stack overflow), a programming error ({@link NullPointerException}, index out of
 * bounds, class cast, negative array size, arithmetic) thrown from this project's code even when
 * wrapped, or an allocation past {@link #MAX_ALLOCATED_BYTES} for one input. Everything else is a
 * reported error, which is the point.
 */
public final class FuzzOracle {
  /**
   * Reading a seed of a few KB allocates a few MB; a forged size followed would allocate far more.
   */
  public static final long MAX_ALLOCATED_BYTES = 256L << 20;

  private FuzzOracle() {}

  /**
   * Runs {@code body} and fails if it allocated more than {@link #MAX_ALLOCATED_BYTES} on this
   * thread. Class loading (and the fuzzer's instrumentation of each class as it loads) allocates on
   * the same thread, so an input over the bound runs once more, with every class loaded, before it
   * counts as a finding.
   */
  public static void bounded(String name, Runnable body) {
    if (allocatedBy(body) > MAX_ALLOCATED_BYTES) {
      long again = allocatedBy(body);
      if (again > MAX_ALLOCATED_BYTES) {
        throw new AssertionError("reading " + name + " allocated " + again + " bytes");
      }
    }
  }

  private static long allocatedBy(Runnable body) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    body.run();
    return threads.getCurrentThreadAllocatedBytes() - before;
  }

  /** A reported error: allowed unless it is or wraps an Error or a programming error of ours. */
  public static void allowed(Exception e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof Error) {
        throw new AssertionError("an Error while reading: " + t, e);
      }
      if (isProgrammingError(t) && thrownByUs(t)) {
        throw new AssertionError("a programming error in io.variant code: " + t, e);
      }
    }
  }

  private static boolean isProgrammingError(Throwable t) {
    return t instanceof NullPointerException
        || t instanceof IndexOutOfBoundsException
        || t instanceof ClassCastException
        || t instanceof NegativeArraySizeException
        || t instanceof ArithmeticException
        || t instanceof ArrayStoreException;
  }

  /** Whether the first frame outside the JDK belongs to this project. */
  private static boolean thrownByUs(Throwable t) {
    for (StackTraceElement f : t.getStackTrace()) {
      String c = f.getClassName();
      if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")) {
        continue;
      }
      return c.startsWith("io.variant.");
    }
    return false;
  }
}
