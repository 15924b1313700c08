// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.conformance;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One entry of parquet-testing's {@code shredded_variant/cases.json}. Exactly one of these holds:
 * {@link #isPlaceholder()} (only a number), {@link #isError()}, or {@link #variantFiles} lists the
 * expected file of each row, {@code null} for an SQL NULL row.
 */
record ConformanceCase(
    int number,
    String test,
    String parquetFile,
    List<String> variantFiles,
    String errorMessage,
    String notes) {

  boolean isPlaceholder() {
    return parquetFile == null;
  }

  boolean isError() {
    return errorMessage != null;
  }

  /** An {@code -INVALID} file: the reader may fail or return the expected value. */
  boolean isInvalidButReadable() {
    return parquetFile != null && parquetFile.contains("-INVALID");
  }

  /** {@code case 040 testArrayWithElementValueTypedValueConflict}. */
  String displayName() {
    return String.format("case %03d %s", number, test == null ? "(placeholder)" : test);
  }

  /** Reads every entry with jackson-core's streaming parser. */
  static List<ConformanceCase> readAll(Path casesJson) throws IOException {
    List<ConformanceCase> cases = new ArrayList<>();
    try (JsonParser p = new JsonFactory().createParser(casesJson.toFile())) {
      expect(p.nextToken(), JsonToken.START_ARRAY, p);
      while (p.nextToken() == JsonToken.START_OBJECT) {
        cases.add(readOne(p));
      }
    }
    return cases;
  }

  private static ConformanceCase readOne(JsonParser p) throws IOException {
    int number = -1;
    String test = null;
    String parquetFile = null;
    String variantFile = null;
    List<String> variantFiles = null;
    String error = null;
    String notes = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken t = p.nextToken();
      switch (field) {
        case "case_number" -> number = p.getIntValue();
        case "test" -> test = p.getText();
        case "parquet_file" -> parquetFile = p.getText();
        case "variant_file" -> variantFile = p.getText();
        case "error_message" -> error = p.getText();
        case "notes" -> notes = p.getText();
        case "variant_files" -> {
          expect(t, JsonToken.START_ARRAY, p);
          variantFiles = new ArrayList<>();
          for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
            variantFiles.add(e == JsonToken.VALUE_NULL ? null : p.getText());
          }
        }
        case "variant", "variants" -> {} // informational strings; the .bin files are the oracle
        default ->
            throw new IOException(
                "Unknown key \"" + field + "\" in cases.json at " + p.currentLocation());
      }
    }
    if (variantFile != null) {
      variantFiles = List.of(variantFile);
    }
    return new ConformanceCase(number, test, parquetFile, variantFiles, error, notes);
  }

  private static void expect(JsonToken actual, JsonToken expected, JsonParser p)
      throws IOException {
    if (actual != expected) {
      throw new IOException(
          "Expected "
              + expected
              + " in cases.json at "
              + p.currentLocation()
              + ", found "
              + actual);
    }
  }
}
