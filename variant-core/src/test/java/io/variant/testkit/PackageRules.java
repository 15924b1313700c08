// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks the package rules that every {@code package-info.java} states: which packages its classes
 * may use, and that no two packages depend on each other (directly or through others).
 *
 * <p><b>The rule format.</b> A package's Javadoc has one sentence starting {@code May import:}; the
 * {@code {@code ...}} names in that sentence, up to its closing period, are the packages its
 * classes may use. {@code a.b} allows exactly package {@code a.b}; {@code a.b.*} allows {@code a.b}
 * and every package below it. Any other words in the sentence ("the JDK only", "and") are for
 * people and are ignored. The JDK's {@code java.*} and the package itself are always allowed. Text
 * after the sentence's period is free prose.
 *
 * <p><b>Internal packages.</b> A package whose name has an {@code internal} segment is not API
 * (README, "Versions"); its package-info says so with {@link PublicApi#MARK}, as the packages
 * marked internal without the name do. Whether an API type's public signatures name an internal
 * type is a question for the compiled classes: each library module's {@code PublicApiTest} asks it
 * ({@link PublicApi#internalTypesInApiSignatures()}).
 *
 * <p><b>What counts as a use.</b> Every {@code import} (static or not) and every fully qualified
 * name in code (comments and string literals are skipped, so {@code {@link a.b.C}} is not a use). A
 * package's dependencies are the union over its files.
 */
public final class PackageRules {
  private static final String RULE_START = "May import:";
  private static final Pattern CODE_TAG = Pattern.compile("\\{@code\\s+([^}]*)}");
  private static final Pattern PACKAGE_NAME =
      Pattern.compile("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*(\\.\\*)?");
  private static final Pattern PACKAGE_DECL =
      Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
  private static final Pattern IMPORT =
      Pattern.compile("^\\s*import\\s+(?:static\\s+)?([\\w.]+)(?:\\.\\*)?\\s*;", Pattern.MULTILINE);

  /**
   * A qualified name in code whose first segment is a package root we know, followed by a type
   * name.
   */
  private static final Pattern QUALIFIED =
      Pattern.compile(
          "(?<![\\w.])((?:io|org|com|picocli|javax|jdk|sun)(?:\\.[a-z][a-z0-9_]*)+)\\.[A-Z]");

  private PackageRules() {}

  /**
   * The rule violations and package cycles under {@code sourceRoots}, one line each; empty when all
   * is well.
   */
  public static List<String> violations(List<Path> sourceRoots) {
    Map<String, Set<String>> uses = new TreeMap<>();
    Map<String, Set<String>> allowed = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (Path root : sourceRoots) {
      scan(root, uses, allowed, problems);
    }
    for (Map.Entry<String, Set<String>> e : uses.entrySet()) {
      String pkg = e.getKey();
      Set<String> rules = allowed.get(pkg);
      if (rules == null) {
        continue; // reported by scan: no package-info or no rule sentence
      }
      for (String used : e.getValue()) {
        if (!isAllowed(pkg, used, rules)) {
          problems.add(
              pkg
                  + " uses "
                  + used
                  + ", which its package-info does not allow (May import: "
                  + String.join(", ", rules)
                  + ")");
        }
      }
    }
    problems.addAll(cycles(uses));
    return problems;
  }

  /**
   * The source roots of every module of the repository at {@code repoRoot}: {@code *}{@code
   * /src/main/java}.
   */
  public static List<Path> mainSourceRoots(Path repoRoot) {
    try (Stream<Path> modules = Files.list(repoRoot)) {
      return modules
          .map(m -> m.resolve("src/main/java"))
          .filter(Files::isDirectory)
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void scan(
      Path root,
      Map<String, Set<String>> uses,
      Map<String, Set<String>> allowed,
      List<String> problems) {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files =
          walk.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Set<String> packagesWithCode = new TreeSet<>();
    Set<String> packagesWithInfo = new TreeSet<>();
    for (Path file : files) {
      String text = read(file);
      Matcher decl = PACKAGE_DECL.matcher(codeOnly(text));
      if (!decl.find()) {
        problems.add(file + " has no package declaration");
        continue;
      }
      String pkg = decl.group(1);
      if (file.getFileName().toString().equals("package-info.java")) {
        packagesWithInfo.add(pkg);
        if (List.of(pkg.split("\\.")).contains("internal") && !text.contains(PublicApi.MARK)) {
          problems.add(
              pkg
                  + " is named internal but its package-info does not say so with "
                  + PublicApi.MARK
                  + " (not API, may change without notice)");
        }
        Set<String> rules = parseRules(text, file, problems);
        if (rules != null) {
          allowed.put(pkg, rules);
        }
        continue;
      }
      packagesWithCode.add(pkg);
      uses.computeIfAbsent(pkg, k -> new TreeSet<>()).addAll(dependencies(text, pkg));
    }
    for (String pkg : packagesWithCode) {
      if (!packagesWithInfo.contains(pkg)) {
        problems.add(pkg + " has no package-info.java (under " + root + ")");
      }
    }
  }

  /**
   * The packages named in the rule sentence, or null (and a problem) if there is none or it is
   * unreadable.
   */
  static Set<String> parseRules(String packageInfo, Path file, List<String> problems) {
    int start = packageInfo.indexOf(RULE_START);
    if (start < 0) {
      problems.add(
          file
              + " has no \""
              + RULE_START
              + "\" sentence (e.g. <p>May import: {@code io.variant.core},"
              + " {@code org.apache.parquet.*}. See io.variant.testkit.PackageRules)");
      return null;
    }
    String text =
        packageInfo.substring(start + RULE_START.length()).replaceAll("\\n\\s*\\*(?!/)", " ");
    String sentence = sentence(text);
    Set<String> rules = new TreeSet<>();
    Matcher m = CODE_TAG.matcher(sentence);
    while (m.find()) {
      String name = m.group(1).trim();
      if (!PACKAGE_NAME.matcher(name).matches()) {
        problems.add(
            file
                + ": \""
                + name
                + "\" in the "
                + RULE_START
                + " sentence is not a package name"
                + " (the sentence lists {@code a.b} for one package, {@code a.b.*} for it and all below)");
        return null;
      }
      rules.add(name);
    }
    return rules;
  }

  /** Text up to the first period outside {@code {@code ...}} that ends the sentence. */
  private static String sentence(String text) {
    int depth = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
      } else if (c == '.' && depth == 0) {
        return text.substring(0, i);
      }
    }
    return text;
  }

  static Set<String> dependencies(String source, String ownPackage) {
    String code = codeOnly(source);
    Set<String> deps = new TreeSet<>();
    Matcher imports = IMPORT.matcher(code);
    while (imports.find()) {
      deps.add(packageOf(imports.group(1)));
    }
    Matcher qualified = QUALIFIED.matcher(code.replaceAll("(?m)^\\s*(import|package)\\s.*$", ""));
    while (qualified.find()) {
      deps.add(qualified.group(1));
    }
    deps.remove(ownPackage);
    deps.removeIf(d -> d.startsWith("java."));
    return deps;
  }

  /**
   * The package part of a qualified name: the segments before the first one that starts upper case.
   */
  private static String packageOf(String qualifiedName) {
    String[] parts = qualifiedName.split("\\.");
    StringBuilder pkg = new StringBuilder();
    for (String part : parts) {
      if (!part.isEmpty() && Character.isUpperCase(part.charAt(0))) {
        break;
      }
      if (pkg.length() > 0) {
        pkg.append('.');
      }
      pkg.append(part);
    }
    return pkg.toString();
  }

  private static boolean isAllowed(String pkg, String used, Set<String> rules) {
    if (used.equals(pkg) || used.startsWith("java.")) {
      return true;
    }
    for (String rule : rules) {
      if (rule.endsWith(".*")) {
        String base = rule.substring(0, rule.length() - 2);
        if (used.equals(base) || used.startsWith(base + ".")) {
          return true;
        }
      } else if (used.equals(rule)) {
        return true;
      }
    }
    return false;
  }

  /** Each cycle among the scanned packages, reported once as "a -> b -> a". */
  static List<String> cycles(Map<String, Set<String>> uses) {
    List<String> found = new ArrayList<>();
    Set<String> done = new TreeSet<>();
    for (String start : uses.keySet()) {
      List<String> path = new ArrayList<>();
      findCycles(start, uses, path, done, found);
    }
    return found;
  }

  private static void findCycles(
      String pkg,
      Map<String, Set<String>> uses,
      List<String> path,
      Set<String> done,
      List<String> found) {
    int at = path.indexOf(pkg);
    if (at >= 0) {
      List<String> cycle = new ArrayList<>(path.subList(at, path.size()));
      cycle.add(pkg);
      found.add("package cycle: " + String.join(" -> ", cycle));
      return;
    }
    if (done.contains(pkg) || !uses.containsKey(pkg)) {
      return;
    }
    path.add(pkg);
    for (String next : uses.get(pkg)) {
      findCycles(next, uses, path, done, found);
    }
    path.remove(path.size() - 1);
    done.add(pkg);
  }

  /** The source with comments and string and char literals blanked out (line breaks kept). */
  static String codeOnly(String source) {
    StringBuilder out = new StringBuilder(source.length());
    int i = 0;
    int n = source.length();
    while (i < n) {
      char c = source.charAt(i);
      if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
        while (i < n && source.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
        int end = source.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        blank(source, i, end, out);
        i = end;
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3);
        end = end < 0 ? n : end + 3;
        blank(source, i, end, out);
        i = end;
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') {
          j += source.charAt(j) == '\\' ? 2 : 1;
        }
        int end = Math.min(n, j + 1);
        blank(source, i, end, out);
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static void blank(String source, int from, int to, StringBuilder out) {
    for (int k = from; k < to; k++) {
      out.append(source.charAt(k) == '\n' ? '\n' : ' ');
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
