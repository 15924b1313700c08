// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shaded CLI jar says what it bundles and under which licenses: the project's LICENSE and
 * NOTICE, the generated list of bundled artifacts, and the license files of those not under the
 * project's own license. Runs in the integration-test phase, after the jar is packaged.
 */
class BundledLicensesIT {
  /**
   * Licenses an Apache-2.0 product may bundle in binary form, as SPDX ids (the parent pom merges
   * the names poms use into these).
   */
  private static final Set<String> ALLOWED =
      Set.of(
          "Apache-2.0",
          "BSD-2-Clause",
          "BSD-3-Clause",
          "MIT",
          "CDDL-1.1 OR GPL-2.0-only WITH Classpath-exception-2.0",
          "EDL-1.0",
          "EPL-2.0");

  /**
   * One line of THIRD-PARTY.txt: {@code (License) (License) Name (group:artifact:version - url)}.
   */
  private static final Pattern LINE =
      Pattern.compile("^\\s+((?:\\([^()]+\\) )+)(.*) \\(([^: ]+):([^: ]+):([^ ]+) - (.*)\\)$");

  private static final Pattern LICENSE = Pattern.compile("\\(([^()]+)\\)");

  private static ZipFile jar;
  private static Map<String, Listed> listed; // by group:artifact

  record Listed(String version, List<String> licenses) {}

  @BeforeAll
  static void openJar() throws IOException {
    Path path = CliRunner.repoRoot().resolve("variant-cli/target/variant.jar");
    assertTrue(Files.isRegularFile(path), path + " is missing: this test runs after package");
    jar = new ZipFile(path.toFile());
    listed = parse(text("META-INF/THIRD-PARTY.txt"));
  }

  @AfterAll
  static void closeJar() throws IOException {
    jar.close();
  }

  @Test
  void licenseIsTheProjectsApacheLicense() throws IOException {
    byte[] expected = Files.readAllBytes(CliRunner.repoRoot().resolve("LICENSE"));
    assertArrayEquals(expected, bytes("META-INF/LICENSE"));
  }

  @Test
  void noticeMergesTheProjectsWithTheBundledOnes() throws IOException {
    String notice = text("META-INF/NOTICE");
    assertTrue(notice.strip().startsWith("variant-engine\n"), notice);
    assertTrue(notice.contains("Apache Parquet"), "parquet-java's NOTICE is merged:\n" + notice);
    assertTrue(notice.contains("Apache Hadoop"), "Hadoop's NOTICE is merged:\n" + notice);
  }

  @Test
  void everyListedArtifactHasAnAllowedLicense() {
    assertFalse(listed.isEmpty());
    listed.forEach(
        (artifact, l) -> {
          List<String> unknown = new ArrayList<>(l.licenses());
          unknown.removeAll(ALLOWED);
          assertTrue(unknown.isEmpty(), artifact + " has a license not allowed: " + unknown);
        });
  }

  /** Our META-INF/LICENSE covers Apache-2.0; any other license's text ships beside it. */
  @Test
  void everyOtherLicenseHasItsTextInTheJar() {
    listed.forEach(
        (artifact, l) -> {
          if (!l.licenses().contains("Apache-2.0")) {
            String dir = "META-INF/licenses/" + artifact.substring(artifact.indexOf(':') + 1) + "/";
            assertTrue(
                jar.stream().anyMatch(e -> !e.isDirectory() && e.getName().startsWith(dir)),
                artifact + " (" + l.licenses() + ") has no license text under " + dir);
          }
        });
  }

  /**
   * The list is complete: every artifact whose Maven metadata the jar carries is in it, at that
   * version. Our own modules are not third-party, except variant-picocli (picocli, recompiled).
   */
  @Test
  void everyBundledArtifactIsListedAtItsVersion() throws IOException {
    int checked = 0;
    for (ZipEntry e : jar.stream().toList()) {
      if (!e.getName().startsWith("META-INF/maven/") || !e.getName().endsWith("/pom.properties")) {
        continue;
      }
      Properties p = new Properties();
      try (InputStream in = jar.getInputStream(e)) {
        p.load(in);
      }
      String artifact = p.getProperty("groupId") + ":" + p.getProperty("artifactId");
      if (artifact.startsWith("io.variant:") && !artifact.equals("io.variant:variant-picocli")) {
        continue;
      }
      String version = p.getProperty("version");
      Listed l = listed.get(artifact);
      if (l == null || !l.version().equals(version)) {
        // Shaded inside a listed artifact (parquet-column carries a hashing library's metadata,
        // parquet-jackson an older jackson-databind's), under that artifact's license files.
        List<String> hosts = listedJarsCarrying(e.getName());
        hosts.remove(artifact);
        assertFalse(
            hosts.isEmpty(),
            artifact
                + ":"
                + version
                + " is bundled ("
                + e.getName()
                + ") but not listed"
                + (l == null ? "" : " at that version (listed: " + l.version() + ")"));
        continue;
      }
      checked++;
    }
    assertTrue(checked > 10, "only " + checked + " bundled artifacts carry Maven metadata");
    assertTrue(listed.containsKey("io.variant:variant-picocli"), "picocli is listed");
    assertTrue(listed.containsKey("org.apache.parquet:parquet-hadoop"), "parquet-java is listed");
  }

  /**
   * The listed artifacts whose own jars carry {@code entry}, found on this test's class path, which
   * holds the same jars as variant.jar.
   */
  private static List<String> listedJarsCarrying(String entry) throws IOException {
    List<String> hosts = new ArrayList<>();
    Enumeration<URL> urls = BundledLicensesIT.class.getClassLoader().getResources(entry);
    while (urls.hasMoreElements()) {
      String url = urls.nextElement().toString(); // jar:file:/.../parquet-column-1.18.1.jar!/...
      int bang = url.indexOf("!/");
      if (!url.startsWith("jar:") || bang < 0) {
        continue;
      }
      String jarName = url.substring(url.lastIndexOf('/', bang) + 1, bang);
      listed.forEach(
          (artifact, l) -> {
            String artifactId = artifact.substring(artifact.indexOf(':') + 1);
            if (jarName.equals(artifactId + "-" + l.version() + ".jar")) {
              hosts.add(artifact);
            }
          });
    }
    return hosts;
  }

  private static Map<String, Listed> parse(String thirdParty) {
    Map<String, Listed> out = new LinkedHashMap<>();
    for (String line : thirdParty.lines().toList()) {
      if (line.isBlank() || line.startsWith("Lists of ")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        fail("unexpected line in THIRD-PARTY.txt: " + line);
      }
      List<String> licenses = new ArrayList<>();
      Matcher lm = LICENSE.matcher(m.group(1));
      while (lm.find()) {
        licenses.add(lm.group(1));
      }
      out.put(m.group(3) + ":" + m.group(4), new Listed(m.group(5), licenses));
    }
    Matcher count = Pattern.compile("Lists of (\\d+) third-party").matcher(thirdParty);
    assertTrue(count.find(), thirdParty);
    assertEquals(Integer.parseInt(count.group(1)), out.size(), "every listed line was read");
    return out;
  }

  private static byte[] bytes(String name) throws IOException {
    ZipEntry e = jar.getEntry(name);
    assertNotNull(e, name + " is missing from the jar");
    try (InputStream in = jar.getInputStream(e)) {
      return in.readAllBytes();
    }
  }

  private static String text(String name) throws IOException {
    return new String(bytes(name), StandardCharsets.UTF_8);
  }
}
