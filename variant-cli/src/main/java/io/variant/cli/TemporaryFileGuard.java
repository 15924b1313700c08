package io.variant.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Deletes temporary files if the JVM exits (Ctrl-C, SIGTERM) while they are being written, so an
 * interrupted {@code convert} leaves nothing behind either; {@link #close()} withdraws the guard
 * once the command no longer needs it (the files have been renamed or deleted by then). A shutdown
 * hook cannot help against SIGKILL or a crash.
 */
final class TemporaryFileGuard implements AutoCloseable {
  private final Set<Path> files = ConcurrentHashMap.newKeySet();
  private Thread hook;

  /** Deletes {@code file} too if the JVM exits before {@link #close()}; nothing for null. */
  void watch(Path file) {
    if (file == null) {
      return;
    }
    files.add(file);
    if (hook == null) {
      hook = new Thread(this::deleteAll, "variant-delete-temporary-files");
      Runtime.getRuntime().addShutdownHook(hook);
    }
  }

  private void deleteAll() {
    for (Path file : files) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // the JVM is exiting: nobody is left to report to
      }
    }
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
    hook = null;
    files.clear();
  }
}
