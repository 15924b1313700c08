// SPDX-License-Identifier: Apache-2.0
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Locale;

/**
 * DuckDB's side of {@code bench/convert-vs-duckdb}: opens an in-memory DuckDB on one thread and runs
 * {@code COPY (SELECT json::JSON::VARIANT ...) TO OUT (FORMAT parquet, COMPRESSION zstd)} on an
 * NDJSON file, then prints {@code wall-seconds cpu-seconds} of the COPY alone, then the same two
 * for opening the connection, on stdout.
 *
 * <p>Only the COPY counts as DuckDB's time: opening the connection is mostly the JDBC driver
 * unpacking and loading its 60 MB native library (about 0.8 s CPU), which DuckDB's own shell does
 * not pay, and this JVM's start-up is not DuckDB's either; counting them would flatter us. CPU is
 * the whole process's, which on one DuckDB thread is DuckDB's plus a little JVM background work.
 *
 * <p>Run as {@code java -cp duckdb_jdbc.jar bench/DuckDbCopy.java IN.ndjson OUT.parquet}.
 */
public final class DuckDbCopy {
  private DuckDbCopy() {}

  public static void main(String[] args) throws Exception {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long connectCpu = os.getProcessCpuTime();
    long connectWall = System.nanoTime();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads TO 1");
      long cpu0 = os.getProcessCpuTime();
      long wall0 = System.nanoTime();
      connectCpu = cpu0 - connectCpu;
      connectWall = wall0 - connectWall;
      s.execute(
          "COPY (SELECT json::JSON::VARIANT AS variant FROM read_json_objects('"
              + args[0].replace("'", "''")
              + "', format = 'newline_delimited')) TO '"
              + args[1].replace("'", "''")
              + "' (FORMAT parquet, COMPRESSION zstd)");
      long wall = System.nanoTime() - wall0;
      long cpu = os.getProcessCpuTime() - cpu0;
      System.out.printf(
          Locale.ROOT,
          "%.3f %.3f %.3f %.3f%n",
          wall / 1e9,
          cpu / 1e9,
          connectWall / 1e9,
          connectCpu / 1e9);
    }
  }
}
