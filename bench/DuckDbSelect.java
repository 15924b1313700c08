// SPDX-License-Identifier: Apache-2.0
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * DuckDB's side of {@code bench/select-vs-duckdb}: opens an in-memory DuckDB on one thread and
 * writes the given typed paths of every row of a Parquet file's VARIANT column as CSV, {@code COPY
 * (SELECT TRY_CAST(variant_extract(...) AS T), ... FROM read_parquet(FILE)) TO OUT (FORMAT csv)},
 * then prints {@code wall-seconds cpu-seconds} of the COPY alone and of opening the connection on
 * stdout. The script times the whole process around it; the COPY's own time is printed so that a
 * reader can tell DuckDB's query from the JDBC driver's start-up (unpacking and loading its native
 * library).
 *
 * <p>Run as {@code java -cp duckdb_jdbc.jar:DIR DuckDbSelect FILE OUT COLUMN PATH:TYPE...}, {@code
 * PATH} dotted ({@code user.name}), {@code TYPE} a DuckDB type ({@code BIGINT}, {@code VARCHAR}).
 */
public final class DuckDbSelect {
  private DuckDbSelect() {}

  public static void main(String[] args) throws Exception {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long connectCpu = os.getProcessCpuTime();
    long connectWall = System.nanoTime();
    List<String> columns = new ArrayList<>();
    for (int i = 3; i < args.length; i++) {
      String[] pathAndType = args[i].split(":");
      String at = args[2];
      for (String step : pathAndType[0].split("\\.")) {
        at = "variant_extract(" + at + ", '" + step + "')";
      }
      columns.add("TRY_CAST(" + at + " AS " + pathAndType[1] + ") AS \"" + args[i] + "\"");
    }
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads TO 1");
      long cpu0 = os.getProcessCpuTime();
      long wall0 = System.nanoTime();
      connectCpu = cpu0 - connectCpu;
      connectWall = wall0 - connectWall;
      s.execute(
          "COPY (SELECT "
              + String.join(", ", columns)
              + " FROM read_parquet('"
              + args[0].replace("'", "''")
              + "')) TO '"
              + args[1].replace("'", "''")
              + "' (FORMAT csv, HEADER)");
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
