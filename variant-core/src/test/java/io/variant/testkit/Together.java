// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Runs a task on several threads released together by a barrier, so that they really overlap: for
 * the tests that share an object between threads, or check that threads sharing nothing agree.
 */
public final class Together {
  private Together() {}

  /** A task of one thread, given its number from 0. */
  @FunctionalInterface
  public interface Task<T> {
    T run(int thread) throws Exception;
  }

  /**
   * Runs {@code task} on {@code threads} threads started together; their results in thread order. A
   * task's failure is rethrown (inside an {@link java.util.concurrent.ExecutionException}).
   */
  public static <T> List<T> onThreads(int threads, Task<T> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CyclicBarrier start = new CyclicBarrier(threads);
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        Callable<T> c =
            () -> {
              start.await(30, TimeUnit.SECONDS);
              return task.run(thread);
            };
        futures.add(pool.submit(c));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> f : futures) {
        results.add(f.get(120, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
