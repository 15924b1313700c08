// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The public types of one module, read from its compiled classes, for the module's {@code
 * PublicApiTest}: which of them are its API, which are public only for the project's other modules,
 * and whether an API type's public signatures name an internal type.
 *
 * <p><b>Internal</b> is what the README's "Versions" section excludes from the public API:
 *
 * <ul>
 *   <li>a package whose name has an {@code internal} segment, or whose {@code package-info} marks
 *       it with {@value #MARK} (every public type in it is internal);
 *   <li>a public type in an API package whose own Javadoc carries {@value #MARK}: it stays in that
 *       package because it reads the package-private state of the package's API classes, which no
 *       other package can, and another module of the project needs it. Its nested types are
 *       internal too.
 * </ul>
 *
 * Every other public type, nested public types of public types included, is API.
 */
public final class PublicApi {
  /** The Javadoc mark of an internal package or type. */
  public static final String MARK = "<b>Internal:</b>";

  private static final Pattern TYPE_DECLARATION =
      Pattern.compile(
          "^public (?:(?:final|abstract|sealed|non-sealed|strictfp) )*"
              + "(?:class|interface|enum|record|@interface) (\\w+)",
          Pattern.MULTILINE);

  private final List<Class<?>> publicTypes;
  private final List<Path> sourceRoots;
  private final Map<String, Boolean> internalPackages = new HashMap<>();
  private final Map<String, Boolean> markedTypes = new HashMap<>();
  private final Map<String, String> sources = new HashMap<>();

  private PublicApi(List<Class<?>> publicTypes, List<Path> sourceRoots) {
    this.publicTypes = publicTypes;
    this.sourceRoots = sourceRoots;
  }

  /**
   * The public types of the module that compiled {@code anyClass} (its {@code target/classes}),
   * with the sources of every module of the repository for the marks.
   */
  public static PublicApi of(Class<?> anyClass) {
    Path classes;
    try {
      classes = Paths.get(anyClass.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    if (!Files.isDirectory(classes)) {
      throw new IllegalStateException(
          anyClass + " was not loaded from a class directory but from " + classes);
    }
    return of(classes, anyClass.getClassLoader(), PackageRules.mainSourceRoots(RepoFiles.root()));
  }

  /** The public types under {@code classes}, loaded by {@code loader}, with their sources. */
  static PublicApi of(Path classes, ClassLoader loader, List<Path> sourceRoots) {
    List<Class<?>> types = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(classes)) {
      for (Path file : walk.filter(PublicApi::isClassFile).sorted().collect(Collectors.toList())) {
        String relative = classes.relativize(file).toString().replace('\\', '/');
        String name =
            relative.substring(0, relative.length() - ".class".length()).replace('/', '.');
        Class<?> c = Class.forName(name, false, loader);
        if (isReachable(c)) {
          types.add(c);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
    return new PublicApi(types, sourceRoots);
  }

  private static boolean isClassFile(Path p) {
    String name = p.getFileName().toString();
    return name.endsWith(".class") && !name.equals("package-info.class");
  }

  /** Public, and so are the classes it is nested in; not anonymous, local or synthetic. */
  private static boolean isReachable(Class<?> c) {
    for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
      if (!Modifier.isPublic(k.getModifiers())
          || k.isAnonymousClass()
          || k.isLocalClass()
          || k.isSynthetic()) {
        return false;
      }
    }
    return true;
  }

  /** The API types (canonical names): public types that are not internal. */
  public SortedSet<String> apiTypes() {
    return publicTypes.stream()
        .filter(c -> !isInternal(c))
        .map(Class::getCanonicalName)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The public types in API packages that their Javadoc marks internal (canonical names). */
  public SortedSet<String> markedInternalTypes() {
    return publicTypes.stream()
        .filter(c -> !isInternalPackage(c.getPackageName()) && isMarked(c))
        .map(Class::getCanonicalName)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * How the module's public types differ from the lists its {@code PublicApiTest} keeps, one line
   * per difference; empty when they agree.
   */
  public List<String> differences(Collection<String> listedApi, Collection<String> listedInternal) {
    List<String> found = new ArrayList<>();
    compare("API", listedApi, apiTypes(), found);
    compare("and marked internal", listedInternal, markedInternalTypes(), found);
    return found;
  }

  private static void compare(
      String what, Collection<String> listed, SortedSet<String> actual, List<String> found) {
    for (String name : actual) {
      if (!listed.contains(name)) {
        found.add(
            name
                + ": public "
                + what
                + ", not listed (list it, or make it package-private or internal)");
      }
    }
    for (String name : new TreeSet<>(listed)) {
      if (!actual.contains(name)) {
        found.add(name + ": listed as " + what + ", but it is not");
      }
    }
  }

  /**
   * Each public or protected member (and supertype) of an API type whose signature names an
   * internal type of this project, one line each: {@code Type member names internal Other}.
   */
  public List<String> internalTypesInApiSignatures() {
    List<String> found = new ArrayList<>();
    for (Class<?> c : publicTypes) {
      if (isInternal(c)) {
        continue;
      }
      for (Map.Entry<String, List<Type>> member : signatures(c).entrySet()) {
        Set<Class<?>> named = new TreeSet<>(Comparator.comparing(Class::getName));
        member.getValue().forEach(t -> collect(t, named, new HashSet<>()));
        for (Class<?> n : named) {
          if (isProjectType(n) && isInternal(n)) {
            found.add(
                c.getCanonicalName()
                    + " "
                    + member.getKey()
                    + " names internal "
                    + n.getCanonicalName());
          }
        }
      }
    }
    return found;
  }

  /** A type of one of the source roots' modules (its top-level class has a source file there). */
  private boolean isProjectType(Class<?> c) {
    return !c.isPrimitive() && !source(topLevel(c).getName().replace('.', '/') + ".java").isEmpty();
  }

  private static Class<?> topLevel(Class<?> c) {
    Class<?> top = c;
    while (top.getDeclaringClass() != null) {
      top = top.getDeclaringClass();
    }
    return top;
  }

  private boolean isInternal(Class<?> c) {
    return isInternalPackage(c.getPackageName()) || isMarked(c);
  }

  /** The type's own top-level class carries the mark in the Javadoc before its declaration. */
  private boolean isMarked(Class<?> c) {
    return markedTypes.computeIfAbsent(
        topLevel(c).getName(), name -> typeJavadoc(name).contains(MARK));
  }

  /**
   * Whether the package's name has an {@code internal} segment or its package-info has the mark.
   */
  public boolean isInternalPackage(String pkg) {
    return internalPackages.computeIfAbsent(
        pkg,
        p ->
            Arrays.asList(p.split("\\.")).contains("internal")
                || source(p.replace('.', '/') + "/package-info.java").contains(MARK));
  }

  /** The Javadoc comment just before the declaration of top-level class {@code name}. */
  private String typeJavadoc(String name) {
    String simple = name.substring(name.lastIndexOf('.') + 1);
    String text = source(name.replace('.', '/') + ".java");
    Matcher m = TYPE_DECLARATION.matcher(text);
    while (m.find()) {
      if (m.group(1).equals(simple)) {
        int end = text.lastIndexOf("*/", m.start());
        int start = text.lastIndexOf("/**", end);
        return start < 0 || end < 0 ? "" : text.substring(start, end);
      }
    }
    return "";
  }

  /** The text of {@code relative} under the first module's sources that has it, or "". */
  private String source(String relative) {
    return sources.computeIfAbsent(relative, this::read);
  }

  private String read(String relative) {
    for (Path root : sourceRoots) {
      Path file = root.resolve(relative);
      if (Files.isRegularFile(file)) {
        try {
          return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return "";
  }

  /** The types each public or protected member of {@code c} names, by member. */
  private static Map<String, List<Type>> signatures(Class<?> c) {
    Map<String, List<Type>> members = new TreeMap<>();
    List<Type> supertypes = new ArrayList<>(Arrays.asList(c.getGenericInterfaces()));
    if (c.getGenericSuperclass() != null) {
      supertypes.add(c.getGenericSuperclass());
    }
    members.put("(supertypes)", supertypes);
    for (Field f : c.getDeclaredFields()) {
      if (isVisible(f.getModifiers()) && !f.isSynthetic()) {
        members.put(f.getName(), List.of(f.getGenericType()));
      }
    }
    for (Method m : c.getDeclaredMethods()) {
      if (isVisible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
        List<Type> types = new ArrayList<>();
        types.add(m.getGenericReturnType());
        types.addAll(Arrays.asList(m.getGenericParameterTypes()));
        types.addAll(Arrays.asList(m.getGenericExceptionTypes()));
        members.merge(m.getName() + "()", types, PublicApi::both);
      }
    }
    for (Constructor<?> k : c.getDeclaredConstructors()) {
      if (isVisible(k.getModifiers()) && !k.isSynthetic()) {
        List<Type> types = new ArrayList<>(Arrays.asList(k.getGenericParameterTypes()));
        types.addAll(Arrays.asList(k.getGenericExceptionTypes()));
        members.merge("(constructor)", types, PublicApi::both);
      }
    }
    return members;
  }

  private static List<Type> both(List<Type> a, List<Type> b) {
    List<Type> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static boolean isVisible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static void collect(Type t, Set<Class<?>> into, Set<Type> seen) {
    if (!seen.add(t)) {
      return;
    }
    if (t instanceof Class<?> k) {
      while (k.isArray()) {
        k = k.getComponentType();
      }
      into.add(k);
    } else if (t instanceof ParameterizedType p) {
      collect(p.getRawType(), into, seen);
      for (Type a : p.getActualTypeArguments()) {
        collect(a, into, seen);
      }
    } else if (t instanceof GenericArrayType g) {
      collect(g.getGenericComponentType(), into, seen);
    } else if (t instanceof WildcardType w) {
      Stream.concat(Arrays.stream(w.getUpperBounds()), Arrays.stream(w.getLowerBounds()))
          .forEach(b -> collect(b, into, seen));
    } else if (t instanceof TypeVariable<?> v) {
      for (Type b : v.getBounds()) {
        collect(b, into, seen);
      }
    }
  }
}
