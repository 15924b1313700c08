// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exit hook's rule, run in-process (ConvertInterruptTest sends a real SIGTERM): a convert that
 * rolled to a new file while the hook ran left that file behind.
 */
class TemporaryFileGuardTest {
  @TempDir Path dir;

  @Test
  void theHookDeletesWatchedFilesAndNoStepStartsAfterIt() throws IOException {
    try (TemporaryFileGuard guard = new TemporaryFileGuard()) {
      Path first =
          guard.step(
              () -> {
                Path p = Files.createFile(dir.resolve("a.tmp"));
                guard.watch(p);
                return p;
              });
      assertTrue(Files.exists(first));
      guard.deleteAll(); // as the JVM's exit hook would
      assertFalse(Files.exists(first));
      Path next = dir.resolve("b.tmp");
      assertThrows(
          InterruptedIOException.class,
          () ->
              guard.step(
                  () -> {
                    guard.watch(Files.createFile(next));
                    return next;
                  }));
      assertFalse(Files.exists(next), "the step did not run");
    }
  }

  @Test
  void aStepRunsWithTheExitHookAlreadyRegistered() throws IOException {
    try (TemporaryFileGuard guard = new TemporaryFileGuard()) {
      assertFalse(guard.hooked());
      // a SIGTERM between a file's creation and its watch() must find the hook to wait for
      assertTrue(guard.step(guard::hooked));
    }
  }

  @Test
  void afterCloseNothingIsDeleted() throws IOException {
    TemporaryFileGuard guard = new TemporaryFileGuard();
    Path kept = guard.step(() -> Files.createFile(dir.resolve("renamed.parquet")));
    guard.watch(kept);
    guard.close(); // the command moved it into place: no longer temporary
    guard.deleteAll();
    assertTrue(Files.exists(kept));
    assertEquals(1, Files.list(dir).count());
  }
}
