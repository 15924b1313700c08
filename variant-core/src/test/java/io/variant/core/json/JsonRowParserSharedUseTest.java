// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A {@link JsonRowParser} shared between threads fails loudly: every call either returns the row a
 * parser of its own returns, byte for byte, or throws {@link ConcurrentModificationException}
 * saying "one per thread"; never a wrong row, never another exception. One parser per thread (the
 * README's engine loop) gives every row right. A shared {@link JsonDocumentReader} refuses a second
 * caller the same way.
 */
class JsonRowParserSharedUseTest {
  private static final int THREADS = 4;
  private static final int ROWS = 20_000;
  private static final int ROUNDS = 3;

  /** Rows of varied keys and sizes, so that a call's builder and key cache differ from the next. */
  private static List<String> rows() {
    Random rnd = new Random(31);
    List<String> rows = new ArrayList<>(ROWS);
    for (int i = 0; i < ROWS; i++) {
      StringBuilder json = new StringBuilder("{\"id\": ").append(i);
      for (int k = rnd.nextInt(6); k > 0; k--) {
        json.append(", \"k").append(k).append('_').append(rnd.nextInt(40)).append("\": ");
        switch (rnd.nextInt(4)) {
          case 0 -> json.append('"').append("v".repeat(rnd.nextInt(80))).append('"');
          case 1 -> json.append(rnd.nextInt(100_000)).append('.').append(rnd.nextInt(100));
          case 2 -> json.append("[1, \"two\", {\"three\": ").append(i).append("}]");
          default -> json.append("{\"x").append(k).append("\": true, \"y\": null}");
        }
      }
      rows.add(json.append('}').toString());
    }
    return rows;
  }

  @Test
  void aSharedParserFailsLoudlyAndNeverReturnsAWrongRow() throws Exception {
    List<String> rows = rows();
    List<byte[][]> expected = new ArrayList<>();
    JsonRowParser own = VariantJson.rowParser();
    for (String row : rows) {
      Variant v = own.parse(row);
      expected.add(new byte[][] {v.metadataBytes(), v.valueBytes()});
    }
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger wrong = new AtomicInteger();
    AtomicReference<Throwable> other = new AtomicReference<>();
    AtomicReference<String> message = new AtomicReference<>();
    for (int round = 0; round < ROUNDS; round++) {
      JsonRowParser shared = VariantJson.rowParser();
      runOnThreads(
          (thread, i) -> {
            try {
              String row = rows.get(i);
              Variant v =
                  (i + thread) % 2 == 0
                      ? shared.parse(row)
                      : shared.parse(row.getBytes(StandardCharsets.UTF_8));
              if (!java.util.Arrays.equals(expected.get(i)[0], v.metadataBytes())
                  || !java.util.Arrays.equals(expected.get(i)[1], v.valueBytes())) {
                wrong.incrementAndGet();
              }
            } catch (ConcurrentModificationException e) {
              refused.incrementAndGet();
              message.set(e.getMessage());
            } catch (RuntimeException | Error e) { // e.g. an encoder's state broken mid-call
              other.compareAndSet(null, e);
            }
          });
    }
    System.out.println(
        "[shared JsonRowParser] "
            + refused
            + " of "
            + ROUNDS * ROWS
            + " calls refused as concurrent, "
            + wrong
            + " wrong");
    assertEquals(0, wrong.get(), "rows parsed wrongly without an exception");
    assertEquals(null, other.get(), "a call failed with another exception than the refusal");
    if (message.get() != null) {
      assertTrue(message.get().contains("A JsonRowParser was used by two threads"), message.get());
      assertTrue(message.get().contains("one per thread"), message.get());
    }
  }

  @Test
  void oneParserPerThreadGivesEveryRowRight() throws Exception {
    List<String> rows = rows();
    List<byte[][]> expected = new ArrayList<>();
    for (String row : rows) {
      Variant v = VariantJson.parse(row);
      expected.add(new byte[][] {v.metadataBytes(), v.valueBytes()});
    }
    ThreadLocal<JsonRowParser> parsers = ThreadLocal.withInitial(VariantJson::rowParser);
    byte[][][] parallel = new byte[ROWS][][];
    runOnThreads(
        (thread, i) -> {
          Variant v = parsers.get().parse(rows.get(i).getBytes(StandardCharsets.UTF_8));
          parallel[i] = new byte[][] {v.metadataBytes(), v.valueBytes()};
        });
    for (int i = 0; i < ROWS; i++) {
      assertArrayEquals(expected.get(i)[0], parallel[i][0], "row " + i + " metadata");
      assertArrayEquals(expected.get(i)[1], parallel[i][1], "row " + i + " value");
    }
  }

  /**
   * A call on bytes that starts while another thread's call is inside the parser is refused: the
   * other thread parses a document large enough to take a while, and this one calls meanwhile until
   * one of the two calls is refused (documents grow until one is, on a fast machine).
   */
  @Test
  void aCallOnBytesWhileAnotherIsInsideIsRefused() throws Exception {
    JsonRowParser shared = VariantJson.rowParser();
    byte[] small = "[1]".getBytes(StandardCharsets.UTF_8);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      boolean refused = false;
      for (int n = 1 << 16; n <= 1 << 23 && !refused; n <<= 1) {
        byte[] big = ("[" + "1,".repeat(n) + "1]").getBytes(StandardCharsets.UTF_8);
        CountDownLatch started = new CountDownLatch(1);
        Future<Variant> large =
            pool.submit(
                () -> {
                  started.countDown();
                  return shared.parse(big);
                });
        started.await();
        while (!large.isDone() && !refused) {
          try {
            assertEquals("[1]", VariantJson.toJson(shared.parse(small)));
          } catch (ConcurrentModificationException e) {
            refused = true;
          }
        }
        try {
          assertEquals(n + 1, large.get(1, TimeUnit.MINUTES).size());
        } catch (java.util.concurrent.ExecutionException e) {
          assertTrue(e.getCause() instanceof ConcurrentModificationException, e.toString());
          refused = true; // this thread's call got inside first
        }
      }
      assertTrue(refused, "no call was refused while another was inside");
    } finally {
      pool.shutdownNow();
    }
  }

  /** Deterministic: a second thread calls next() while the first is held inside its read. */
  @Test
  void aSecondThreadInsideTheSameDocumentReaderIsRefusedAtOnce() throws Exception {
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Reader blocking =
        new StringReader("{\"a\": 1}\n{\"a\": 2}\n") {
          @Override
          public int read(char[] buf, int off, int len) throws IOException {
            inside.countDown();
            try {
              release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return super.read(buf, off, len);
          }
        };
    JsonDocumentReader shared = new JsonDocumentReader(blocking, JsonOptions.defaults());
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "first-user"));
    try {
      Future<Variant> first = pool.submit(() -> shared.next());
      assertTrue(inside.await(10, TimeUnit.SECONDS));
      var e = assertThrows(ConcurrentModificationException.class, shared::next);
      assertTrue(
          e.getMessage()
              .contains("A JsonDocumentReader was used by two threads at once (\"first-user\" and"),
          e.getMessage());
      assertTrue(e.getMessage().contains("use one per thread"), e.getMessage());
      release.countDown();
      assertEquals("{\"a\":1}", VariantJson.toJson(first.get(10, TimeUnit.SECONDS)));
      assertEquals("{\"a\":2}", VariantJson.toJson(shared.next()), "usable again once free");
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  private interface RowTask {
    void run(int thread, int row);
  }

  /**
   * Runs {@code task} for every row, interleaved over {@value #THREADS} threads started at once.
   */
  private static void runOnThreads(RowTask task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CyclicBarrier start = new CyclicBarrier(THREADS);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        done.add(
            pool.submit(
                () -> {
                  start.await(30, TimeUnit.SECONDS);
                  for (int i = thread; i < ROWS; i += THREADS) {
                    task.run(thread, i);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
