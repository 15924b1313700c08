package io.variant.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Deletes a temporary file if the JVM exits (Ctrl-C, SIGTERM) while it is being written, so an
 * interrupted {@code convert} leaves nothing behind either; {@link #close()} withdraws the guard
 * once the command no longer needs it (the file has been renamed or deleted by then). A shutdown
 * hook cannot help against SIGKILL or a crash.
 */
final class TemporaryFileGuard implements AutoCloseable {
  private final Thread hook;

  private TemporaryFileGuard(Thread hook) {
    this.hook = hook;
  }

  /** Installs the guard for {@code file}; a guard that does nothing for {@code null}. */
  static TemporaryFileGuard of(Path file) {
    if (file == null) {
      return new TemporaryFileGuard(null);
    }
    Thread hook =
        new Thread(
            () -> {
              try {
                Files.deleteIfExists(file);
              } catch (IOException e) {
                // the JVM is exiting: nobody is left to report to
              }
            },
            "variant-delete-" + file.getFileName());
    Runtime.getRuntime().addShutdownHook(hook);
    return new TemporaryFileGuard(hook);
  }

  @Override
  public void close() {
    if (hook == null) {
      return;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down and runs the hook
    }
  }
}
