// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte arrays read as ints and longs at any offset, for the page decoders: Parquet's numbers and
 * length prefixes are little-endian (spec: Encodings.md, PLAIN), a decimal's 16-byte unscaled value
 * big-endian (spec: LogicalTypes.md, DECIMAL).
 */
final class ByteViews {
  static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle BIG_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private ByteViews() {}
}
