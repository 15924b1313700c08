// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@link CheckRows#size} of the same rows under several plans, the writes spread over threads, each
 * write its own.
 */
final class SampleSizes {
  private SampleSizes() {}

  /**
   * The bytes of {@code rows} under each of {@code plans}, in order, written on up to {@code
   * maxThreads} threads.
   *
   * @throws IOException if a write fails (the first failure; the others are abandoned)
   */
  static long[] of(CheckRows rows, List<ShreddingPlan> plans, int maxThreads) throws IOException {
    long[] sizes = new long[plans.size()];
    int threads = Math.min(maxThreads, plans.size());
    if (threads <= 1) {
      for (int i = 0; i < sizes.length; i++) {
        sizes[i] = rows.size(plans.get(i));
      }
      return sizes;
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "size check");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<Long>> writes = new ArrayList<>();
      for (ShreddingPlan plan : plans) {
        writes.add(pool.submit(() -> rows.size(plan)));
      }
      for (int i = 0; i < sizes.length; i++) {
        sizes[i] = writes.get(i).get();
      }
      return sizes;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while writing the size check's rows", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof UncheckedIOException io) {
        throw io.getCause();
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(cause);
    } finally {
      pool.shutdownNow();
    }
  }
}
