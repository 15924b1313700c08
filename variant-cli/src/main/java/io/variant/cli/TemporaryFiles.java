// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temporary files {@code convert} writes beside an output until it is complete, named {@code
 * .NAME.WRITER.RANDOM.tmp} after the output's file name NAME. WRITER names the process that writes
 * it, {@code PID-START-HOST}: its process id, its start time (ms since the epoch, base 36) and a
 * hash of the host name and PID namespace it runs in (base 36); RANDOM makes the name unique.
 *
 * <p>A convert killed outright (SIGKILL, a crash, a power cut) runs no exit hook and leaves its
 * file behind. {@link #removeLeftovers} removes the files whose writer is gone: a process of this
 * host and PID namespace with that id that no longer runs, or that started at another time (the id
 * was reused). It never touches the file of a process that runs, nor one written from another host
 * or PID namespace (a shared directory), nor a name of any other form; a writer whose start time
 * was not known counts as running while a process with its id runs.
 */
final class TemporaryFiles {
  /** {@code .NAME.PID-START-HOST.RANDOM.tmp}: groups NAME, PID, START, HOST. */
  private static final Pattern NAME =
      Pattern.compile("\\.(.+)\\.(\\d+)-([0-9a-z]+)-([0-9a-z]+)\\.[0-9a-z]+\\.tmp");

  private static final String UNKNOWN = "0";

  /**
   * How far two readings of one process's start time may differ: the JDK derives it from the boot
   * time, which the kernel recomputes from the wall clock, so a clock adjustment between two JVMs
   * moves it. A new process with the same id within this window is not told apart (its leftover is
   * kept, never the reverse).
   */
  private static final long START_TOLERANCE_MS = 10_000;

  private static final int ATTEMPTS = 100;

  /** The host and PID namespace of this JVM, hashed once. */
  private static final String HOST = hostAndNamespace();

  private TemporaryFiles() {}

  /** What {@link #removeLeftovers} removed: how many files, and their bytes. */
  record Removed(int files, long bytes) {
    static final Removed NONE = new Removed(0, 0);

    Removed plus(Removed other) {
      return new Removed(files + other.files, bytes + other.bytes);
    }
  }

  /**
   * Creates a new, empty temporary file for {@code target} beside it, named for this process.
   * Created with {@code CREATE_NEW} semantics, so no two writers share one, and with the default
   * permissions (umask), as {@code target} itself would be.
   */
  static Path create(Path target) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    String prefix = "." + target.getFileName() + "." + writerOf(ProcessHandle.current()) + ".";
    for (int attempt = 0; ; attempt++) {
      String random = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
      try {
        return Files.createFile(dir.resolve(prefix + random + ".tmp"));
      } catch (FileAlreadyExistsException e) {
        if (attempt == ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  /** The WRITER part of the names of {@code process}'s temporary files. */
  static String writerOf(ProcessHandle process) {
    String start =
        process.info().startInstant().map(i -> Long.toString(i.toEpochMilli(), 36)).orElse(UNKNOWN);
    return process.pid() + "-" + start + "-" + HOST;
  }

  /**
   * Deletes the temporary files in {@code target}'s directory that are for an output whose file
   * name {@code isTarget} accepts and whose writer is gone (see the class comment).
   */
  static Removed removeLeftovers(Path target, Predicate<String> isTarget) throws IOException {
    Removed removed = Removed.NONE;
    if (UNKNOWN.equals(HOST)) {
      return removed; // no way to tell this host's files from another's
    }
    Path dir = target.toAbsolutePath().getParent();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, ".*.tmp")) {
      for (Path f : files) {
        Matcher m = NAME.matcher(f.getFileName().toString());
        if (m.matches()
            && isTarget.test(m.group(1))
            && m.group(4).equals(HOST)
            && isGone(m.group(2), m.group(3))
            && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
          long bytes = Files.size(f);
          if (Files.deleteIfExists(f)) {
            removed = removed.plus(new Removed(1, bytes));
          }
        }
      }
    }
    return removed;
  }

  private static boolean isGone(String pid, String start) {
    Optional<ProcessHandle> process;
    long writerStart;
    try {
      process = ProcessHandle.of(Long.parseLong(pid));
      writerStart = Long.parseLong(start, 36);
    } catch (NumberFormatException e) {
      return false; // not a name this class made
    }
    if (process.isEmpty() || !process.get().isAlive()) {
      return true;
    }
    Optional<Instant> started = process.get().info().startInstant();
    if (UNKNOWN.equals(start) || started.isEmpty()) {
      return false;
    }
    return Math.abs(started.get().toEpochMilli() - writerStart) > START_TOLERANCE_MS;
  }

  /**
   * A hash of the host name and the PID namespace, in which process ids mean one process each; "0"
   * where neither can be read (then no leftover is ever removed).
   */
  private static String hostAndNamespace() {
    String host = firstLine(Path.of("/proc/sys/kernel/hostname"));
    if (host == null) {
      host = System.getenv("HOSTNAME");
    }
    String namespace;
    try {
      namespace = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
    } catch (IOException | UnsupportedOperationException e) {
      namespace = "";
    }
    if (host == null && namespace.isEmpty()) {
      return UNKNOWN;
    }
    return Integer.toString(
        ((host == null ? "" : host) + "/" + namespace).hashCode() & 0x7FFFFFFF, 36);
  }

  private static String firstLine(Path file) {
    try {
      String text = Files.readString(file).strip();
      return text.isEmpty() ? null : text;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
