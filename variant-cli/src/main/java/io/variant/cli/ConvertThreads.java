// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.write.EncodedRowGroup;
import io.variant.parquet.write.RowGroupEncoder;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Runs {@code convert}'s rows through {@code --threads} threads. This thread reads the input into
 * {@link RowChunk}s (a gzip or zstd stream is decompressed here, in order; JSON that is not one
 * document per line is parsed here too); each chunk goes to the next free thread, whose {@link
 * ChunkConverter} parses, shreds, encodes and compresses its rows into row groups; and this thread
 * takes the results back in input order: it hands bad rows to {@link RowErrors} (so the rejects
 * file, {@code --max-errors} and the first failure are as one thread would have them), appends the
 * row groups to the output ({@link ConvertWriter}), and shows progress. With one thread, this
 * thread converts each chunk itself, the same way, so every number of threads writes the same file.
 *
 * <p><b>Failure:</b> the first failure in input order is thrown here, once every chunk before it is
 * written; the other threads stop at their next row, and the caller's {@link ConvertWriter}
 * abandons the output. At most twice as many chunks as threads are in flight ({@link #inFlight}),
 * so memory stays bounded whatever the input's size. {@link #run} returns, or throws, only once
 * every thread has ended: a thread still at work while the command exits had its failure printed by
 * the JVM as a stack trace (closing an unfinished chunk's encoder compresses its pages, and the
 * first compression loads zstd's native library, which fails once the JVM shuts down). Nothing a
 * thread throws reaches the JVM's handler: a chunk's failure is its result, a failure to close is
 * thrown here. The threads are daemons: an interrupted JVM does not wait for them, and {@link
 * TemporaryFileGuard} removes what was being written.
 */
final class ConvertThreads {
  /** Makes a thread's converter from its encoder; told when the conversion has failed. */
  interface Converters {
    Converter of(RowGroupEncoder encoder, BooleanSupplier cancelled);
  }

  /** What a thread converts chunks with ({@link ChunkConverter}); closed by that thread. */
  interface Converter extends AutoCloseable {
    /** Converts the chunk's rows, in order. */
    ChunkConverter.Converted convert(RowChunk chunk);

    @Override
    void close();
  }

  private record Task(RowChunk chunk, CompletableFuture<ChunkConverter.Converted> result) {}

  private static final Task STOP = new Task(null, null);

  private final int threads;
  private final int chunkBytes;
  private final RowErrors errors;
  private final Progress progress;
  private final LinkedBlockingQueue<Task> tasks = new LinkedBlockingQueue<>();
  private final List<Thread> workers = new ArrayList<>();
  private final AtomicReference<Throwable> closeFailure = new AtomicReference<>();
  private volatile boolean cancelled;
  private long read; // rows read, good or bad
  private long written;
  private long temporal;

  ConvertThreads(int threads, int chunkBytes, RowErrors errors, Progress progress) {
    this.threads = threads;
    this.chunkBytes = chunkBytes;
    this.errors = errors;
    this.progress = progress;
  }

  /**
   * Converts every row {@code next} reads into {@code out}, in order.
   *
   * @param next reads the next row into a chunk ({@link PlanSample#readInto}); false at the end
   * @throws InputException the first bad row that is not skipped, in input order
   */
  void run(ChunkReader next, ConvertWriter out, Converters converters) throws IOException {
    List<Converter> converters0 = new ArrayList<>();
    Throwable failure = null;
    try {
      for (int i = 0; i < threads; i++) {
        converters0.add(converters.of(out.encoder(), () -> cancelled));
      }
      if (threads == 1) {
        for (boolean more = true; more; ) {
          RowChunk chunk = new RowChunk(chunkBytes);
          more = fill(chunk, next);
          apply(converters0.get(0).convert(chunk), out);
        }
        return;
      }
      start(converters0);
      converters0.clear(); // each thread closes its own
      ArrayDeque<CompletableFuture<ChunkConverter.Converted>> pending = new ArrayDeque<>();
      int inFlight = inFlight(Runtime.getRuntime().maxMemory());
      for (boolean more = true; more; ) {
        RowChunk chunk = new RowChunk(chunkBytes);
        more = fill(chunk, next);
        CompletableFuture<ChunkConverter.Converted> result = new CompletableFuture<>();
        tasks.add(new Task(chunk, result));
        pending.add(result);
        while (!pending.isEmpty() && (pending.size() >= inFlight || pending.peek().isDone())) {
          apply(await(pending.poll()), out);
        }
      }
      while (!pending.isEmpty()) {
        apply(await(pending.poll()), out);
      }
    } catch (Throwable e) {
      failure = e;
      throw e;
    } finally {
      cancelled = true;
      tasks.clear();
      for (int i = 0; i < threads; i++) {
        tasks.add(STOP);
      }
      for (Converter c : converters0) {
        close(c);
      }
      stop(failure);
    }
  }

  /**
   * Waits for every thread to end, then throws what failed to close, or adds it to {@code failure}
   * (the run's own failure, or null).
   */
  private void stop(Throwable failure) throws IOException {
    try {
      for (Thread t : workers) {
        t.join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the caller is being stopped: it does not wait
    }
    Throwable closing = closeFailure.get();
    if (closing != null && failure != null) {
      failure.addSuppressed(closing);
    } else if (closing != null) {
      throw rethrown(closing);
    }
  }

  /** Closes {@code c}, keeping what it throws for {@link #stop}. */
  private void close(Converter c) {
    try {
      c.close();
    } catch (Throwable e) {
      closeFailure.compareAndSet(null, e);
    }
  }

  /** Reads convert's input, row by row, into chunks. */
  interface ChunkReader {
    /** Reads the next row into {@code chunk}; false after the last. */
    boolean readInto(RowChunk chunk) throws IOException;

    /** Bytes of the inputs read so far, as stored. */
    long bytesRead();

    /** Bytes of the inputs still to read, as stored, or -1 where that is not known. */
    default long bytesLeft() {
      return -1;
    }

    /** {@code sample}'s rows, then the rest of {@code documents} ({@link PlanSample#readInto}). */
    static ChunkReader of(PlanSample sample, JsonDocuments documents) {
      return new ChunkReader() {
        @Override
        public boolean readInto(RowChunk chunk) throws IOException {
          return sample.readInto(documents, chunk);
        }

        @Override
        public long bytesRead() {
          return documents.bytesRead();
        }

        @Override
        public long bytesLeft() {
          return sample.bytesLeft(documents);
        }
      };
    }
  }

  /**
   * Chunks converted or waiting to be, besides the one being read: twice the threads, so that none
   * waits for the reading thread, as far as an eighth of {@code heapBytes} holds their text (a
   * small heap converts fewer chunks at once rather than fail).
   */
  int inFlight(long heapBytes) {
    return (int) Math.max(1, Math.min(2L * threads, heapBytes / 8 / chunkBytes));
  }

  /** Whether a full chunk takes the rest of the input: known to be at most a quarter chunk. */
  private boolean takesTheRest(ChunkReader next) {
    long left = next.bytesLeft();
    return left >= 0 && left <= chunkBytes / 4;
  }

  /** Rows read, good or bad. */
  long read() {
    return read;
  }

  /** Strings {@code --infer-temporal} converted. */
  long temporal() {
    return temporal;
  }

  private void start(List<Converter> converters) {
    for (int i = 0; i < converters.size(); i++) {
      Converter c = converters.get(i);
      Thread t = new Thread(() -> work(c), "variant-convert-" + i);
      t.setDaemon(true);
      workers.add(t);
      t.start();
    }
  }

  private void work(Converter converter) {
    try {
      for (Task t; (t = tasks.take()) != STOP; ) {
        try {
          t.result().complete(converter.convert(t.chunk()));
        } catch (Throwable e) { // handed to the reading thread, which rethrows it
          t.result().completeExceptionally(e);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      close(converter);
    }
  }

  /**
   * Reads rows into {@code chunk} until it is full, the input ends, or a failure ends the
   * conversion (a bad row that is not skipped, or one after which reading cannot go on). A full
   * chunk takes the rest of the input too where that is known to be at most a quarter of a chunk
   * ({@link ChunkReader#bytesLeft()}): each chunk makes row groups of its own, and a last one of a
   * few rows compresses poorly and costs readers a row group (2,336 schemas of 7 KB each, 16.2 MB:
   * 74 rows in a second row group of 60 KB made the file 1.2% larger than one row group).
   *
   * @return false if reading is over
   */
  private boolean fill(RowChunk chunk, ChunkReader next) {
    try {
      while (!chunk.isFull() || (chunk.fatal() == null && takesTheRest(next))) {
        if (!next.readInto(chunk)) {
          return false;
        }
        if (chunk.size() > 0 && chunk.item(chunk.size() - 1) instanceof RowChunk.Failure f) {
          if (!errors.skips() || !f.canContinue() || f.error().isUnreadable()) {
            return false;
          }
        }
      }
      return true;
    } catch (IOException | RuntimeException e) {
      chunk.fail(e);
      return false;
    } finally {
      chunk.bytesRead(next.bytesRead());
    }
  }

  private static ChunkConverter.Converted await(CompletableFuture<ChunkConverter.Converted> result)
      throws IOException {
    try {
      return result.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while converting");
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    }
  }

  /** Takes a chunk's result, in input order. */
  private void apply(ChunkConverter.Converted c, ConvertWriter out) throws IOException {
    for (RowChunk.Failure f : c.failures()) {
      read++;
      errors.reject(f.error(), f.canContinue(), f.text());
    }
    if (c.fatal() != null) {
      throw rethrown(c.fatal());
    }
    for (EncodedRowGroup g : c.groups()) {
      out.append(g);
    }
    read += c.rows();
    written += c.rows();
    temporal += c.temporal();
    progress.show(written, c.bytesRead());
  }

  private static IOException rethrown(Throwable t) {
    if (t instanceof IOException e) {
      return e;
    }
    if (t instanceof UncheckedIOException e) {
      return e.getCause();
    }
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new IOException(t);
  }
}
