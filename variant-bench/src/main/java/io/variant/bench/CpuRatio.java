package io.variant.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

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
 * <p>Usage: {@code java -XX:+UseSerialGC -Xmx2g -cp benchmarks.jar io.variant.bench.CpuRatio
 * CLASS.OPERATION [CORPUS,...] [ROUNDS] [BATCH_MS]}, e.g. {@code JsonToVariantBenchmark.parseBytes
 * events,mixed 12 300}; an exact method name ({@code parseBytes_ours}) runs that one alone, e.g.
 * under a profiler. The first third of the rounds are warm-up. Prints, per corpus, each
 * implementation's median CPU microseconds per row and rows per CPU second, and ours ÷ each peer.
 */
public final class CpuRatio {
  private static final String OURS = "ours";
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** For set-up methods that take one (JMH hands its own to them); JMH asks for this phrase. */
  private static final Blackhole BLACKHOLE =
      new Blackhole(
          "Today's password is swordfish. I understand instantiating Blackholes directly is"
              + " dangerous.");

  private CpuRatio() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println(
          "usage: CpuRatio CLASS.OPERATION [CORPUS,...] [ROUNDS] [BATCH_MS]"
              + "  (e.g. JsonToVariantBenchmark.parseBytes events,mixed 12 300)");
      System.exit(2);
    }
    int dot = args[0].lastIndexOf('.');
    Class<?> type = Class.forName("io.variant.bench." + args[0].substring(0, dot));
    String operation = args[0].substring(dot + 1);
    List<String> corpora =
        Arrays.asList((args.length > 1 ? args[1] : "events,wide,large,mixed").split(","));
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 12;
    long batchNanos = (args.length > 3 ? Long.parseLong(args[3]) : 300) * 1_000_000L;

    List<Method> impls = implementations(type, operation);
    System.out.printf(
        "%s.%s, %d rounds of %d ms per implementation (first %d warm-up), process CPU time, then thread CPU + GC time%n",
        type.getSimpleName(), operation, rounds, batchNanos / 1_000_000, rounds / 3);
    for (String corpus : corpora) {
      measure(type, impls, corpus, rounds, batchNanos);
    }
  }

  private static List<Method> implementations(Class<?> type, String operation) {
    List<Method> impls = new ArrayList<>();
    for (Method m : type.getMethods()) {
      if (m.isAnnotationPresent(Benchmark.class)
          && (m.getName().equals(operation) || m.getName().startsWith(operation + "_"))) {
        impls.add(m);
      }
    }
    impls.sort((a, b) -> implName(a).equals(OURS) ? -1 : implName(b).equals(OURS) ? 1 : 0);
    if (impls.isEmpty()) {
      throw new IllegalArgumentException("no @Benchmark " + operation + "_* in " + type.getName());
    }
    return impls;
  }

  private static String implName(Method m) {
    return m.getName().substring(m.getName().indexOf('_') + 1);
  }

  private static void measure(
      Class<?> type, List<Method> impls, String corpus, int rounds, long batchNanos)
      throws Exception {
    Object[] states = new Object[impls.size()];
    for (int i = 0; i < states.length; i++) {
      states[i] = type.getConstructor().newInstance();
      type.getField("corpus").set(states[i], corpus);
      lifecycle(states[i], Setup.class, Level.Trial);
    }
    double[][] nanosPerOp = new double[impls.size()][rounds];
    double[][] threadNanosPerOp = new double[impls.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int i = 0; i < impls.size(); i++) {
        double[] charged = batch(states[i], impls.get(i), batchNanos);
        nanosPerOp[i][r] = charged[0];
        threadNanosPerOp[i][r] = charged[1];
      }
    }
    for (Object state : states) {
      lifecycle(state, TearDown.class, Level.Trial);
    }
    report(corpus, impls, nanosPerOp, "", rounds);
    report(corpus, impls, threadNanosPerOp, " (thread+GC)", rounds);
  }

  /**
   * Prints each implementation's median of the measured rounds and, first being ours, the ratios.
   */
  private static void report(
      String corpus, List<Method> impls, double[][] nanosPerOp, String charge, int rounds) {
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
              implName(impls.get(i)),
              median[i] / 1000,
              1e9 / median[i],
              spread * 100));
    }
    System.out.println(line);
    if (implName(impls.get(0)).equals(OURS)) {
      StringBuilder ratios = new StringBuilder("    ours ÷" + charge);
      for (int i = 1; i < impls.size(); i++) {
        ratios.append(
            String.format(Locale.ROOT, " %s %.2f×", implName(impls.get(i)), median[i] / median[0]));
      }
      System.out.println(ratios);
    }
  }

  /**
   * One batch of at least {@code batchNanos} wall time; returns the nanoseconds per op it charged:
   * process CPU, and the thread's CPU plus collection time.
   */
  private static double[] batch(Object state, Method op, long batchNanos) throws Exception {
    lifecycle(state, Setup.class, Level.Iteration);
    long ops = 0;
    long gc0 = collectionNanos();
    long thread0 = THREADS.getCurrentThreadCpuTime();
    long cpu0 = processCpuNanos();
    long wall0 = System.nanoTime();
    long wall;
    try {
      do {
        for (int k = 0; k < 16; k++) {
          op.invoke(state);
        }
        ops += 16;
        wall = System.nanoTime();
      } while (wall - wall0 < batchNanos);
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
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** Runs the state's JMH lifecycle methods of one kind and level, superclass methods first. */
  private static void lifecycle(
      Object state, Class<? extends java.lang.annotation.Annotation> kind, Level level)
      throws Exception {
    List<Class<?>> chain = new ArrayList<>();
    for (Class<?> c = state.getClass(); c != Object.class; c = c.getSuperclass()) {
      chain.add(0, c);
    }
    for (Class<?> c : chain) {
      for (Method m : c.getDeclaredMethods()) {
        if (!Modifier.isPublic(m.getModifiers()) || !m.isAnnotationPresent(kind)) {
          continue;
        }
        Level at =
            kind == Setup.class
                ? m.getAnnotation(Setup.class).value()
                : m.getAnnotation(TearDown.class).value();
        if (at == level) {
          m.invoke(state, m.getParameterCount() == 0 ? new Object[0] : new Object[] {BLACKHOLE});
        }
      }
    }
  }
}
