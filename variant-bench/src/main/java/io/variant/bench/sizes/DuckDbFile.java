// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.sizes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * DuckDB's auto-shredded file of an NDJSON corpus, {@link SizeTable}'s last column: {@code COPY
 * (SELECT json::JSON::VARIANT AS v FROM read_json_objects(...)) TO ... (FORMAT parquet, COMPRESSION
 * zstd)} on one thread, through JDBC.
 *
 * <p><b>Memory:</b> DuckDB is given {@code SET memory_limit} ({@link #memoryLimit()}: {@value
 * #DEFAULT_MEMORY} unless {@code -Dsizes.duckdb.memory=8GB} says otherwise). Uncapped, its COPY of
 * 10,000 npm-package rows (maps keyed by package names) took 18.8 GiB of a 23 GB machine before
 * failing; with the cap it fails alone, and the table says "failed" in its column rather than
 * losing every corpus after it.
 *
 * @param bytes the file's size; -1 if there is no file
 * @param failure DuckDB's reason, one line, if its COPY failed; {@code null} if it wrote the file
 *     or its driver is not on the class path
 */
record DuckDbFile(long bytes, String failure) {
  /** The memory limit's property; its value is DuckDB's syntax ({@code 4GB}, {@code 512MB}). */
  static final String MEMORY_PROPERTY = "sizes.duckdb.memory";

  /** DuckDB's memory limit unless {@link #MEMORY_PROPERTY} is set. */
  static final String DEFAULT_MEMORY = "4GB";

  private static final int REASON_CHARS = 300;

  /** True if DuckDB wrote its file. */
  boolean written() {
    return bytes >= 0;
  }

  /** True if DuckDB's driver was there and its COPY failed. */
  boolean failed() {
    return failure != null;
  }

  /**
   * The {@code memory_limit} DuckDB gets: {@code -Dsizes.duckdb.memory} if set, else {@value
   * #DEFAULT_MEMORY}. A fixed default, not a share of the machine, keeps DuckDB's run the same on
   * every machine; 4GB is a sixth of the 23 GB machine the table was last made on.
   */
  static String memoryLimit() {
    String set = System.getProperty(MEMORY_PROPERTY, "").strip();
    return set.isEmpty() ? DEFAULT_MEMORY : set;
  }

  /**
   * Writes DuckDB's file of the rows of {@code in} to {@code out}: its size, or why there is none.
   * A failed COPY leaves no file behind (an earlier run's is removed too).
   *
   * @throws IOException if a failed COPY's partial file cannot be removed
   */
  static DuckDbFile write(Path in, Path out, String memoryLimit) throws IOException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads TO 1");
      s.execute("SET memory_limit = '" + memoryLimit + "'");
      s.execute(
          "COPY (SELECT json::JSON::VARIANT AS v FROM read_json_objects('"
              + in
              + "', format = 'newline_delimited')) TO '"
              + out
              + "' (FORMAT parquet, COMPRESSION zstd)");
    } catch (SQLException e) {
      if (e.getMessage() != null && e.getMessage().contains("No suitable driver")) {
        return new DuckDbFile(-1, null);
      }
      Files.deleteIfExists(out);
      return new DuckDbFile(-1, reason(e.getMessage()));
    }
    return new DuckDbFile(Files.size(out), null);
  }

  /** The first line of DuckDB's message, cut to {@value #REASON_CHARS} characters. */
  static String reason(String message) {
    if (message == null || message.isBlank()) {
      return "no message";
    }
    String first = message.strip().lines().findFirst().orElse("").strip();
    return first.length() <= REASON_CHARS
        ? first
        : String.format(Locale.ROOT, "%s...", first.substring(0, REASON_CHARS));
  }
}
