// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.UnsupportedFileSystemException;

/**
 * Checks, before a job starts, that every input and the output are on a file system this process
 * can use: its connector is on the class path with the classes it needs. A missing one is reported
 * in one line naming the scheme and the jar to add, instead of Hadoop's stack traces ({@code
 * NoClassDefFoundError} deep inside the HDFS client, {@code ClassNotFoundException} for {@code
 * s3a}). The command line uses it for every path with a scheme.
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public only for the project's CLI,
 * which checks its own paths with it; it stays in this package for {@link ConvertJob}'s use.
 */
public final class Connectors {
  private Connectors() {}

  /**
   * @throws ConvertRefusedException if a path's file system cannot be used
   * @throws IOException if its host is unknown or it cannot be reached
   */
  static void check(List<String> inputs, String output, Configuration conf) throws IOException {
    List<String> all = new ArrayList<>(inputs);
    all.add(output);
    for (String p : all) {
      Path path = new Path(p);
      String scheme = path.toUri().getScheme();
      if (scheme == null) {
        scheme = FileSystem.getDefaultUri(conf).getScheme();
      }
      if (scheme == null || scheme.equals("file")) {
        continue;
      }
      fileSystem(p, conf);
    }
  }

  /**
   * The file system of {@code path} (a path with a scheme, e.g. {@code hdfs://nn:8020/logs}),
   * created or taken from Hadoop's cache.
   *
   * @throws ConvertRefusedException if its connector is not on the class path, or lacks a class it
   *     needs: the one-line message names the scheme and the jar to add
   * @throws IOException if its host is unknown, or the file system cannot be initialized
   */
  public static FileSystem fileSystem(String path, Configuration conf) throws IOException {
    Path p = new Path(path);
    String scheme = p.toUri().getScheme();
    try {
      return p.getFileSystem(conf);
    } catch (LinkageError e) { // a class the connector needs is missing
      throw missing(path, scheme, String.valueOf(e.getMessage()).replace('/', '.'));
    } catch (IOException | RuntimeException e) {
      Throwable t = cause(e, UnknownHostException.class);
      if (t != null) {
        throw new IOException(path + ": unknown host " + t.getMessage(), e);
      }
      Throwable c = cause(e, ClassNotFoundException.class);
      if (c != null || e instanceof UnsupportedFileSystemException) {
        throw missing(path, scheme, c == null ? null : c.getMessage());
      }
      throw e;
    }
  }

  private static Throwable cause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return t;
      }
    }
    return null;
  }

  private static ConvertRefusedException missing(String path, String scheme, String missingClass) {
    String because =
        missingClass == null
            ? ""
            : " (" + missingClass.replaceAll("^Class (\\S+) not found$", "$1") + " is missing)";
    return new ConvertRefusedException(
        path
            + ": this jar cannot use "
            + scheme
            + "://"
            + because
            + ": add "
            + jars(scheme, missingClass)
            + " to the class path, or submit with 'hadoop jar', which puts the cluster's "
            + "connectors on it");
  }

  /** The jars that give this process a working connector for {@code scheme}. */
  private static String jars(String scheme, String missingClass) {
    if (missingClass != null && missingClass.contains("org.apache.hadoop.thirdparty.protobuf")) {
      return "hadoop-shaded-protobuf_3_25-1.5.0.jar (which Hadoop's RPC client needs)";
    }
    return switch (scheme.toLowerCase(Locale.ROOT)) {
      case "hdfs", "webhdfs", "swebhdfs" -> "hadoop-hdfs-client-3.5.0.jar and its dependencies";
      case "s3a" -> "hadoop-aws-3.5.0.jar and the AWS SDK bundle it depends on";
      case "abfs", "abfss", "wasb", "wasbs" -> "hadoop-azure-3.5.0.jar and its dependencies";
      case "gs" -> "hadoop-gcp-3.5.0.jar and its dependencies";
      default -> "a Hadoop FileSystem for " + scheme + ":// (fs." + scheme + ".impl)";
    };
  }
}
