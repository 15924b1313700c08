// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.guard.GuardedInputFile;
import java.io.IOException;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.InputFile;

/**
 * One row of a Parquet file as stored: each column's values as parquet-java's example reader of
 * plain groups assembles them, for {@code inspect} to tell which columns a Variant's parts came
 * from. It reads through the guard, as every reader does, and a row it cannot read is bad input
 * naming the file and the row: parquet-java's reader is stricter than ours in places (a dictionary
 * claiming an entry more than it holds), and its failures had ended {@code inspect} as an internal
 * error.
 */
final class StoredRow {
  private StoredRow() {}

  /**
   * Row {@code row} (from 1) of {@code parquet}'s column {@code col}, or null if the file has fewer
   * rows.
   *
   * @throws InputException if the file is damaged or cannot be read
   */
  static Group of(ParquetFile parquet, String col, long row) {
    try {
      GuardedInputFile in = GuardedInputFile.open(parquet.inputFile(), parquet.name());
      try (ParquetReader<Group> groups = new GroupRows(in.withChecksums()).build()) {
        Group g = null;
        for (long i = 0; i < row; i++) {
          g = groups.read();
        }
        return g == null ? null : g.getGroup(col, 0);
      }
    } catch (VariantParquetException e) {
      throw parquet.error(e);
    } catch (IOException e) {
      try {
        GuardedInputFile.throwIfDamaged(e, parquet.name(), row - 1);
      } catch (VariantParquetException damaged) {
        throw parquet.error(damaged);
      }
      throw Input.readFailure(parquet.name(), 0, e);
    } catch (RuntimeException e) {
      throw parquet.error(VariantParquetException.reading(parquet.name(), row - 1, e));
    }
  }

  /** parquet-java's example reader of plain groups, without Hadoop's file system. */
  private static final class GroupRows extends ParquetReader.Builder<Group> {
    GroupRows(InputFile file) {
      // page CRCs checked, as our readers check them
      super(file, GuardedInputFile.verifyChecksums(new PlainParquetConfiguration()));
    }

    @Override
    protected ReadSupport<Group> getReadSupport() {
      return new GroupReadSupport();
    }
  }
}
