// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

/** {@link VariantLimitException#isCauseOf}: a documented limit anywhere in a chain of causes. */
class VariantLimitExceptionTest {
  @Test
  void aLimitIsFoundItselfOrAsACause() {
    VariantLimitException limit = new VariantLimitException("Cannot build: over (raise it)");
    assertTrue(VariantLimitException.isCauseOf(limit));
    assertTrue(VariantLimitException.isCauseOf(new IllegalStateException("wrapped", limit)));
    assertTrue(
        VariantLimitException.isCauseOf(
            new UncheckedIOException(new IOException("twice", new RuntimeException(limit)))));
  }

  @Test
  void jacksonsLengthConstraintIsALimit() {
    var constraint = new StreamConstraintsException("String value length exceeds the maximum");
    assertTrue(VariantLimitException.isCauseOf(constraint));
    assertTrue(VariantLimitException.isCauseOf(new UncheckedIOException(constraint)));
  }

  @Test
  void otherErrorsAreNotLimits() {
    assertFalse(VariantLimitException.isCauseOf(null));
    assertFalse(VariantLimitException.isCauseOf(new IllegalArgumentException("bad")));
    assertFalse(
        VariantLimitException.isCauseOf(
            new RuntimeException(VariantFormatException.at(3, "malformed"))));
  }
}
