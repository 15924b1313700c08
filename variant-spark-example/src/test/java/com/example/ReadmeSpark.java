// SPDX-License-Identifier: Apache-2.0
package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The code blocks of README.md's "### Spark" section, in their order: xml, java, sh. */
final class ReadmeSpark {
  static final String COORDINATES = "io.variant:variant-spark:0.1.0-SNAPSHOT";

  private ReadmeSpark() {}

  /** The text of the section's code blocks whose info string is {@code language}. */
  static List<String> blocks(String language) throws IOException {
    String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    int from = readme.indexOf("\n### Spark\n");
    assertTrue(from >= 0, "README.md has no section '### Spark'");
    int to = readme.indexOf("\n#", from + 1);
    String section = readme.substring(from, to < 0 ? readme.length() : to);
    List<String> blocks = new ArrayList<>();
    Matcher m = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(section);
    while (m.find()) {
      blocks.add(m.group(1));
    }
    return blocks;
  }

  /**
   * The arguments of the README's {@code spark-submit} command as this test runs it: Spark local
   * mode instead of YARN, variant-spark's jar by path ({@code --jars}) instead of its Maven
   * coordinates ({@code --packages}, which would fetch it from a repository), and the test's input
   * and output directories.
   */
  static List<String> submitArguments(String appJar, String variantSparkJar, String in, String out)
      throws IOException {
    List<String> sh = blocks("sh");
    assertEquals(1, sh.size(), "README's Spark section has one sh block");
    String command = sh.get(0).replace("\\\n", " ");
    String line =
        command
            .lines()
            .filter(l -> l.startsWith("spark-submit "))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no spark-submit line in " + command));
    List<String> readme = List.of(line.strip().split("\\s+"));
    List<String> expected =
        List.of(
            "spark-submit",
            "--master",
            "yarn",
            "--packages",
            COORDINATES,
            "--class",
            "com.example.EventsToVariant",
            "target/events-app-1.0.jar",
            "/logs/2026-11-24",
            "/warehouse/events.variant");
    assertEquals(expected, readme, "README's spark-submit command changed: update this test");
    assertTrue(command.contains("mvn -B package "), "README builds the jar with mvn -B package");
    return List.of(
        "--master",
        "local[1]",
        "--conf",
        "spark.ui.enabled=false",
        "--conf",
        "spark.driver.host=127.0.0.1",
        "--conf",
        "spark.driver.bindAddress=127.0.0.1",
        "--jars",
        variantSparkJar,
        "--class",
        "com.example.EventsToVariant",
        appJar,
        in,
        out);
  }
}
