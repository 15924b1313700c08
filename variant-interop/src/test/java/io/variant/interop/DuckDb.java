// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;

/**
 * An in-memory DuckDB (JDBC driver, native library inside the jar) with the few statements the
 * tests need. DuckDB 2.0 has no variant_to_json: a Variant is read as {@code CAST(v AS JSON)}.
 */
final class DuckDb implements AutoCloseable {
  private final Connection connection;
  private final List<ArrowArrayStream> arrowStreams = new ArrayList<>(); // released after close

  /** Reads an Arrow stream DuckDB exports. */
  interface ArrowConsumer {
    void accept(ArrowReader rows) throws Exception;
  }

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

  /** Every row of {@code sql} as its columns' JDBC objects. */
  List<Object[]> queryRows(String sql) throws SQLException {
    List<Object[]> out = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        Object[] row = new Object[n];
        for (int c = 0; c < n; c++) {
          row[c] = rs.getObject(c + 1);
        }
        out.add(row);
      }
    }
    return out;
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
    stage(
        "src",
        List.of("j"),
        jsonRows.stream().map(j -> java.util.Collections.singletonList(j)).toList());
    copy("SELECT row, j::JSON::VARIANT AS v FROM src ORDER BY row", file, copyOptions);
  }

  /**
   * Writes the rows of {@code select} to {@code file} as Parquet (zstd); {@code copyOptions} are
   * added to COPY's options (say {@code SHREDDING {v: 'VARIANT'}}; empty: none).
   */
  void copy(String select, Path file, String copyOptions) throws SQLException {
    execute(
        "COPY ("
            + select
            + ") TO "
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
                "SELECT p.metadata, p.value, sql_null FROM (SELECT row, variant_to_parquet_variant("
                    + column
                    + ")::STRUCT(metadata BLOB, value BLOB) AS p, "
                    + column
                    + " IS NULL AS sql_null FROM read_parquet("
                    + literal(file)
                    + ")) ORDER BY row")) {
      while (rs.next()) {
        byte[] metadata = rs.getBytes(1);
        // variant_to_parquet_variant(NULL) is a Variant null, not NULL: keep DuckDB's SQL NULL
        boolean sqlNull = rs.getBoolean(3) || metadata == null;
        out.add(sqlNull ? null : Variant.of(metadata, rs.getBytes(2)));
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
    List<List<String>> rows = new ArrayList<>();
    for (TypedCorpus.Row r : corpus.rows) {
      List<String> values = new ArrayList<>();
      for (TypedField f : corpus.fields) {
        values.add(text(f, r.top().get(f)));
      }
      for (TypedField f : corpus.objFields) {
        values.add(text(f, r.obj().get(f)));
      }
      List<String> arr = new ArrayList<>();
      for (java.time.Instant t : r.arr()) {
        arr.add(t == null ? "NULL" : "'" + TypedField.TS.duckText(t) + "'");
      }
      values.add("[" + String.join(", ", arr) + "]");
      values.add(r.mix().key);
      rows.add(values);
    }
    stage("typed_src", columns, rows);
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
    copy(
        "SELECT row, {" + String.join(", ", top) + "}::VARIANT AS v FROM typed_src ORDER BY row",
        file,
        copyOptions);
  }

  /**
   * Creates table {@code table} of a {@code row BIGINT} and the VARCHAR {@code columns}, and
   * appends {@code rows} (row i numbered i; null: NULL) through DuckDB's appender, which is much
   * faster than batched INSERTs.
   */
  private void stage(String table, List<String> columns, List<List<String>> rows)
      throws SQLException {
    execute(
        "CREATE OR REPLACE TABLE "
            + table
            + " (row BIGINT, "
            + String.join(", ", columns.stream().map(c -> c + " VARCHAR").toList())
            + ")");
    try (DuckDBAppender appender =
        connection.unwrap(DuckDBConnection.class).createAppender(table)) {
      for (int i = 0; i < rows.size(); i++) {
        appender.beginRow().append((long) i);
        for (String v : rows.get(i)) {
          if (v == null) {
            appender.appendNull();
          } else {
            appender.append(v);
          }
        }
        appender.endRow();
      }
    }
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

  /**
   * Registers {@code batches} as the view {@code name}, through the Arrow C stream interface:
   * DuckDB scans the stream once, by the first query that reads the view. The stream is released
   * when this connection closes.
   */
  void registerArrow(String name, ArrowReader batches, BufferAllocator allocator) {
    ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator);
    arrowStreams.add(stream);
    Data.exportArrayStream(allocator, batches, stream);
    try {
      connection.unwrap(DuckDBConnection.class).registerArrowStream(name, stream);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The rows of {@code sql} as the Arrow stream DuckDB exports, batches of up to 1024 rows. */
  void exportArrow(String sql, BufferAllocator allocator, ArrowConsumer consumer) throws Exception {
    try (Statement s = connection.createStatement();
        DuckDBResultSet rs = (DuckDBResultSet) s.executeQuery(sql);
        ArrowReader rows = (ArrowReader) rs.arrowExportStream(allocator, 1024)) {
      consumer.accept(rows);
    }
  }

  @Override
  public void close() throws SQLException {
    try {
      connection.close();
    } finally {
      arrowStreams.forEach(ArrowArrayStream::close);
    }
  }
}
