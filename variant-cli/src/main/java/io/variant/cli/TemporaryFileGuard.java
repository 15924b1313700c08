// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Deletes temporary files if the JVM exits (Ctrl-C, SIGTERM) while they are being written, so an
 * interrupted {@code convert} leaves nothing behind either; {@link #close()} withdraws the guard
 * once the command no longer needs it (the files have been renamed or deleted by then). A shutdown
 * hook cannot help against SIGKILL or a crash.
 *
 * <p>The command keeps running while the hook runs (the JVM stops threads only after its hooks), so
 * files are created and watched, or moved into place, in {@link #step}s that the hook waits for,
 * and no step starts once the hook has run: a convert that rolls to a new file every few
 * milliseconds leaves none behind, nor a part of its set.
 */
final class TemporaryFileGuard implements AutoCloseable {
  private final Set<Path> files = ConcurrentHashMap.newKeySet();
  private Thread hook;
  private boolean exiting; // the hook has run: no more files

  /** A step that creates, renames or deletes the guarded files. */
  interface Step<T> {
    T run() throws IOException;
  }

  /**
   * Runs {@code step} (which creates temporary files and {@link #watch}es them, or moves them into
   * place) as one unit with respect to the exit hook: the hook waits for it, and once the hook has
   * run no step starts.
   *
   * @throws InterruptedIOException if the JVM is exiting (the step is not run)
   */
  synchronized <T> T step(Step<T> step) throws IOException {
    if (exiting) {
      throw new InterruptedIOException("interrupted: the JVM is exiting");
    }
    // The hook exists before the step creates a file: registered only by watch(), a SIGTERM
    // between the file's creation and its watch() found no hook to wait for, and the file stayed
    // (ConvertInterruptTest, about one run in fifty under load).
    hook();
    return step.run();
  }

  /** Whether the exit hook is registered (package-private: for tests). */
  synchronized boolean hooked() {
    return hook != null;
  }

  /**
   * Registers the exit hook if it is not.
   *
   * @throws InterruptedIOException if the JVM is already exiting
   */
  private void hook() throws InterruptedIOException {
    if (hook != null) {
      return;
    }
    Thread h = new Thread(this::deleteAll, "variant-delete-temporary-files");
    try {
      Runtime.getRuntime().addShutdownHook(h);
    } catch (IllegalStateException e) {
      throw new InterruptedIOException("interrupted: the JVM is exiting");
    }
    hook = h;
  }

  /**
   * Deletes {@code file} too if the JVM exits before {@link #close()}; nothing for null. Call it in
   * the {@link #step} that creates the file.
   */
  synchronized void watch(Path file) throws InterruptedIOException {
    if (file == null) {
      return;
    }
    files.add(file);
    hook();
  }

  /** What the exit hook runs (package-private: tests run it without exiting). */
  synchronized void deleteAll() {
    exiting = true;
    for (Path file : files) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // the JVM is exiting: nobody is left to report to
      }
    }
  }

  @Override
  public synchronized void close() {
    if (hook == null) {
      return;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down and runs the hook
    }
    hook = null;
    files.clear();
  }
}
