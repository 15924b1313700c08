// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.filesystem.FilesystemApiMetadata;

/**
 * A real S3 API server in this JVM: S3Proxy over a temporary directory (jclouds' filesystem
 * provider), on 127.0.0.1 and a free port, with one bucket, and the s3a settings that reach it.
 * Start one per test class.
 */
final class MiniS3 implements AutoCloseable {
  static final String BUCKET = "lake";
  static final String ACCESS_KEY = "test-access-key";
  static final String SECRET_KEY = "test-secret-key";

  private final S3Proxy proxy;
  private final BlobStoreContext context;

  private MiniS3(S3Proxy proxy, BlobStoreContext context) {
    this.proxy = proxy;
    this.context = context;
  }

  static MiniS3 start(Path dir) throws Exception {
    Properties props = new Properties();
    props.setProperty("jclouds.filesystem.basedir", dir.toString());
    BlobStoreContext context =
        ContextBuilder.newBuilder(new FilesystemApiMetadata())
            .overrides(props)
            .credentials("identity", "credential")
            .build(BlobStoreContext.class);
    S3Proxy proxy =
        S3Proxy.builder()
            .blobStore(context.getBlobStore())
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
            .build();
    proxy.start();
    for (int i = 0; i < 6000 && !"STARTED".equals(proxy.getState()); i++) {
      Thread.sleep(10); // a hang guard: S3Proxy starts its server on another thread
    }
    context.getBlobStore().createContainerInLocation(null, BUCKET);
    return new MiniS3(proxy, context);
  }

  /** The endpoint, {@code http://127.0.0.1:PORT}. */
  String endpoint() {
    return "http://127.0.0.1:" + proxy.getPort();
  }

  /** {@code s3a://BUCKET/key}. */
  String uri(String key) {
    return "s3a://" + BUCKET + "/" + key;
  }

  /** The s3a settings that reach this server, credentials included (as core-site.xml has them). */
  Configuration clientConf() {
    Configuration conf = new Configuration();
    conf.set("fs.s3a.endpoint", endpoint());
    conf.set("fs.s3a.endpoint.region", "us-east-1");
    conf.setBoolean("fs.s3a.path.style.access", true);
    conf.setBoolean("fs.s3a.connection.ssl.enabled", false);
    conf.set("fs.s3a.access.key", ACCESS_KEY);
    conf.set("fs.s3a.secret.key", SECRET_KEY);
    conf.setInt("fs.s3a.attempts.maximum", 1); // a failure shows at once, not after retries
    conf.setInt("fs.s3a.retry.limit", 1);
    return conf;
  }

  FileSystem fs() throws IOException {
    return FileSystem.get(URI.create("s3a://" + BUCKET + "/"), clientConf());
  }

  void put(String key, byte[] bytes) throws IOException {
    try (OutputStream out = fs().create(new org.apache.hadoop.fs.Path(uri(key)), true)) {
      out.write(bytes);
    }
  }

  /** Whether object {@code key} exists, asked of the server itself rather than through s3a. */
  boolean exists(String key) {
    return context.getBlobStore().blobExists(BUCKET, key);
  }

  @Override
  public void close() throws Exception {
    proxy.stop();
    context.close();
  }
}
