// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job names its input files as the user named them, as the local engine names them. */
class InputNamesTest {
  @TempDir Path dir;

  @Test
  void aFileIsNamedByTheInputThatNamesItOrByItsDirectoryOrGlobBase() throws Exception {
    Path in = Files.createDirectories(dir.resolve("in/sub"));
    Files.writeString(in.resolve("a.ndjson"), "{}\n");
    Files.writeString(dir.resolve("in/b.ndjson"), "{}\n");
    Files.writeString(dir.resolve("c.ndjson"), "{}\n");
    Configuration conf = new Configuration(false);
    conf.set("fs.defaultFS", "file:///");
    InputNames.set(
        conf,
        List.of(
            "file://" + dir.resolve("c.ndjson"), // written without its scheme
            dir + "/in/", // as Java spells a directory: no trailing slash
            dir + "/in/s*/*.ndjson"));
    InputNames names = InputNames.of(conf);

    assertEquals(dir + "/c.ndjson", names.name(qualified(dir.resolve("c.ndjson"))));
    assertEquals(dir + "/in/b.ndjson", names.name(qualified(dir.resolve("in/b.ndjson"))));
    assertEquals(dir + "/in/sub/a.ndjson", names.name(qualified(in.resolve("a.ndjson"))));
    assertEquals("file:/elsewhere/d.ndjson", names.name(qualified(Path.of("/elsewhere/d.ndjson"))));
  }

  private static org.apache.hadoop.fs.Path qualified(Path p) {
    return new org.apache.hadoop.fs.Path("file:" + p);
  }
}
