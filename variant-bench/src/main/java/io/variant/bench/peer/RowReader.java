// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.peer;

import java.io.Closeable;
import java.io.IOException;

/** A file being read row by row, by us or a peer, as the read benchmarks see it. */
public interface RowReader extends Closeable {
  /** What {@link #next} returns past the last row. */
  Object END = new Object();

  /** The next row's value (null for SQL NULL), or {@link #END}. */
  Object next() throws IOException;
}
