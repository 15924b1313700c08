// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The Configuration a driver process submits {@link io.variant.hadoop.ConvertJob} with: a
 * cluster's, from the site files of a Hadoop configuration directory ({@code HADOOP_CONF_DIR}), or,
 * without one, Hadoop's local job runner on the local file system, running as many map tasks at
 * once as there are cores and writing no {@code .crc} side files.
 */
public final class ClientConfiguration {
  /** The site files a Hadoop client reads from its configuration directory. */
  public static final List<String> SITE_FILES =
      List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml");

  private ClientConfiguration() {}

  /**
   * @param confDir a Hadoop configuration directory, or {@code null} or empty for the local job
   *     runner
   * @throws IOException if {@code confDir} holds no site file, or names a YARN cluster while
   *     Hadoop's YARN client is not on the class path (the {@code hadoop} command puts it there)
   */
  public static Configuration of(String confDir) throws IOException {
    Configuration conf = new Configuration();
    if (confDir != null && !confDir.isEmpty()) {
      boolean found = false;
      for (String name : SITE_FILES) {
        Path site = Path.of(confDir, name);
        if (Files.isRegularFile(site)) {
          conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
          found = true;
        }
      }
      if (!found) {
        throw new IOException("HADOOP_CONF_DIR=" + confDir + " holds none of " + SITE_FILES);
      }
      String framework = conf.get("mapreduce.framework.name", "local");
      if (framework.equals("yarn")
          && !onClassPath("org.apache.hadoop.mapred.YarnClientProtocolProvider")) {
        throw new IOException(
            "HADOOP_CONF_DIR="
                + confDir
                + " names a YARN cluster, but Hadoop's YARN client is not on "
                + "the class path; submit through the hadoop command: 'hadoop jar variant.jar convert --engine mapreduce ...' "
                + "(see README, \"Running on a cluster\")");
      }
      if (!framework.equals("local")) {
        return conf;
      }
    }
    conf.set("mapreduce.framework.name", "local");
    conf.setInt("mapreduce.local.map.tasks.maximum", Runtime.getRuntime().availableProcessors());
    conf.setInt(
        "mapreduce.client.completion.pollinterval", 100); // the default 5 s would delay every run
    FileSystem.getLocal(conf).setWriteChecksum(false);
    return conf;
  }

  private static boolean onClassPath(String className) {
    try {
      Class.forName(className, false, ClientConfiguration.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
