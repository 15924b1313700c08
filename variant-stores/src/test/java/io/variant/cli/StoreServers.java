// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives test classes (as parameters of their {@code @BeforeAll} methods) one {@link MiniHdfs} and
 * one {@link MiniS3} for the whole run: each starts on first use, on 127.0.0.1 and free ports, and
 * is stopped, its directory deleted, when the run ends. A server that cannot start fails the test
 * class that asked for it (never a skip).
 */
final class StoreServers implements ParameterResolver {
  private static final ExtensionContext.Namespace SERVERS =
      ExtensionContext.Namespace.create(StoreServers.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == MiniHdfs.class || type == MiniS3.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return context
        .getRoot()
        .getStore(SERVERS)
        .getOrComputeIfAbsent(type, StoreServers::start, Running.class)
        .server();
  }

  /** A started server and the directory it stores under; closed by JUnit when the run ends. */
  private record Running(AutoCloseable server, Path dir) implements AutoCloseable {
    @Override
    public void close() throws Exception {
      try {
        server.close();
      } finally {
        deleteTree(dir);
      }
    }
  }

  private static Running start(Class<?> type) {
    try {
      Path dir = Files.createTempDirectory("variant-stores-");
      AutoCloseable server =
          type == MiniHdfs.class
              ? MiniHdfs.start(dir.resolve("hdfs"))
              : MiniS3.start(Files.createDirectories(dir.resolve("s3")));
      return new Running(server, dir);
    } catch (Exception e) {
      throw new IllegalStateException("the " + type.getSimpleName() + " server did not start", e);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths
          .sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.delete(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }
}
