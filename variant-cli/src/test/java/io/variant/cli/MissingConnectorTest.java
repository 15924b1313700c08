// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheme whose connector is not on the class path (Azure's and Google's are not in the CLI) is
 * refused in one line that names the jar to add, with exit code 2, for inputs and outputs alike.
 */
class MissingConnectorTest {
  @TempDir Path dir;

  private static void refusedNaming(CliRunner.Result r, String name, String jar) {
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().contains(name), r.err());
    assertTrue(r.err().contains(jar), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
  }

  @Test
  void readingFromAzureNamesHadoopAzure() {
    String in = "abfs://logs@account.dfs.core.windows.net/events.parquet";
    for (String command : new String[] {"cat", "schema", "inspect"}) {
      refusedNaming(CliRunner.run("", command, in), in, "hadoop-azure-3.5.0.jar");
    }
    refusedNaming(CliRunner.run("", "get", in, "$.user"), in, "hadoop-azure-3.5.0.jar");
  }

  @Test
  void convertingToGoogleStorageNamesHadoopGcp() {
    String out = "gs://bucket/events.parquet";
    CliRunner.Result r =
        CliRunner.run(
            "",
            "convert",
            CliRunner.repoRoot().resolve("testdata/events.ndjson").toString(),
            "-o",
            out);
    refusedNaming(r, out, "hadoop-gcp-3.5.0.jar");
  }

  @Test
  void convertingFromAnUnknownSchemeNamesItsSetting() {
    String in = "nosuch://host/events.ndjson";
    CliRunner.Result r =
        CliRunner.run("", "convert", in, "-o", dir.resolve("x.parquet").toString());
    refusedNaming(r, in, "fs.nosuch.impl");
  }
}
