// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failed {@code convert} returns only once its converting threads have ended, and nothing they
 * throw reaches the JVM's default handler: a thread still at work when the command exits (closing
 * an unfinished chunk's encoder loads zstd's native library, which fails with "Shutdown in
 * progress" once the JVM exits) had printed a stack trace beside the one-line error.
 */
class ConvertThreadsStopTest {
  /** Rows of 600 bytes: a chunk of 1 KiB ends after two of them. */
  private static final byte[] ROW = "[]".repeat(300).getBytes(StandardCharsets.UTF_8);

  private static final int ROWS = 4;

  @TempDir Path dir;

  @Test
  void aFailedRunEndsItsThreadsBeforeItThrowsAndTheyThrowNothingToTheJvm() throws Exception {
    CountDownLatch secondChunkStarted = new CountDownLatch(1);
    AtomicReference<Thread> busy = new AtomicReference<>();
    List<Throwable> uncaught = Collections.synchronizedList(new ArrayList<>());
    Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
    try (ConvertWriter out =
        ConvertWriter.of(
            dir.resolve("out.parquet").toString(),
            false,
            0,
            OutputStream.nullOutputStream(),
            Stores.fromEnvironment())) {
      out.open(
          file ->
              VariantParquetWriter.builder(file)
                  .variantColumn("v", ShreddingPlan.residual())
                  .build());
      ConvertThreads threads =
          new ConvertThreads(
              2,
              1024,
              new RowErrors(),
              new Progress(new PrintWriter(Writer.nullWriter()), false, -1, System::nanoTime));
      ConvertThreads.Converters converters =
          (encoder, cancelled) -> new Scripted(secondChunkStarted, busy, cancelled);

      IOException e = assertThrows(IOException.class, () -> threads.run(rows(), out, converters));

      assertEquals("the first chunk failed", e.getMessage());
      assertFalse(busy.get().isAlive(), "a converting thread outlived the failed run");
      assertEquals(1, e.getSuppressed().length, () -> List.of(e.getSuppressed()).toString());
      assertInstanceOf(ExceptionInInitializerError.class, e.getSuppressed()[0]);
      assertTrue(uncaught.isEmpty(), uncaught::toString);
    } finally {
      Thread.setDefaultUncaughtExceptionHandler(before);
    }
  }

  /** {@value #ROWS} rows, lines 1 to 4: two chunks of two rows, then an empty last chunk. */
  private static ConvertThreads.ChunkReader rows() {
    return new ConvertThreads.ChunkReader() {
      private long line;

      @Override
      public boolean readInto(RowChunk chunk) {
        if (line == ROWS) {
          return false;
        }
        chunk.addLine("in", ++line, ROW, ROW.length, 0, ROW.length);
        return true;
      }

      @Override
      public long bytesRead() {
        return line * ROW.length;
      }
    };
  }

  /**
   * Fails the first chunk once the second is being converted; converts the second until the run has
   * failed and for a second more, then fails to close, as a thread loading a native library while
   * the JVM exits does.
   */
  private static final class Scripted implements ConvertThreads.Converter {
    private final CountDownLatch secondChunkStarted;
    private final AtomicReference<Thread> busy;
    private final BooleanSupplier cancelled;

    Scripted(
        CountDownLatch secondChunkStarted,
        AtomicReference<Thread> busy,
        BooleanSupplier cancelled) {
      this.secondChunkStarted = secondChunkStarted;
      this.busy = busy;
      this.cancelled = cancelled;
    }

    @Override
    public ChunkConverter.Converted convert(RowChunk chunk) {
      if (chunk.size() == 0) {
        return failed(null);
      }
      try {
        if (chunk.line(0) == 1) {
          assertTrue(secondChunkStarted.await(30, TimeUnit.SECONDS));
          return failed(new IOException("the first chunk failed"));
        }
        busy.set(Thread.currentThread());
        secondChunkStarted.countDown();
        while (!cancelled.getAsBoolean()) {
          Thread.sleep(1);
        }
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return failed(new IllegalStateException("the conversion failed on another thread"));
    }

    private static ChunkConverter.Converted failed(Throwable fatal) {
      return new ChunkConverter.Converted(List.of(), 0, List.of(), fatal, 0, 0);
    }

    @Override
    public void close() {
      if (Thread.currentThread() == busy.get()) {
        throw new ExceptionInInitializerError("Shutdown in progress");
      }
    }
  }
}
