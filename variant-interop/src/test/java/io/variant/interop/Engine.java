// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

/** The engines this module runs, with the versions the known differences were recorded on. */
enum Engine {
  DUCKDB("DuckDB", "v2.0.0"),
  SPARK("Spark SQL", "4.2.0");

  private final String name;

  /** The version the {@link KnownDifference}s of this engine were recorded on. */
  final String recordedVersion;

  Engine(String name, String recordedVersion) {
    this.name = name;
    this.recordedVersion = recordedVersion;
  }

  String label() {
    return name + " " + recordedVersion;
  }
}
