// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * A ZSTD compression context with the direct buffers it reads pages from and writes frames to, kept
 * from file to file: a file writer takes one ({@link #take}) for its first page and gives it back
 * when it is released ({@link #giveBack}), and the next file writer takes it again.
 *
 * <p>Why: each of these is native memory that the first touch pages in, and a new one per file cost
 * more than the file's compression on the files of real rows ({@code bench/real-corpora}, a file of
 * 1,264 to 1,664 rows): the context's workspace (about 1.3 MB at the default level), and buffers
 * the size of the largest page, which glibc maps afresh for each (above its 128 KB mmap threshold)
 * and which were freed only when a collection found their owners. With page-sized buffers made per
 * file, converting the 1,264 GSoC records took 1.5x the CPU time it took with 128 KB ones; kept,
 * neither cost recurs.
 *
 * <p><b>Memory:</b> at most {@value #MAX_IDLE} idle workspaces are kept, each with buffers of at
 * most {@value #MAX_KEPT_INPUT} bytes of input (a workspace whose buffers grew beyond that for a
 * huge page is freed, not kept): about 6 MB of native memory in all for one writer at a time at the
 * default level and page size. <b>Thread safety:</b> taking and giving back are synchronized; a
 * workspace itself is used by one writer at a time.
 */
final class ZstdWorkspace {
  private static final int MAX_IDLE = 4;
  private static final int MIN_INPUT = 1 << 17; // zstd's block size
  static final int MAX_KEPT_INPUT = 2 << 20;
  private static final ArrayDeque<ZstdWorkspace> IDLE = new ArrayDeque<>();

  final ZstdCompressCtx context;
  ByteBuffer input; // the page's bytes, or a chunk of a page over maxInput
  ByteBuffer output; // zstd's bound for a full input buffer: it compresses straight into it

  private ZstdWorkspace() {
    this.context = new ZstdCompressCtx();
    allocate(MIN_INPUT);
  }

  /** An idle workspace, or a new one, set to {@code level} and {@code workers}. */
  static ZstdWorkspace take(int level, int workers) {
    ZstdWorkspace w;
    synchronized (IDLE) {
      w = IDLE.pollFirst();
    }
    if (w == null) {
      w = new ZstdWorkspace();
    }
    w.context.setLevel(level).setWorkers(workers);
    return w;
  }

  /**
   * Drops the frame in progress and sets {@code level} and {@code workers} again: zstd's reset
   * clears the parameters with the session.
   */
  void restart(int level, int workers) {
    context.reset();
    context.setLevel(level).setWorkers(workers);
  }

  /**
   * Makes this workspace idle again (its context reset, so that no half frame or setting carries
   * over), or frees it when enough are idle or its buffers grew too large to keep.
   */
  void giveBack() {
    context.reset();
    boolean kept = false;
    if (input.capacity() <= MAX_KEPT_INPUT) {
      synchronized (IDLE) {
        if (IDLE.size() < MAX_IDLE) {
          IDLE.addFirst(this);
          kept = true;
        }
      }
    }
    if (!kept) {
      context.close();
    }
  }

  /**
   * Grows the buffers to take {@code size} bytes (unknown: -1) in one call, up to {@code maxInput}.
   */
  void fit(long size, int maxInput) {
    int wanted = (int) Math.min(Math.max(size, MIN_INPUT), maxInput);
    if (input.capacity() < wanted) {
      allocate(Integer.highestOneBit(wanted - 1) << 1); // a power of two, at least wanted
    }
  }

  private void allocate(int capacity) {
    input = ByteBuffer.allocateDirect(capacity);
    int outSize =
        (int)
            Math.max(
                Zstd.compressBound(capacity), ZstdOutputStreamNoFinalizer.recommendedCOutSize());
    output = ByteBuffer.allocateDirect(outSize);
  }
}
