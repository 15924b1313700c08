// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Builds the path of a failing slot while the failure unwinds, so the happy path pays nothing for
 * error messages: each level catches {@link Failure}, adds its segment and rethrows.
 */
final class SlotPath {
  private SlotPath() {}

  /** An error deep inside a rebuild or split, collecting path segments on its way out. */
  static final class Failure extends RuntimeException {
    private final Deque<Object> segments = new ArrayDeque<>();

    Failure(String message) {
      super(message, null, false, false);
    }

    Failure at(Object segment) {
      segments.addFirst(segment);
      return this;
    }

    ShreddingException toException() {
      StringBuilder p = new StringBuilder("$");
      for (Object s : segments) {
        if (s instanceof Integer) {
          p.append('[').append(s).append(']');
        } else {
          String k = (String) s;
          if (k.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            p.append('.').append(k);
          } else {
            p.append("['").append(k.replace("\\", "\\\\").replace("'", "\\'")).append("']");
          }
        }
      }
      return new ShreddingException(p.toString(), getMessage());
    }
  }
}
