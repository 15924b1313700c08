// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import org.apache.parquet.VersionParser;
import org.apache.parquet.VersionParser.ParsedVersion;

/**
 * A file's {@code created_by} parsed as parquet-java's {@code ColumnReadStoreImpl} parses it for
 * its column readers, which tells the page decoders which known writer bugs to work around
 * (PARQUET-246's delta byte arrays). <b>Thread safety:</b> safe.
 */
public final class WriterVersion {
  /** A {@code created_by} and its parse ({@code null} if unparseable); immutable, so shareable. */
  private record Parsed(String createdBy, ParsedVersion version) {}

  // the last writer parsed, by any thread: a stale or lost update only costs a parse
  private static volatile Parsed last;

  private WriterVersion() {}

  /** The parse of {@code createdBy}, or {@code null} if it is null or unparseable. */
  public static ParsedVersion parse(String createdBy) {
    if (createdBy == null) {
      return null;
    }
    // Files of one process nearly always share one writer: its regex parse was 2-3% of a
    // projected read of a 3,000-row file, paid again on every open.
    Parsed known = last;
    if (known != null && known.createdBy.equals(createdBy)) {
      return known.version;
    }
    ParsedVersion version;
    try {
      version = VersionParser.parse(createdBy);
    } catch (RuntimeException | VersionParser.VersionParseException e) {
      version = null;
    }
    last = new Parsed(createdBy, version);
    return version;
  }
}
