// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PublicApi} on a small module compiled here: API, marked internal, and a leak. */
class PublicApiCheckTest {
  @TempDir static Path dir;

  private static PublicApi module;

  @BeforeAll
  static void compile() throws IOException {
    Path src = dir.resolve("src");
    write(src, "io/x/package-info.java", "/** API. */\npackage io.x;\n");
    write(
        src,
        "io/x/Api.java",
        "package io.x;\n/** API. */\npublic class Api {\n"
            + "  public io.x.internal.Hidden leak() { return null; }\n"
            + "  io.x.internal.Hidden fine() { return null; }\n"
            + "  public static class Nested {}\n"
            + "  static class NotPublic { public static class Unreachable {} }\n}\n");
    write(
        src,
        "io/x/Marked.java",
        "package io.x;\n/**\n * Plumbing.\n *\n * <p><b>Internal:</b> not API.\n */\n"
            + "public final class Marked {\n  public static class Inner {}\n}\n");
    write(src, "io/x/Quiet.java", "package io.x;\nclass Quiet { public void m() {} }\n");
    write(
        src,
        "io/x/internal/package-info.java",
        "/** <b>Internal:</b> not API. */\npackage io.x.internal;\n");
    write(src, "io/x/internal/Hidden.java", "package io.x.internal;\npublic class Hidden {}\n");
    write(
        src,
        "io/y/package-info.java",
        "/** Plumbing. <p><b>Internal:</b> not API. */\n" + "package io.y;\n");
    write(src, "io/y/Engine.java", "package io.y;\npublic class Engine {}\n");

    Path classes = dir.resolve("classes");
    Files.createDirectories(classes);
    List<String> args = new ArrayList<>(List.of("-d", classes.toString()));
    try (Stream<Path> files = Files.walk(src)) {
      args.addAll(
          files
              .filter(p -> p.toString().endsWith(".java"))
              .map(Path::toString)
              .collect(Collectors.toList()));
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "javac failed");
    URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, PublicApiCheckTest.class.getClassLoader());
    module = PublicApi.of(classes, loader, List.of(src));
  }

  @Test
  void apiIsEveryReachablePublicTypeOutsideInternalPackagesAndMarks() {
    assertEquals(List.of("io.x.Api", "io.x.Api.Nested"), List.copyOf(module.apiTypes()));
  }

  @Test
  void aMarkedTypeAndItsNestedTypesAreInternal() {
    assertEquals(
        List.of("io.x.Marked", "io.x.Marked.Inner"), List.copyOf(module.markedInternalTypes()));
  }

  @Test
  void aPackageIsInternalByNameOrByItsPackageInfo() {
    assertEquals(
        List.of(true, true, false),
        List.of(
            module.isInternalPackage("io.x.internal"),
            module.isInternalPackage("io.y"),
            module.isInternalPackage("io.x")));
  }

  @Test
  void reportsAnInternalTypeInAPublicSignatureOnly() {
    assertEquals(
        List.of("io.x.Api leak() names internal io.x.internal.Hidden"),
        module.internalTypesInApiSignatures());
  }

  @Test
  void reportsUnlistedAndStaleEntries() {
    assertEquals(
        List.of(
            "io.x.Api.Nested: public API, not listed (list it, or make it package-private or"
                + " internal)",
            "io.x.Gone: listed as API, but it is not"),
        module.differences(
            List.of("io.x.Api", "io.x.Gone"), List.of("io.x.Marked", "io.x.Marked.Inner")));
  }

  private static void write(Path root, String relative, String text) throws IOException {
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}
