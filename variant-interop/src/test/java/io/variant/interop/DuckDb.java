package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * An in-memory DuckDB (JDBC driver, native library inside the jar) with the few statements the
 * tests need. DuckDB 2.0 has no variant_to_json: a Variant is read as {@code CAST(v AS JSON)}.
 */
final class DuckDb implements AutoCloseable {
  private final Connection connection;

  private DuckDb(Connection connection) {
    this.connection = connection;
  }

  static DuckDb open() throws SQLException {
    DuckDb db = new DuckDb(DriverManager.getConnection("jdbc:duckdb:"));
    db.execute("SET threads = 1"); // the CI machine has two cores shared with the rest of the build
    return db;
  }

  /** Fails unless this is the DuckDB version the known differences were recorded on. */
  void requireRecordedVersion() throws SQLException {
    assertEquals(
        Engine.DUCKDB.recordedVersion,
        version(),
        "DuckDB version changed: re-run the interop tests and update KnownDifference for it");
  }

  String version() throws SQLException {
    return queryStrings("SELECT version()").get(0);
  }

  void execute(String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }

  List<String> queryStrings(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /**
   * Column {@code column} of every row of {@code file} as DuckDB reads it, ordered by the long
   * column {@code row}, each parsed from DuckDB's JSON text (null: SQL NULL).
   */
  List<Variant> readVariants(Path file, String column) throws SQLException {
    List<Variant> out = new ArrayList<>();
    for (String json :
        queryStrings(
            "SELECT CAST("
                + column
                + " AS JSON) FROM read_parquet("
                + literal(file)
                + ") ORDER BY row")) {
      out.add(json == null ? null : VariantJson.parse(json));
    }
    return out;
  }

  /**
   * Writes {@code jsonRows} to {@code file} as a {@code row BIGINT, v VARIANT} Parquet file made by
   * DuckDB from JSON text ({@code j::JSON::VARIANT}); {@code copyOptions} are added to COPY's
   * options (say {@code SHREDDING {v: 'STRUCT(a INTEGER)'}}).
   */
  void writeJsonAsVariant(List<String> jsonRows, Path file, String copyOptions)
      throws SQLException {
    execute("CREATE OR REPLACE TEMP TABLE src (row BIGINT, j VARCHAR)");
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO src VALUES (?, ?)")) {
      for (int i = 0; i < jsonRows.size(); i++) {
        insert.setLong(1, i);
        insert.setString(2, jsonRows.get(i));
        insert.addBatch();
      }
      insert.executeBatch();
    }
    execute(
        "COPY (SELECT row, j::JSON::VARIANT AS v FROM src ORDER BY row) TO "
            + literal(file)
            + " (FORMAT parquet, COMPRESSION zstd"
            + (copyOptions.isEmpty() ? "" : ", " + copyOptions)
            + ")");
  }

  static String literal(Path file) {
    return "'" + file.toAbsolutePath().toString().replace("'", "''") + "'";
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
