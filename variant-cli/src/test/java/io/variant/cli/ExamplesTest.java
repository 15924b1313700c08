// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The Javadoc examples of this module, kept compiling and true. */
class ExamplesTest {
  @Test
  void variantCliRunsACommandInProcess() {
    String events = CliRunner.repoRoot().resolve("testdata/events.ndjson").toString();
    // VariantCli class Javadoc:
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    int exitCode =
        VariantCli.commandLine(System.in, stdout, new PrintWriter(System.err, true))
            .execute("encode", events);

    assertEquals(0, exitCode);
    assertEquals(3000, stdout.toString(StandardCharsets.UTF_8).lines().count());
  }
}
