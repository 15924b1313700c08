// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientConfigurationTest {
  @TempDir Path dir;

  @Test
  void hadoopConfDirIsReadAndAYarnClusterNeedsHadoopJar() throws IOException {
    IOException empty =
        assertThrows(IOException.class, () -> ClientConfiguration.of(dir.toString()));
    assertTrue(empty.getMessage().contains("holds none of"), empty.getMessage());

    Files.writeString(dir.resolve("core-site.xml"), site("variant.test.key", "from-site"));
    assertEquals("from-site", ClientConfiguration.of(dir.toString()).get("variant.test.key"));
    assertEquals("local", ClientConfiguration.of(dir.toString()).get("mapreduce.framework.name"));

    Files.writeString(dir.resolve("mapred-site.xml"), site("mapreduce.framework.name", "yarn"));
    IOException yarn =
        assertThrows(IOException.class, () -> ClientConfiguration.of(dir.toString()));
    assertTrue(yarn.getMessage().contains("hadoop jar"), yarn.getMessage());
  }

  private static String site(String key, String value) {
    return "<?xml version=\"1.0\"?>\n<configuration>\n  <property><name>"
        + key
        + "</name><value>"
        + value
        + "</value></property>\n</configuration>\n";
  }

  @Test
  void withoutAConfDirItIsTheLocalRunner() throws IOException {
    assertEquals("local", ClientConfiguration.of(null).get("mapreduce.framework.name"));
    assertEquals(
        Runtime.getRuntime().availableProcessors(),
        ClientConfiguration.of("").getInt("mapreduce.local.map.tasks.maximum", 1));
  }
}
