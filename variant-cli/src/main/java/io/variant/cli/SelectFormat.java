// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/** The {@code --format} of {@code select}: how rows are written. */
enum SelectFormat {
  /** One JSON object per line, the columns by name. */
  JSON,
  /** RFC 4180 comma-separated values with a header row. */
  CSV,
  /** Tab-separated values with a header row; tabs, newlines and backslashes escaped. */
  TSV,
  /** An Arrow IPC stream. */
  ARROW;

  /** A writer of this format onto {@code out}, for the columns {@code items}. */
  SelectWriter open(List<SelectItem> items, OutputStream out, BufferAllocator allocator)
      throws IOException {
    return this == ARROW ? ArrowRows.open(items, out, allocator) : TextRows.open(this, items, out);
  }
}
