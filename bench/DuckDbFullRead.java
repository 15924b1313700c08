// SPDX-License-Identifier: Apache-2.0
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;

/**
 * A cross-check for the full-read row (inferred against unshredded layout) in another engine:
 * DuckDB, on one thread, reads every row of each given Parquet file (one VARIANT column, e.g.
 * {@code bench/sizes}' inferred, unshredded and DuckDB files of the same rows) and hashes each
 * Variant, so every value is rebuilt from its columns. Files are read in turn, round after round;
 * the first round warms up and is not counted. Prints the median milliseconds per file.
 *
 * <p>Why it exists: our own reader hands out Variant bytes, which the unshredded layout stores
 * verbatim, so a shredded file can only be slower there; an engine that keeps Variants in columns
 * of its own shows what the layout itself costs a full read.
 *
 * <p>Run as {@code java -cp duckdb_jdbc.jar bench/DuckDbFullRead.java ROUNDS FILE...}.
 */
public final class DuckDbFullRead {
  private DuckDbFullRead() {}

  public static void main(String[] args) throws Exception {
    int rounds = Integer.parseInt(args[0]);
    String[] files = Arrays.copyOfRange(args, 1, args.length);
    long[][] millis = new long[files.length][rounds];
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads TO 1");
      for (int round = -1; round < rounds; round++) {
        for (int f = 0; f < files.length; f++) {
          // COLUMNS(*): the column is named differently by each writer; each file has only one.
          String sql =
              "SELECT count(*) FROM read_parquet('"
                  + files[f].replace("'", "''")
                  + "') WHERE hash(COLUMNS(*)) <> 0";
          long start = System.nanoTime();
          try (ResultSet r = s.executeQuery(sql)) {
            r.next();
            r.getLong(1);
          }
          if (round >= 0) {
            millis[f][round] = (System.nanoTime() - start) / 1_000_000;
          }
        }
      }
    }
    for (int f = 0; f < files.length; f++) {
      long[] m = millis[f].clone();
      Arrays.sort(m);
      System.out.printf(
          Locale.ROOT, "%s: median %d ms of %d rounds %s%n", files[f], m[m.length / 2], rounds,
          Arrays.toString(millis[f]));
    }
  }
}
