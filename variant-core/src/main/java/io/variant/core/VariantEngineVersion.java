// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.Properties;

/**
 * The variant-engine version that is running and the commit it was built from, as the build
 * recorded them in variant-core's jar. {@code variant --version} prints the same.
 *
 * <pre>{@code
 * VariantEngineVersion v = VariantEngineVersion.current();
 * v.version(); // "0.1.0"
 * v.commit();  // "17d860a487c04b22c5245445140d1a51ccb321f2", or "unknown"
 * }</pre>
 *
 * <p>Versions follow semantic versioning (the README's "Versions" says what the public API is). The
 * commit is the full id of git's {@code HEAD} when the jar was built; it is {@value #UNKNOWN} for a
 * build from a tree without git (a source archive), and the version is {@value #UNKNOWN} for
 * classes compiled without the Maven build's resource filtering (an IDE's own compiler).
 *
 * @param version the Maven version, e.g. {@code 0.1.0} or {@code 0.2.0-SNAPSHOT}
 * @param commit the full commit id, or {@value #UNKNOWN}
 * @param modified whether tracked files differed from that commit when the jar was built
 */
public record VariantEngineVersion(String version, String commit, boolean modified) {
  /** The value of a component the build could not record. */
  public static final String UNKNOWN = "unknown";

  private static final String RESOURCE = "version.properties"; // beside this class, filtered

  /**
   * Checks that both strings are present.
   *
   * @throws IllegalArgumentException if {@code version} or {@code commit} is empty
   */
  public VariantEngineVersion {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(commit, "commit");
    if (version.isEmpty() || commit.isEmpty()) {
      throw new IllegalArgumentException("empty version or commit; use \"" + UNKNOWN + "\"");
    }
  }

  /**
   * The version of the variant-core classes loaded in this JVM.
   *
   * @return the recorded version; read once
   */
  public static VariantEngineVersion current() {
    return Current.VERSION;
  }

  /** Reads the build's resource; {@code null} (no resource) gives an all-unknown version. */
  static VariantEngineVersion read(InputStream resource) throws IOException {
    Properties p = new Properties();
    if (resource != null) {
      p.load(resource);
    }
    String commit = recorded(p, "commit");
    return new VariantEngineVersion(
        recorded(p, "version"),
        commit,
        !commit.equals(UNKNOWN) && "true".equals(recorded(p, "modified")));
  }

  /** A value the build filled in; an unfiltered {@code ${...}} placeholder is not one. */
  private static String recorded(Properties p, String key) {
    String value = p.getProperty(key, "").trim();
    return value.isEmpty() || value.contains("${") ? UNKNOWN : value;
  }

  /**
   * For people and logs.
   *
   * @return e.g. {@code variant-engine 0.1.0 (commit 17d860a4...)}, with {@code , modified} when
   *     the tree had uncommitted changes
   */
  @Override
  public String toString() {
    return "variant-engine "
        + version
        + " (commit "
        + commit
        + (modified ? ", modified" : "")
        + ")";
  }

  /** Holder: the resource is read on first use, once. */
  private static final class Current {
    static final VariantEngineVersion VERSION = load();

    private static VariantEngineVersion load() {
      try (InputStream in = VariantEngineVersion.class.getResourceAsStream(RESOURCE)) {
        return read(in);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + RESOURCE + " from variant-core's jar", e);
      }
    }
  }
}
