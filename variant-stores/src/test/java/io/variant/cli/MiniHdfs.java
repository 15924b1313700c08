// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS in this JVM: Hadoop's {@link MiniDFSCluster}, one NameNode and one DataNode on
 * 127.0.0.1, storing under a temporary directory. Start one per test class: it takes seconds.
 */
final class MiniHdfs implements AutoCloseable {
  private final MiniDFSCluster cluster;

  private MiniHdfs(MiniDFSCluster cluster) {
    this.cluster = cluster;
  }

  static MiniHdfs start(Path dir) throws IOException {
    Configuration conf = new Configuration();
    conf.setBoolean("dfs.webhdfs.enabled", false);
    conf.setBoolean("dfs.permissions.enabled", false);
    MiniDFSCluster cluster =
        new MiniDFSCluster.Builder(conf, dir.toFile()).numDataNodes(1).format(true).build();
    cluster.waitActive();
    return new MiniHdfs(cluster);
  }

  /** {@code hdfs://host:port} + {@code path} (which starts with '/'). */
  String uri(String path) {
    return cluster.getURI().toString() + path;
  }

  FileSystem fs() throws IOException {
    return cluster.getFileSystem();
  }

  /** A client configuration: nothing is needed beyond the namenode's address in each URI. */
  Configuration clientConf() {
    return new Configuration();
  }

  void put(String path, byte[] bytes) throws IOException {
    try (OutputStream out = fs().create(new org.apache.hadoop.fs.Path(path), true)) {
      out.write(bytes);
    }
  }

  boolean exists(String path) throws IOException {
    return fs().exists(new org.apache.hadoop.fs.Path(path));
  }

  @Override
  public void close() {
    cluster.shutdown();
  }
}
