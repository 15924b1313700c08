// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.annotation.Annotation;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Same-run ratios that survive a busy machine: runs the implementations of one benchmark operation
 * (the JMH methods {@code operation_ours}, {@code operation_parquetJava}, ...) in one JVM,
 * alternating short batches of each, and charges each batch the <b>process</b> CPU time it took
 * (the benchmark thread plus the garbage collection and compilation it caused), not wall time. On
 * the project's 2-core machine shared with builds, JMH's wall-clock scores swing by several times
 * between iterations; CPU time per row moves by a few percent, and alternating batches exposes
 * every implementation to the same disturbance. Use JMH ({@code bench/run}) for the published table
 * on a quiet machine, and this to decide whether a change helps while the machine is busy.
 *
 * <p>Each implementation gets its own instance of the benchmark class (as JMH gives each benchmark
 * method its own state), set up by its {@code @Setup(Level.Trial)} methods; {@code Level.Iteration}
 * set-up and tear-down run around each batch, outside the measurement (as JMH keeps them outside
 * its iterations).
 *
 * <p>Each batch is also charged a second way, the benchmark thread's own CPU time plus the time the
 * collectors spent (with {@code -XX:+UseSerialGC} collections stop the thread, so their elapsed
 * time is their CPU time). It leaves out the compiler threads, whose late bursts on this machine
 * can double one batch of process CPU time; the second ratio line ("thread+GC") is the steadier one
 * when the spreads of the first are high.
 *
 * <p><b>Two builds of ours:</b> with {@code --against OTHER.jar} (a {@code benchmarks.jar} built
 * from another commit), ours runs from both jars in the same JVM, each jar's classes in a class
 * loader of their own, alternated the same way; the ratio line is then this jar ÷ the other ({@code
 * ours@OTHER.jar}). Use it to show that a change keeps ours as fast as it was. With {@code --peers}
 * the peers run too, alternated with both, so that one run gives this jar ÷ the other and ÷ each
 * peer (the other jar's ratio to a peer is then the quotient of the two).
 *
 * <p>Usage: {@code java -XX:+UseSerialGC -Xmx2g -cp benchmarks.jar io.variant.bench.CpuRatio
 * CLASS.OPERATION [CORPUS,...] [ROUNDS] [BATCH_MS] [--against OTHER.jar [--peers]]} (a batch lasts
 * BATCH_MS of the benchmark thread's CPU time), e.g. {@code JsonToVariantBenchmark.parseBytes
 * events,mixed 12 300}; an exact method name ({@code parseBytes_ours}) runs that one alone, e.g.
 * under a profiler. The first third of the rounds are warm-up. Prints, per corpus, each
 * implementation's median CPU microseconds per row and rows per CPU second, and ours ÷ each peer.
 */
public final class CpuRatio {
  private static final String OURS = "ours";
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** For making the Blackhole that set-up methods take (JMH hands its own to them). */
  private static final String BLACKHOLE_PHRASE =
      "Today's password is swordfish. I understand instantiating Blackholes directly is"
          + " dangerous.";

  /**
   * One implementation: a benchmark class (of this jar or another one's loader), its operation
   * method and the name it is reported under.
   */
  private record Impl(Class<?> type, Method op, String name) {}

  private CpuRatio() {}

  public static void main(String[] args) throws Exception {
    List<String> rest = new ArrayList<>(Arrays.asList(args));
    boolean keepPeers = rest.remove("--peers");
    Path against = null;
    int option = rest.indexOf("--against");
    if (option >= 0 && option + 1 < rest.size()) {
      against = Path.of(rest.remove(option + 1));
      rest.remove(option);
    }
    if (rest.isEmpty() || option >= 0 && against == null) {
      System.err.println(
          "usage: CpuRatio CLASS.OPERATION [CORPUS,...] [ROUNDS] [BATCH_MS] [--against OTHER.jar"
              + " [--peers]]"
              + "  (e.g. JsonToVariantBenchmark.parseBytes events,mixed 12 300)");
      System.exit(2);
    }
    int dot = rest.get(0).lastIndexOf('.');
    String className = "io.variant.bench." + rest.get(0).substring(0, dot);
    Class<?> type = Class.forName(className);
    String operation = rest.get(0).substring(dot + 1);
    List<String> corpora =
        Arrays.asList((rest.size() > 1 ? rest.get(1) : "events,wide,large,mixed").split(","));
    int rounds = rest.size() > 2 ? Integer.parseInt(rest.get(2)) : 12;
    long batchNanos = (rest.size() > 3 ? Long.parseLong(rest.get(3)) : 300) * 1_000_000L;

    List<Impl> impls = implementations(type, operation, "");
    if (against != null) {
      if (!keepPeers) {
        impls.removeIf(i -> !i.name().equals(OURS));
      }
      int before = impls.size();
      URL jar = against.toUri().toURL();
      // the platform loader as parent: every class of the other jar, ours and the libraries, is
      // that jar's own
      ClassLoader other = new URLClassLoader(new URL[] {jar}, ClassLoader.getPlatformClassLoader());
      Class<?> otherType = Class.forName(className, true, other);
      String suffix = "@" + against.getFileName();
      for (Impl i : implementations(otherType, operation, suffix)) {
        if (i.name().equals(OURS + suffix)) {
          impls.add(i);
        }
      }
      if (impls.size() != before + 1) {
        throw new IllegalArgumentException(
            "--against needs exactly one " + operation + "_ours in both jars; found " + impls);
      }
    }
    System.out.printf(
        "%s.%s, %d rounds of %d ms of thread CPU per implementation (first %d warm-up), charged process CPU time, then thread CPU + GC time%n",
        type.getSimpleName(), operation, rounds, batchNanos / 1_000_000, rounds / 3);
    for (String corpus : corpora) {
      measure(impls, corpus, rounds, batchNanos);
    }
  }

  /**
   * The {@code @Benchmark} methods named {@code operation} or {@code operation_*} of {@code type},
   * ours first; their names get {@code suffix}. Annotations are matched by name, as a class of
   * another jar's loader carries that loader's JMH annotation types.
   */
  private static List<Impl> implementations(Class<?> type, String operation, String suffix) {
    List<Impl> impls = new ArrayList<>();
    for (Method m : type.getMethods()) {
      if (annotation(m, Benchmark.class) != null
          && (m.getName().equals(operation) || m.getName().startsWith(operation + "_"))) {
        impls.add(new Impl(type, m, implName(m) + suffix));
      }
    }
    impls.sort((a, b) -> a.name().startsWith(OURS) ? -1 : b.name().startsWith(OURS) ? 1 : 0);
    if (impls.isEmpty()) {
      throw new IllegalArgumentException("no @Benchmark " + operation + "_* in " + type.getName());
    }
    return impls;
  }

  /** {@code m}'s annotation of the JMH type {@code kind}, from whichever loader, or null. */
  private static Annotation annotation(Method m, Class<? extends Annotation> kind) {
    for (Annotation a : m.getAnnotations()) {
      if (a.annotationType().getName().equals(kind.getName())) {
        return a;
      }
    }
    return null;
  }

  private static String implName(Method m) {
    return m.getName().substring(m.getName().indexOf('_') + 1);
  }

  private static void measure(List<Impl> impls, String corpus, int rounds, long batchNanos)
      throws Exception {
    Object[] states = new Object[impls.size()];
    for (int i = 0; i < states.length; i++) {
      Class<?> type = impls.get(i).type();
      states[i] = type.getConstructor().newInstance();
      type.getField("corpus").set(states[i], corpus);
      lifecycle(states[i], Setup.class, Level.Trial);
    }
    double[][] nanosPerOp = new double[impls.size()][rounds];
    double[][] threadNanosPerOp = new double[impls.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int i = 0; i < impls.size(); i++) {
        double[] charged = batch(states[i], impls.get(i).op(), batchNanos);
        nanosPerOp[i][r] = charged[0];
        threadNanosPerOp[i][r] = charged[1];
      }
    }
    for (Object state : states) {
      lifecycle(state, TearDown.class, Level.Trial);
    }
    int named = corpus.indexOf('='); // a NAME=FILE corpus is reported by its name
    String label = named > 0 ? corpus.substring(0, named) : corpus;
    report(label, impls, nanosPerOp, "", rounds);
    report(label, impls, threadNanosPerOp, " (thread+GC)", rounds);
  }

  /**
   * Prints each implementation's median of the measured rounds and, first being ours, the ratios.
   */
  private static void report(
      String corpus, List<Impl> impls, double[][] nanosPerOp, String charge, int rounds) {
    int warm = rounds / 3;
    double[] median = new double[impls.size()];
    StringBuilder line = new StringBuilder("  " + corpus + charge + ":");
    for (int i = 0; i < impls.size(); i++) {
      double[] measured = Arrays.copyOfRange(nanosPerOp[i], warm, rounds);
      Arrays.sort(measured);
      median[i] = measured[measured.length / 2];
      double spread = (measured[measured.length - 1] - measured[0]) / median[i];
      line.append(
          String.format(
              Locale.ROOT,
              "  %s %.1f µs/row (%,.0f rows/CPU-s, spread %.0f%%)",
              impls.get(i).name(),
              median[i] / 1000,
              1e9 / median[i],
              spread * 100));
    }
    System.out.println(line);
    if (impls.get(0).name().equals(OURS)) {
      StringBuilder ratios = new StringBuilder("    ours ÷" + charge);
      for (int i = 1; i < impls.size(); i++) {
        ratios.append(
            String.format(Locale.ROOT, " %s %.2f×", impls.get(i).name(), median[i] / median[0]));
      }
      System.out.println(ratios);
    }
  }

  /**
   * One batch of at least {@code batchNanos} of the thread's CPU time (not wall time: on a machine
   * shared with builds a wall-clock batch held a few hundred rows, less than one file of a writing
   * benchmark that closes a file per corpus pass, and its cost per row then depended on whether it
   * held that close); returns the nanoseconds per op it charged: process CPU, and the thread's CPU
   * plus collection time.
   */
  private static double[] batch(Object state, Method op, long batchNanos) throws Exception {
    lifecycle(state, Setup.class, Level.Iteration);
    long ops = 0;
    long gc0 = collectionNanos();
    long thread0 = THREADS.getCurrentThreadCpuTime();
    long cpu0 = processCpuNanos();
    try {
      do {
        for (int k = 0; k < 16; k++) {
          op.invoke(state);
        }
        ops += 16;
      } while (THREADS.getCurrentThreadCpuTime() - thread0 < batchNanos);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(op.getName() + " failed", e.getCause());
    }
    long cpu = processCpuNanos() - cpu0;
    long thread = THREADS.getCurrentThreadCpuTime() - thread0 + collectionNanos() - gc0;
    lifecycle(state, TearDown.class, Level.Iteration);
    return new double[] {(double) cpu / ops, (double) thread / ops};
  }

  /** Elapsed time of all collections so far (milliseconds, as the collectors report it). */
  private static long collectionNanos() {
    long millis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      millis += Math.max(0, gc.getCollectionTime());
    }
    return millis * 1_000_000L;
  }

  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /**
   * Runs the state's JMH lifecycle methods of one kind and level, superclass methods first.
   * Annotations and the Blackhole come from the state's own loader, which may be another jar's.
   */
  private static void lifecycle(Object state, Class<? extends Annotation> kind, Level level)
      throws Exception {
    List<Class<?>> chain = new ArrayList<>();
    for (Class<?> c = state.getClass(); c != Object.class; c = c.getSuperclass()) {
      chain.add(0, c);
    }
    for (Class<?> c : chain) {
      for (Method m : c.getDeclaredMethods()) {
        Annotation a = annotation(m, kind);
        if (!Modifier.isPublic(m.getModifiers()) || a == null) {
          continue;
        }
        Enum<?> at = (Enum<?>) a.annotationType().getMethod("value").invoke(a);
        if (at.name().equals(level.name())) {
          m.invoke(state, m.getParameterCount() == 0 ? new Object[0] : new Object[] {blackhole(c)});
        }
      }
    }
  }

  /** A Blackhole of the JMH that {@code type}'s loader sees. */
  private static Object blackhole(Class<?> type) throws Exception {
    return Class.forName("org.openjdk.jmh.infra.Blackhole", true, type.getClassLoader())
        .getConstructor(String.class)
        .newInstance(BLACKHOLE_PHRASE);
  }
}
