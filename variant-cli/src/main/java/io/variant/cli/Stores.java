// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.hadoop.Connectors;
import io.variant.hadoop.ConvertRefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The file systems that names with a scheme live on ({@code hdfs://namenode:8020/logs}, {@code
 * s3a://bucket/events/}, {@code abfs://...}, {@code gs://...}): Hadoop's {@link FileSystem}, found
 * by the scheme, with the connector's own way of finding credentials (its settings in the
 * configuration, such as {@code fs.s3a.access.key}, then the usual environment variables such as
 * {@code AWS_ACCESS_KEY_ID}). The configuration is Hadoop's defaults plus the site files of {@code
 * HADOOP_CONF_DIR}, when set. It is created only when a name with a scheme is met, so a command on
 * local files never loads it.
 *
 * <p>Local names, and {@code file:} URIs, which name local files, never come here: they keep the
 * local code paths ({@link Input}, {@link OutputTarget}). A user name with a password in a URI
 * ({@code s3a://key:secret@bucket/}) is refused, and shown with the password masked: it would be
 * printed in messages and seen in process lists.
 */
final class Stores {
  /** {@code scheme://...}: RFC 3986 §3.1 scheme characters. */
  private static final Pattern SCHEME =
      Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*)://.*", Pattern.DOTALL);

  /** The user information of an authority that holds a password: {@code //user:password@}. */
  private static final Pattern PASSWORD = Pattern.compile("//([^/@:]*):[^/@]*@");

  private static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml");

  private final String confDir;
  private Configuration conf;

  private Stores(String confDir, Configuration conf) {
    this.confDir = confDir;
    this.conf = conf;
  }

  /** The stores as {@code HADOOP_CONF_DIR} (if set) configures them. */
  static Stores fromEnvironment() {
    return new Stores(System.getenv("HADOOP_CONF_DIR"), null);
  }

  /** The stores as {@code conf} configures them (tests, and programs that have one). */
  static Stores of(Configuration conf) {
    return new Stores(null, conf);
  }

  /** True if {@code name} is a URI with a scheme other than {@code file}. */
  static boolean isStore(String name) {
    Matcher m = SCHEME.matcher(name);
    return m.matches() && !m.group(1).equalsIgnoreCase("file");
  }

  /**
   * The local path a {@code file:} URI names ({@code file:///data/a.json}, {@code file:/data},
   * {@code file://localhost/data}: {@code /data/a.json}, ...); any other name as it is.
   */
  static String local(String name) {
    if (name.regionMatches(true, 0, "file://", 0, 7)) {
      String rest = name.substring(7);
      return rest.regionMatches(true, 0, "localhost/", 0, 10) ? rest.substring(9) : rest;
    }
    if (name.regionMatches(true, 0, "file:/", 0, 6)) {
      return name.substring(5);
    }
    return name;
  }

  /** {@code name} with the password of its user information, if any, replaced by {@code ***}. */
  static String masked(String name) {
    return PASSWORD.matcher(name).replaceAll("//$1:***@");
  }

  /** Hadoop's configuration for the stores, read on first use. */
  synchronized Configuration configuration() throws IOException {
    if (conf == null) {
      Configuration c = new Configuration();
      if (confDir != null && !confDir.isEmpty()) {
        for (String site : SITE_FILES) {
          java.nio.file.Path file = Paths.get(confDir, site);
          if (Files.isRegularFile(file)) {
            c.addResource(new Path(file.toUri()));
          }
        }
      }
      conf = c;
    }
    return conf;
  }

  /**
   * The file {@code name} (a name for which {@link #isStore} holds) on its file system.
   *
   * @throws RefusedException if the name holds a password, or the scheme's connector is not on the
   *     class path (the message names the jar to add)
   * @throws IOException if the file system cannot be reached (an unknown host)
   */
  StoreFile file(String name) throws IOException {
    if (PASSWORD.matcher(name).find()) {
      throw new RefusedException(
          masked(name)
              + ": a password in a URI is not accepted (it would show in messages and process "
              + "lists); give credentials in Hadoop's configuration or the connector's environment "
              + "variables (README, \"Where the data lives\")");
    }
    Path path;
    try {
      path = new Path(name);
    } catch (IllegalArgumentException e) {
      throw new RefusedException(name + ": not a valid URI (" + e.getMessage() + ")");
    }
    FileSystem fs;
    try {
      fs = Connectors.fileSystem(name, configuration());
    } catch (ConvertRefusedException e) {
      throw new RefusedException(e.getMessage());
    }
    return new StoreFile(name, fs, fs.makeQualified(path));
  }
}
