// SPDX-License-Identifier: Apache-2.0
package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * README.md's Spark section shows this application as it is: its dependencies as this module's pom
 * declares them, EventsToVariant.java whole (but for its license line), and the coordinates
 * spark-submit is given.
 */
class ReadmeSparkSectionTest {
  @Test
  void showsThePomsDependenciesAsDeclared() throws Exception {
    List<String> xml = ReadmeSpark.blocks("xml");
    assertEquals(1, xml.size(), "README's Spark section has one xml block");
    String pom = stripped(Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8));

    assertTrue(pom.contains(stripped(xml.get(0))), "README's dependencies are not in pom.xml");
    assertTrue(
        stripped(xml.get(0)).contains(stripped(coordinatesAsXml())),
        "spark-submit's --packages names another artifact than the pom's dependency");
  }

  @Test
  void showsTheApplicationWhole() throws Exception {
    List<String> java = ReadmeSpark.blocks("java");
    assertEquals(1, java.size(), "README's Spark section has one java block");
    String source =
        Files.readString(
            Path.of("src/main/java/com/example/EventsToVariant.java"), StandardCharsets.UTF_8);

    // all but the repository's license line, which a user's own file does not carry
    assertEquals(source.replaceFirst("^// SPDX-License-Identifier: Apache-2.0\n", ""), java.get(0));
  }

  private static String coordinatesAsXml() {
    String[] gav = ReadmeSpark.COORDINATES.split(":");
    return "<groupId>"
        + gav[0]
        + "</groupId>\n<artifactId>"
        + gav[1]
        + "</artifactId>\n<version>"
        + gav[2]
        + "</version>";
  }

  /** Each line without its indentation, so README may indent the pom's lines otherwise. */
  private static String stripped(String text) {
    return String.join("\n", text.lines().map(String::strip).toList());
  }
}
