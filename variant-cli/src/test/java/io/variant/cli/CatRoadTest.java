// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.VariantLimitException;
import io.variant.shredding.ShreddingPlan;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The classes a newcomer follows from {@code variant cat} to the rebuild of one row: the stack of a
 * failure inside the rebuild, from {@code CatCommand} down to {@code Rebuilder}. A value over
 * {@code --max-value-size} fails there, so its exception carries that stack.
 */
class CatRoadTest {
  private static final int MOST_CLASSES = 8;
  private static final String ROAD_HEADING = "<p><b>One row's road</b>";

  @TempDir Path dir;

  @Test
  void catReachesTheRebuildThroughAtMostEightClasses() throws IOException {
    List<String> road = road(failureInsideRebuild());

    assertEquals("CatCommand", road.get(0), road.toString());
    assertEquals("Rebuilder", road.get(road.size() - 1), road.toString());
    assertTrue(road.size() <= MOST_CLASSES, "cat reaches the rebuild through " + road);
  }

  @Test
  void readPackageInfoNamesTheRoadInOrder() throws IOException {
    List<String> road = road(failureInsideRebuild());
    String paragraph = roadParagraph();

    int from = 0;
    for (String step : road) {
      Matcher m =
          Pattern.compile("\\{@(code|link) (io\\.variant\\.[\\w.]+\\.)?" + step + "\\b")
              .matcher(paragraph);
      assertTrue(
          m.find(from),
          step + " missing or out of order in the read package-info's road; the road is " + road);
      from = m.end();
    }
  }

  /** The exception of a row whose rebuilt value is over the limit, thrown inside the rebuild. */
  private Throwable failureInsideRebuild() throws IOException {
    Path file =
        Fixtures.parquet(
            dir.resolve("road.parquet"),
            ShreddingPlan.parse("{\"id\": int64, \"user\": {\"name\": string}}"),
            List.of("v"),
            "{\"id\": 1, \"user\": {\"name\": \"a name longer than sixteen bytes\"}}");
    String[] args = {"cat", "--max-value-size", "16", file.toString()};
    CommandLine cmd =
        VariantCli.commandLine(
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintWriter(new StringWriter(), true),
            args);
    Throwable[] thrown = new Throwable[1];
    cmd.setExecutionExceptionHandler(
        (e, line, parsed) -> {
          thrown[0] = e;
          return ExitCodes.RESOURCE_LIMIT;
        });
    cmd.execute(args);
    assertNotNull(thrown[0], "cat of a value over --max-value-size did not fail");
    Throwable t = thrown[0];
    while (!(t instanceof VariantLimitException) && t.getCause() != null) {
      t = t.getCause();
    }
    assertTrue(t instanceof VariantLimitException, "not a limit failure: " + thrown[0]);
    return t;
  }

  /**
   * The distinct {@code io.variant} classes (simple names, nested classes counted with their file's
   * class) from the outermost {@code CatCommand} frame to the outermost {@code Rebuilder} frame.
   */
  private static List<String> road(Throwable insideRebuild) {
    StackTraceElement[] stack = insideRebuild.getStackTrace();
    int cat = outermost(stack, "io.variant.cli.CatCommand");
    int rebuilder = outermost(stack, "io.variant.shredding.Rebuilder");
    assertTrue(
        cat > rebuilder && rebuilder >= 0,
        "the rebuild did not run under CatCommand on one thread: " + List.of(stack));
    List<String> road = new ArrayList<>();
    for (int i = cat; i >= rebuilder; i--) {
      String name = stack[i].getClassName();
      if (name.startsWith("io.variant.")) {
        String simple = name.substring(name.lastIndexOf('.') + 1).replaceFirst("\\$.*", "");
        if (!road.contains(simple)) {
          road.add(simple);
        }
      }
    }
    return road;
  }

  private static int outermost(StackTraceElement[] stack, String className) {
    for (int i = stack.length - 1; i >= 0; i--) {
      if (stack[i].getClassName().equals(className)) {
        return i;
      }
    }
    return -1;
  }

  /** The road paragraph of the read package's package-info, as source text. */
  private static String roadParagraph() throws IOException {
    String configured = System.getProperty("variant.repo.root");
    Path repo =
        configured != null ? Paths.get(configured) : Paths.get("").toAbsolutePath().getParent();
    String info =
        Files.readString(
            repo.resolve(
                "variant-parquet/src/main/java/io/variant/parquet/read/package-info.java"));
    int start = info.indexOf(ROAD_HEADING);
    assertTrue(start >= 0, "the read package-info has no paragraph " + ROAD_HEADING);
    int end = info.indexOf("<p>", start + ROAD_HEADING.length());
    return info.substring(start, end < 0 ? info.length() : end)
        .replaceAll("\\s*\\n\\s*\\*\\s*", " ");
  }
}
