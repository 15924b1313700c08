// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ConcurrentModificationException;

/**
 * Makes the sharing of a non-thread-safe object between threads loud instead of silent: {@link
 * #enter()} claims the object for the calling thread with one compare-and-set and fails with {@link
 * ConcurrentModificationException} if another call is already inside; {@link #exit()} releases it.
 * The losing call fails before it touches any shared scratch state, so the winner's result is never
 * corrupted; the caller learns of the misuse at once. It costs one uncontended compare-and-set and
 * one release store per call (a few nanoseconds against the microseconds a row takes).
 *
 * <pre>{@code
 * use.enter();
 * try {
 *   ... // work on the object's scratch state
 * } finally {
 *   use.exit();
 * }
 * }</pre>
 *
 * <p>A call that re-enters the object from inside itself (e.g. from a sink callback) fails the same
 * way, since it would overwrite the outer call's scratch state.
 */
public final class ExclusiveUse {
  private static final VarHandle OWNER;

  static {
    try {
      OWNER = MethodHandles.lookup().findVarHandle(ExclusiveUse.class, "owner", Thread.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final String what;
  private final String remedy;

  @SuppressWarnings("unused") // accessed through OWNER
  private volatile Thread owner;

  /**
   * @param what the guarded object, for the message ("Splitter")
   * @param remedy how to use it correctly, for the message ("make one per thread with Splitter.of")
   */
  public ExclusiveUse(String what, String remedy) {
    this.what = what;
    this.remedy = remedy;
  }

  /**
   * Claims the object for the current thread.
   *
   * @throws ConcurrentModificationException if a call is already inside (another thread's or this
   *     one's)
   */
  public void enter() {
    Thread me = Thread.currentThread();
    if (!OWNER.compareAndSet(this, null, me)) {
      throw busy(me);
    }
  }

  /**
   * The failure of {@link #enter()}, built apart so that enter() stays small enough to be inlined
   * into every caller's row loop (with the message inside, the compiler left the compare-and-set as
   * a call through the VarHandle's guards, per row).
   */
  private ConcurrentModificationException busy(Thread me) {
    Thread other = (Thread) OWNER.getVolatile(this);
    String who =
        other == me
            ? "re-entered by the same thread " + describe(me)
            : "used by two threads at once (" + describe(other) + " and " + describe(me) + ")";
    return new ConcurrentModificationException(
        "A " + what + " was " + who + ": it is not thread-safe; " + remedy);
  }

  /** Releases the object; call in a {@code finally} after a successful {@link #enter()}. */
  public void exit() {
    OWNER.setRelease(this, null);
  }

  private static String describe(Thread t) {
    return t == null ? "a thread that has just left" : "\"" + t.getName() + "\"";
  }
}
