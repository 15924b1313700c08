// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.testkit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Statistics;

/**
 * A copy of a Parquet file whose footer states other statistics, as an old or faulty writer would
 * have written them: the pages stay as they are ({@link ForgedFooterFile}), so a reader that trusts
 * the statistics where they do not bound the values skips rows that match. For the tests of what
 * row-group pruning trusts.
 */
public final class ForgedStatistics {
  private ForgedStatistics() {}

  /**
   * Writes {@code from} to {@code to} with its footer as {@code change} leaves it; returns {@code
   * to}.
   */
  public static Path write(Path from, Path to, Consumer<FileMetaData> change) throws IOException {
    return ForgedFooterFile.write(from, to, change);
  }

  /**
   * Calls {@code change} with the statistics of each chunk of {@code column} (its dotted path) and
   * the index of its row group.
   *
   * @throws IllegalArgumentException if no chunk has that path, or one has no statistics
   */
  public static void chunks(FileMetaData footer, String column, ObjIntConsumer<Statistics> change) {
    int found = 0;
    for (int g = 0; g < footer.getRow_groups().size(); g++) {
      for (ColumnChunk c : footer.getRow_groups().get(g).getColumns()) {
        List<String> path = c.getMeta_data().getPath_in_schema();
        if (String.join(".", path).equals(column)) {
          Statistics s = c.getMeta_data().getStatistics();
          if (s == null) {
            throw new IllegalArgumentException("no statistics for " + column + " in group " + g);
          }
          change.accept(s, g);
          found++;
        }
      }
    }
    if (found == 0) {
      throw new IllegalArgumentException("no column " + column);
    }
  }
}
