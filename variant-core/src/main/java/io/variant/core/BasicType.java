// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * The two low bits of every value header. spec: VariantEncoding §Value encoding
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public only because {@link
 * ValueCursor#basicType()} returns it.
 */
public enum BasicType {
  PRIMITIVE,
  SHORT_STRING,
  OBJECT,
  ARRAY;

  private static final BasicType[] BY_ID = values();

  /** The 2-bit id written in the header. */
  public int id() {
    return ordinal();
  }

  static BasicType ofHeader(int headerByte) {
    return BY_ID[headerByte & 0x3];
  }
}
