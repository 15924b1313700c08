// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every main package of every module follows the import rule its {@code package-info} states, and
 * no packages depend on each other in a cycle. The rule format is described in {@link
 * PackageRules}.
 */
class PackageRulesTest {
  @Test
  void everyModuleFollowsItsPackageRules() {
    Path repo = RepoFiles.root();
    List<Path> roots = PackageRules.mainSourceRoots(repo);
    assertTrue(
        roots.size() >= 4,
        "expected the modules' src/main/java under " + repo + ", found " + roots);
    List<String> problems = PackageRules.violations(roots);
    assertTrue(problems.isEmpty(), "package rules broken:\n  " + String.join("\n  ", problems));
  }

  @Test
  void reportsAnImportTheRulesDoNotAllow(@TempDir Path dir) throws IOException {
    RepoFiles.write(
        dir, "a/package-info.java", "/** Job. <p>May import: {@code b}. */\npackage a;\n");
    RepoFiles.write(dir, "a/A.java", "package a;\nimport c.C;\nclass A { C c; }\n");
    RepoFiles.write(dir, "c/package-info.java", "/** May import: the JDK only. */\npackage c;\n");
    RepoFiles.write(dir, "c/C.java", "package c;\npublic class C {}\n");

    List<String> problems = PackageRules.violations(List.of(dir));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("a uses c,"), problems.get(0));
  }

  @Test
  void reportsAQualifiedNameInCodeButNotInCommentsOrStrings(@TempDir Path dir) throws IOException {
    RepoFiles.write(
        dir, "io/x/package-info.java", "/** May import: the JDK only. */\npackage io.x;\n");
    RepoFiles.write(
        dir,
        "io/x/X.java",
        "package io.x;\n/** {@link io.y.Y} */\nclass X {\n  // io.z.Z\n"
            + "  String s = \"io.w.W\";\n  Object o = io.y.Y.make();\n}\n");
    RepoFiles.write(
        dir, "io/y/package-info.java", "/** May import: the JDK only. */\npackage io.y;\n");
    RepoFiles.write(
        dir,
        "io/y/Y.java",
        "package io.y;\npublic class Y { public static Object make() { return null; } }\n");

    List<String> problems = PackageRules.violations(List.of(dir));
    assertEquals(
        List.of("io.x uses io.y, which its package-info does not allow (May import: )"), problems);
  }

  @Test
  void reportsACycleEvenWhenTheRulesAllowIt(@TempDir Path dir) throws IOException {
    RepoFiles.write(
        dir, "io/p/package-info.java", "/** May import: {@code io.p.q}. */\npackage io.p;\n");
    RepoFiles.write(dir, "io/p/P.java", "package io.p;\nclass P { io.p.q.Q q; }\n");
    RepoFiles.write(
        dir, "io/p/q/package-info.java", "/** May import: {@code io.p}. */\npackage io.p.q;\n");
    RepoFiles.write(dir, "io/p/q/Q.java", "package io.p.q;\nimport io.p.P2;\npublic class Q {}\n");
    RepoFiles.write(dir, "io/p/P2.java", "package io.p;\npublic class P2 {}\n");

    List<String> problems = PackageRules.violations(List.of(dir));
    assertEquals(List.of("package cycle: io.p -> io.p.q -> io.p"), problems);
  }

  @Test
  void wildcardRuleAllowsSubpackagesAndPlainRuleDoesNot(@TempDir Path dir) throws IOException {
    RepoFiles.write(
        dir,
        "a/package-info.java",
        "/** May import: {@code org.lib.*} and {@code org.one}. More prose. */\n" + "package a;\n");
    RepoFiles.write(
        dir,
        "a/A.java",
        "package a;\nimport org.lib.deep.X;\nimport org.one.Y;\nimport org.one.sub.Z;\n"
            + "class A {}\n");

    List<String> problems = PackageRules.violations(List.of(dir));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("a uses org.one.sub,"), problems.get(0));
  }

  @Test
  void reportsAPackageWithoutRules(@TempDir Path dir) throws IOException {
    RepoFiles.write(dir, "a/A.java", "package a;\nclass A {}\n");
    RepoFiles.write(dir, "b/package-info.java", "/** Imports whatever it likes. */\npackage b;\n");
    RepoFiles.write(dir, "b/B.java", "package b;\nclass B {}\n");

    List<String> problems = PackageRules.violations(List.of(dir));
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("has no \"May import:\" sentence"), problems.get(0));
    assertTrue(problems.get(1).startsWith("a has no package-info.java"), problems.get(1));
  }

  @Test
  void reportsAnInternalPackageWhosePackageInfoDoesNotSaySo(@TempDir Path dir) throws IOException {
    RepoFiles.write(
        dir,
        "io/x/internal/package-info.java",
        "/** Plumbing. May import: the JDK only. */\npackage io.x.internal;\n");
    RepoFiles.write(dir, "io/x/internal/I.java", "package io.x.internal;\npublic class I {}\n");
    RepoFiles.write(
        dir,
        "io/y/internal/package-info.java",
        "/** Plumbing. <p><b>Internal:</b> not API. <p>May import: the JDK only. */\npackage io.y.internal;\n");
    RepoFiles.write(dir, "io/y/internal/J.java", "package io.y.internal;\npublic class J {}\n");

    List<String> problems = PackageRules.violations(List.of(dir));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("io.x.internal is named internal"), problems.get(0));
  }
}
