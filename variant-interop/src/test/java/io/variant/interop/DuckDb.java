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

  /**
   * Column {@code column} of every row of {@code file} as DuckDB reads it, ordered by the long
   * column {@code row}, as the Variant bytes DuckDB encodes for it ({@code
   * variant_to_parquet_variant}); null: SQL NULL. Unlike JSON text, this keeps every type.
   */
  List<Variant> readVariantBytes(Path file, String column) throws SQLException {
    List<Variant> out = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT p.metadata, p.value FROM (SELECT row, variant_to_parquet_variant("
                    + column
                    + ")::STRUCT(metadata BLOB, value BLOB) AS p FROM read_parquet("
                    + literal(file)
                    + ")) ORDER BY row")) {
      while (rs.next()) {
        byte[] metadata = rs.getBytes(1);
        out.add(metadata == null ? null : Variant.of(metadata, rs.getBytes(2)));
      }
    }
    return out;
  }

  /**
   * Writes {@code corpus} to {@code file} as a {@code row BIGINT, v VARIANT} Parquet file made by
   * DuckDB from typed columns ({@code {'k': CAST(c AS T), ...}::VARIANT}); {@code copyOptions} as
   * in {@link #writeJsonAsVariant}. Values travel as text into a staging table and are cast there
   * to their DuckDB type.
   */
  void writeTyped(TypedCorpus corpus, Path file, String copyOptions) throws SQLException {
    List<String> columns = new ArrayList<>();
    for (TypedField f : corpus.fields) {
      columns.add("t_" + f.key);
    }
    for (TypedField f : corpus.objFields) {
      columns.add("o_" + f.key);
    }
    columns.add("arr");
    columns.add("mix");
    execute(
        "CREATE OR REPLACE TEMP TABLE typed_src (row BIGINT, "
            + String.join(", ", columns.stream().map(c -> c + " VARCHAR").toList())
            + ")");
    String marks = "?, ".repeat(columns.size()) + "?";
    try (PreparedStatement insert =
        connection.prepareStatement("INSERT INTO typed_src VALUES (" + marks + ")")) {
      for (int i = 0; i < corpus.rows.size(); i++) {
        TypedCorpus.Row r = corpus.rows.get(i);
        int p = 1;
        insert.setLong(p++, i);
        for (TypedField f : corpus.fields) {
          insert.setString(p++, text(f, r.top().get(f)));
        }
        for (TypedField f : corpus.objFields) {
          insert.setString(p++, text(f, r.obj().get(f)));
        }
        List<String> arr = new ArrayList<>();
        for (java.time.Instant t : r.arr()) {
          arr.add(t == null ? "NULL" : "'" + TypedField.TS.duckText(t) + "'");
        }
        insert.setString(p++, "[" + String.join(", ", arr) + "]");
        insert.setString(p, r.mix().key);
        insert.addBatch();
      }
      insert.executeBatch();
    }
    List<String> top = new ArrayList<>();
    for (TypedField f : corpus.fields) {
      top.add("'" + f.key + "': " + cast("t_", f));
    }
    List<String> obj = new ArrayList<>();
    for (TypedField f : corpus.objFields) {
      obj.add("'" + f.key + "': " + cast("o_", f));
    }
    top.add("'obj': {" + String.join(", ", obj) + "}");
    top.add("'arr': CAST(arr AS " + TypedField.TS.duckType + "[])");
    StringBuilder mix = new StringBuilder("CASE mix");
    for (TypedField f : corpus.mixFields) {
      mix.append(" WHEN '")
          .append(f.key)
          .append("' THEN ")
          .append(cast("t_", f))
          .append("::VARIANT");
    }
    top.add("'mix': " + mix + " END");
    execute(
        "COPY (SELECT row, {"
            + String.join(", ", top)
            + "}::VARIANT AS v FROM typed_src ORDER BY row) TO "
            + literal(file)
            + " (FORMAT parquet, COMPRESSION zstd"
            + (copyOptions.isEmpty() ? "" : ", " + copyOptions)
            + ")");
  }

  private static String text(TypedField f, Object value) {
    return value == null ? null : f.duckText(value);
  }

  private static String cast(String prefix, TypedField f) {
    return "CAST(" + prefix + f.key + " AS " + f.duckType + ")";
  }

  static String literal(Path file) {
    return "'" + file.toAbsolutePath().toString().replace("'", "''") + "'";
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
