// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.core.json.VariantJson;
import io.variant.shredding.testkit.ShreddedTree;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Splitters and rebuilders under threads: one per thread gives the sequential result; one shared
 * between threads fails loudly ({@link ConcurrentModificationException}) and never returns a wrong
 * row. A shared Splitter once silently rebuilt 22 to 32 of 20,000 rows wrongly.
 */
class SharedUseTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse(
          "{\"id\": int64, \"name\": string, \"tags\": [string], \"pos\": {\"x\": double}}");
  private static final int ROWS = 20_000;
  private static final int THREADS = 8;

  private static List<Variant> rows() {
    Random rnd = new Random(13);
    List<Variant> rows = new ArrayList<>(ROWS);
    for (int i = 0; i < ROWS; i++) {
      StringBuilder json = new StringBuilder("{\"id\": ").append(rnd.nextInt(1000) * (long) i);
      if (rnd.nextBoolean()) {
        json.append(", \"name\": \"n").append(i).append('"');
      }
      json.append(", \"tags\": [");
      for (int t = rnd.nextInt(4); t > 0; t--) {
        json.append(rnd.nextInt(3) == 0 ? String.valueOf(t) : "\"t" + t + "\"")
            .append(t > 1 ? ", " : "");
      }
      json.append("], \"pos\": {\"x\": ")
          .append(rnd.nextDouble())
          .append(", \"y")
          .append(i % 7)
          .append("\": 1}");
      if (rnd.nextInt(3) == 0) {
        json.append(", \"extra").append(i % 11).append("\": {\"deep\": [").append(i).append("]}");
      }
      rows.add(VariantJson.parse(json.append('}').toString()));
    }
    return rows;
  }

  private static Variant roundTrip(Splitter splitter, Rebuilder rebuilder, Variant v) {
    ShreddedTree row = new ShreddedTree();
    splitter.split(v, row);
    return rebuilder.rebuild(v.metadata(), row.root());
  }

  @Test
  void oneSplitterAndRebuilderPerThreadMatchTheSequentialRun() throws Exception {
    List<Variant> rows = rows();
    Splitter one = Splitter.of(PLAN, SplitOptions.defaults());
    Rebuilder back = Rebuilder.of(PLAN);
    List<byte[]> sequential = new ArrayList<>();
    for (Variant v : rows) {
      sequential.add(roundTrip(one, back, v).valueBytes());
    }
    ThreadLocal<Splitter> splitters =
        ThreadLocal.withInitial(() -> Splitter.of(PLAN, SplitOptions.defaults()));
    ThreadLocal<Rebuilder> rebuilders = ThreadLocal.withInitial(() -> Rebuilder.of(PLAN));
    byte[][] parallel = new byte[ROWS][];
    runOnThreads(
        i -> parallel[i] = roundTrip(splitters.get(), rebuilders.get(), rows.get(i)).valueBytes());
    for (int i = 0; i < ROWS; i++) {
      assertTrue(java.util.Arrays.equals(sequential.get(i), parallel[i]), "row " + i + " differs");
    }
  }

  @Test
  void aSharedSplitterFailsLoudlyAndNeverReturnsAWrongRow() throws Exception {
    List<Variant> rows = rows();
    Splitter shared = Splitter.of(PLAN, SplitOptions.defaults());
    ThreadLocal<Rebuilder> rebuilders = ThreadLocal.withInitial(() -> Rebuilder.of(PLAN));
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger wrong = new AtomicInteger();
    runOnThreads(
        i -> {
          Variant v = rows.get(i);
          try {
            if (!VariantEquality.logical(v, roundTrip(shared, rebuilders.get(), v))) {
              wrong.incrementAndGet();
            }
          } catch (ConcurrentModificationException e) {
            refused.incrementAndGet();
          }
        });
    System.out.println(
        "[shared Splitter] "
            + refused
            + " of "
            + ROWS
            + " calls refused as concurrent, "
            + wrong
            + " wrong");
    assertEquals(0, wrong.get(), "rows split wrongly without an exception");
  }

  @Test
  void aSharedRebuilderFailsLoudlyAndNeverReturnsAWrongRow() throws Exception {
    List<Variant> rows = rows();
    ThreadLocal<Splitter> splitters =
        ThreadLocal.withInitial(() -> Splitter.of(PLAN, SplitOptions.defaults()));
    Rebuilder shared = Rebuilder.of(PLAN);
    AtomicInteger wrong = new AtomicInteger();
    runOnThreads(
        i -> {
          Variant v = rows.get(i);
          try {
            if (!VariantEquality.logical(v, roundTrip(splitters.get(), shared, v))) {
              wrong.incrementAndGet();
            }
          } catch (ConcurrentModificationException expected) {
            // loud: the caller knows
          }
        });
    assertEquals(0, wrong.get(), "rows rebuilt wrongly without an exception");
  }

  /** Deterministic: a second thread enters while the first is held inside split(). */
  @Test
  void aSecondThreadInsideTheSameSplitterIsRefusedAtOnce() throws Exception {
    Splitter shared = Splitter.of(PLAN, SplitOptions.defaults());
    Variant v = VariantJson.parse("{\"id\": 1, \"name\": \"a\"}");
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ShreddedTree tree = new ShreddedTree();
    ShreddedSink blocking =
        onStartObject(
            tree,
            () -> {
              inside.countDown();
              try {
                release.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "first-user"));
    try {
      Future<?> first = pool.submit(() -> shared.split(v, blocking));
      assertTrue(inside.await(10, TimeUnit.SECONDS));
      var e =
          assertThrows(
              ConcurrentModificationException.class, () -> shared.split(v, new ShreddedTree()));
      assertTrue(
          e.getMessage().contains("A Splitter was used by two threads at once (\"first-user\" and"),
          e.getMessage());
      assertTrue(e.getMessage().contains("make one per thread with Splitter.of"), e.getMessage());
      release.countDown();
      first.get(10, TimeUnit.SECONDS);
      Variant back = Rebuilder.of(PLAN).rebuild(v.metadata(), tree.root());
      assertTrue(VariantEquality.logical(v, back), "the first call's row is intact");
      shared.split(v, new ShreddedTree()); // usable again once free
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  @Test
  void reEnteringFromASinkIsRefused() {
    Splitter s = Splitter.of(PLAN, SplitOptions.defaults());
    Variant v = VariantJson.parse("{\"id\": 1}");
    ShreddedSink reentrant =
        onStartObject(new ShreddedTree(), () -> s.split(v, new ShreddedTree()));
    var e = assertThrows(ConcurrentModificationException.class, () -> s.split(v, reentrant));
    assertTrue(e.getMessage().contains("re-entered by the same thread"), e.getMessage());
  }

  /** {@code sink}, running {@code hook} first whenever the splitter calls {@code startObject()}. */
  private static ShreddedSink onStartObject(ShreddedSink sink, Runnable hook) {
    return (ShreddedSink)
        Proxy.newProxyInstance(
            ShreddedSink.class.getClassLoader(),
            new Class<?>[] {ShreddedSink.class},
            (proxy, method, args) -> {
              if (method.getName().equals("startObject")) {
                hook.run();
              }
              try {
                return method.invoke(sink, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  private interface RowTask {
    void run(int row) throws Exception;
  }

  /** Runs {@code task} for every row index, rows interleaved over {@value #THREADS} threads. */
  private static void runOnThreads(RowTask task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int first = t;
        done.add(
            pool.submit(
                () -> {
                  for (int i = first; i < ROWS; i += THREADS) {
                    task.run(i);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
