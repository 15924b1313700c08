// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The shaded CLI jar leaves out what of Hadoop's YARN and MapReduce client it never runs: the YARN
 * web UI's files and framework, and the protocol buffer messages of the cluster's RPC with their
 * record implementations. Runs after package, on {@code variant-cli/target/variant.jar}.
 */
class LeanJarIT {
  @Test
  void carriesNoWebAssetsOrWebFramework() throws IOException {
    assertEquals(List.of(), entries(n -> n.startsWith("webapps/")));
    assertEquals(List.of(), entries(n -> n.startsWith("org/apache/hadoop/yarn/webapp/")));
  }

  @Test
  void carriesNoYarnOrMapReduceRpcMessages() throws IOException {
    Predicate<String> yarnOrMapReduce =
        n ->
            n.startsWith("org/apache/hadoop/yarn/") || n.startsWith("org/apache/hadoop/mapreduce/");

    assertEquals(
        List.of(),
        entries(
            n -> yarnOrMapReduce.test(n) && (n.contains("/proto/") || n.contains("/impl/pb/"))));
  }

  @Test
  void keepsWhatTheLocalJobRunnerLoads() throws IOException {
    // seen loaded by a convert --engine mapreduce run (-Xlog:class+load)
    for (String c :
        List.of(
            "org/apache/hadoop/mapred/LocalJobRunner.class",
            "org/apache/hadoop/yarn/util/SystemClock.class",
            "org/apache/hadoop/yarn/api/records/LocalResourceType.class",
            "org/apache/hadoop/yarn/exceptions/YarnRuntimeException.class")) {
      assertEquals(List.of(c), entries(c::equals));
    }
  }

  private static List<String> entries(Predicate<String> name) throws IOException {
    Path path = CliRunner.repoRoot().resolve("variant-cli/target/variant.jar");
    assertTrue(Files.isRegularFile(path), path + " is missing: this test runs after package");
    try (ZipFile jar = new ZipFile(path.toFile())) {
      return jar.stream().map(ZipEntry::getName).filter(name).sorted().toList();
    }
  }
}
