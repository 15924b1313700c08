// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/**
 * The output directory of {@link ConvertJob}, written whole or not at all. The job writes to a
 * hidden staging directory beside OUT, {@code .OUT.variant-staging-PID@HOST-ID}; only when the job
 * has succeeded is that directory renamed to OUT. A previous OUT that {@code overwrite} replaces is
 * first renamed aside ({@code .OUT.variant-replaced-PID@HOST-ID}) and deleted once the new one is
 * in place, so a failed, killed or interrupted job leaves OUT absent, or as it was.
 *
 * <p>What a dead job left beside OUT is cleaned up by the next run to the same OUT: a staging
 * directory is deleted, a replaced OUT is put back if OUT is missing (the job died between the two
 * renames) and deleted otherwise. A job is dead when its process, on this host, has ended, or when
 * its directory has not been touched for {@link #STALE_MINUTES} minutes: the client touches its
 * staging directory every minute while it waits for the job, wherever the job runs.
 */
final class StagedOutput implements AutoCloseable {
  /** After this long without a touch, a staging directory of another host's job is dead. */
  static final long STALE_MINUTES = 10;

  private static final String STAGING = "staging";
  private static final String REPLACED = "replaced";

  private final FileSystem fs;
  private final FileContext files;
  private final Path out;
  private final Path staging;
  private final boolean overwrite;
  private final ScheduledExecutorService heartbeat;
  private boolean finished;

  private StagedOutput(FileSystem fs, Configuration conf, Path out, boolean overwrite)
      throws IOException {
    this.fs = fs;
    this.files = FileContext.getFileContext(out.toUri(), conf);
    this.out = out;
    this.overwrite = overwrite;
    this.staging = sibling(STAGING);
    this.heartbeat =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "variant-staging-heartbeat");
              t.setDaemon(true);
              return t;
            });
    heartbeat.scheduleWithFixedDelay(this::touch, 1, 1, TimeUnit.MINUTES);
  }

  /** OUT as messages name it: Hadoop's {@code Path} makes {@code .} an empty name. */
  static String shown(Path output) {
    String name = output.toString();
    return name.isEmpty() ? "." : name;
  }

  /**
   * Checks OUT, cleans what dead jobs left beside it, and chooses this job's staging directory
   * (created by the job itself).
   *
   * @param inputs the job's input paths, which an overwritten OUT may not hold
   * @throws ConvertRefusedException if OUT exists and {@code overwrite} is off, or OUT is a file,
   *     or OUT holds one of the inputs ({@link HeldInputs})
   */
  static StagedOutput start(Path output, Configuration conf, boolean overwrite, List<String> inputs)
      throws IOException {
    FileSystem fs = output.getFileSystem(conf);
    Path out = fs.makeQualified(output);
    String name = shown(output);
    if (out.getParent() == null) {
      throw new ConvertRefusedException(
          name + ": is the root directory; the job writes a new directory of part files");
    }
    if (fs.exists(out)) {
      if (!fs.getFileStatus(out).isDirectory()) {
        throw new ConvertRefusedException(
            name + ": is a file; the job writes a directory of part files: choose another name");
      }
      if (!overwrite) {
        throw new ConvertRefusedException(name + ": already exists; add --overwrite to replace it");
      }
      HeldInputs.refuse(name, out, inputs, conf);
    }
    cleanDead(fs, FileContext.getFileContext(out.toUri(), conf), out);
    return new StagedOutput(fs, conf, out, overwrite);
  }

  /** The directory the job writes to. */
  Path staging() {
    return staging;
  }

  /**
   * Moves the complete staging directory to OUT, replacing the previous OUT if {@code overwrite}.
   *
   * @throws IOException if OUT was created meanwhile (without {@code overwrite}), or a rename
   *     failed; the staging directory is then deleted by {@link #close()}
   */
  synchronized void publish() throws IOException {
    if (!fs.exists(out)) {
      try {
        files.rename(staging, out, Options.Rename.NONE);
      } catch (FileAlreadyExistsException e) {
        throw createdMeanwhile();
      }
    } else if (!overwrite) {
      throw createdMeanwhile();
    } else {
      Path replaced = sibling(REPLACED);
      files.rename(out, replaced, Options.Rename.NONE);
      try {
        files.rename(staging, out, Options.Rename.NONE);
      } catch (IOException e) {
        files.rename(replaced, out, Options.Rename.NONE);
        throw e;
      }
      fs.delete(replaced, true);
    }
    finished = true;
  }

  private IOException createdMeanwhile() {
    return new IOException(
        out + ": was created by another process while the job ran; the job's output is discarded");
  }

  /**
   * Deletes the staging directory unless it was published; also called on the way out of a JVM that
   * is shutting down.
   */
  synchronized void discard() {
    if (finished) {
      return;
    }
    finished = true;
    try {
      fs.delete(staging, true);
    } catch (IOException e) {
      // best effort: the next run to the same OUT deletes it
    }
  }

  @Override
  public void close() {
    heartbeat.shutdownNow();
    discard();
  }

  private void touch() {
    try {
      fs.setTimes(staging, System.currentTimeMillis(), -1);
    } catch (IOException e) {
      // not created yet, or gone: nothing to keep alive
    }
  }

  private Path sibling(String kind) {
    return new Path(
        out.getParent(),
        name(
            out.getName(),
            kind,
            ProcessHandle.current().pid(),
            UUID.randomUUID().toString().replace("-", "").substring(0, 12)));
  }

  /** {@code .OUT.variant-staging-PID@HOST-ID}: the staging directory of the process {@code pid}. */
  static String stagingName(String out, long pid, String id) {
    return name(out, STAGING, pid, id);
  }

  private static String name(String out, String kind, long pid, String id) {
    return prefix(out) + kind + "-" + pid + "@" + HOST + "-" + id;
  }

  private static String prefix(String out) {
    return "." + out + ".variant-";
  }

  /** This host's name as it goes into a file name: letters, digits, dots and dashes. */
  private static final String HOST = hostName();

  private static String hostName() {
    String name;
    try {
      name = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      name = "localhost";
    }
    return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "_");
  }

  /**
   * Deletes the staging directories of dead jobs to OUT, and puts back an OUT one of them moved.
   */
  private static void cleanDead(FileSystem fs, FileContext files, Path out) throws IOException {
    if (!fs.exists(out.getParent())) {
      return; // nothing beside OUT yet: the job creates its parent, as Hadoop's committer does
    }
    String prefix = prefix(out.getName());
    FileStatus[] siblings = fs.listStatus(out.getParent(), p -> p.getName().startsWith(prefix));
    for (FileStatus s : siblings) {
      String rest = s.getPath().getName().substring(prefix.length());
      if (!isDead(rest, s.getModificationTime())) {
        continue;
      }
      if (rest.startsWith(REPLACED + "-") && !fs.exists(out)) {
        files.rename(s.getPath(), out, Options.Rename.NONE);
      } else if (rest.startsWith(REPLACED + "-") || rest.startsWith(STAGING + "-")) {
        fs.delete(s.getPath(), true);
      }
    }
  }

  /** Whether the job that named a directory {@code KIND-PID@HOST-ID} is dead. */
  private static boolean isDead(String rest, long modified) {
    int at = rest.indexOf('@');
    int dash = rest.indexOf('-');
    int last = rest.lastIndexOf('-');
    if (dash < 0 || at < dash || last < at) {
      return false; // not one of ours
    }
    String host = rest.substring(at + 1, last);
    if (host.equals(HOST)) {
      try {
        long pid = Long.parseLong(rest.substring(dash + 1, at));
        return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return System.currentTimeMillis() - modified > TimeUnit.MINUTES.toMillis(STALE_MINUTES);
  }
}
