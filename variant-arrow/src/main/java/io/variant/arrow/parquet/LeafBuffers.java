// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

/**
 * A leaf vector's writer that caches its buffers' addresses ({@link BufferWrites}): they are read
 * again at the start of every batch, since between batches the vectors may have been reset, cleared
 * or had their buffers transferred away.
 */
interface LeafBuffers {
  /** Reads the buffers' addresses; the vector was reset and no slot is written yet. */
  void startBatch();

  /**
   * Leaves the vector in the state Arrow's own writes would have left it in, after {@code slots}
   * slots were started (the slots past the last value written are null).
   */
  void finishBatch(int slots);

  /** For leaves written through Arrow's {@code setSafe}: nothing to cache. */
  LeafBuffers NONE =
      new LeafBuffers() {
        @Override
        public void startBatch() {}

        @Override
        public void finishBatch(int slots) {}
      };
}
